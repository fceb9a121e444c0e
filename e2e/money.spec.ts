import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import { Dec } from '../lib/money/decimal';
import { expect, expectNoAxeViolations, storageStatePath, test } from './fixtures';

// Money movement as finance staff: quote → confirm → settled swap, expiry and drift, exactly-once confirm, PIX
// deposit, transfers; and the refusals a viewer gets. Amounts are checked against the console's own API
// (GET /api/balances, GET /api/operations — both read the service), never against what the page says.

const MAIN = 'Acme Importação Ltda';
const TREASURY = 'Acme Importação Ltda — Tesouraria';
const ONBOARDING = 'Acme Comércio Exterior Ltda';
const SHOTS = 'screenshots/money';

type Amount = { value: string; asset: string; decimals: number };

async function accountIds(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/api/accounts?limit=100&sortOrder=ASCENDING');
  expect(res.ok(), await res.text()).toBe(true);
  const { data } = (await res.json()) as { data: Array<{ id: string; owner: { legalName: string } }> };
  return Object.fromEntries(data.map((a) => [a.owner.legalName, a.id]));
}

async function balances(request: APIRequestContext, accountId: string): Promise<Record<string, string>> {
  const res = await request.get(`/api/balances?accountId=${accountId}`);
  expect(res.ok(), await res.text()).toBe(true);
  const { data } = (await res.json()) as { data: { fiat: { amount: Amount | null }[]; crypto: { amount: Amount | null }[] } };
  return Object.fromEntries([...data.fiat, ...data.crypto].flatMap((e) => (e.amount ? [[e.amount.asset, e.amount.value]] : [])));
}

/**
 * The balances once no operation of the account is still moving: on a fresh server the demo seed's deposit (and its
 * swap, transfer and withdrawal) settle on the sandbox's background loop a few seconds after start-up, and a balance
 * read before that would count the seed's deposit as this test's doing (when this spec is the first to run).
 */
async function settledBalances(request: APIRequestContext, accountId: string): Promise<Record<string, string>> {
  await expect
    .poll(
      async () => {
        let moving = 0;
        for (const status of ['REQUESTED', 'PROCESSING']) {
          const res = await request.get(`/api/operations?accountId=${accountId}&status=${status}&limit=1`);
          expect(res.ok(), await res.text()).toBe(true);
          moving += ((await res.json()) as { data: unknown[] }).data.length;
        }
        return moving;
      },
      { timeout: 60_000, message: 'the account still has operations in flight' },
    )
    .toBe(0);
  return balances(request, accountId);
}

async function swapsOfQuote(request: APIRequestContext, accountId: string, quoteId: string, since: string): Promise<string[]> {
  const res = await request.get(`/api/operations?intentType=SWAP&accountId=${accountId}&createdFrom=${encodeURIComponent(since)}&limit=100`);
  expect(res.ok(), await res.text()).toBe(true);
  const { data } = (await res.json()) as { data: Array<{ id: string; quote: { id: string } }> };
  return data.filter((op) => op.quote.id === quoteId).map((op) => op.id);
}

/** The key playwright.config.ts gives the e2e server's sandbox (SANDBOX_ADMIN_KEY) for its clock helper. */
const SANDBOX_ADMIN_KEY = process.env.E2E_SANDBOX_ADMIN_KEY ?? 'e2e-sandbox-admin-key-not-secret';

/** Advances the sandbox's clock (its test helper), which expires quotes and moves the mid rates. */
async function advanceSandboxClock(request: APIRequestContext, baseURL: string, seconds: number): Promise<void> {
  const res = await request.post(`${baseURL}/sandbox/_sandbox/clock/advance`, {
    headers: { 'X-Idempotency-Key': crypto.randomUUID(), 'X-Sandbox-Admin-Key': SANDBOX_ADMIN_KEY },
    data: { seconds },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function fillConvert(page: Page, opts: { sell: string; buy: string; amount: string; side?: 'sell' | 'buy' }) {
  await page.getByLabel('Account', { exact: true }).selectOption({ label: MAIN });
  await page.getByLabel('You sell', { exact: true }).selectOption(opts.sell);
  await page.getByLabel('You buy', { exact: true }).selectOption(opts.buy);
  if (opts.side === 'buy') await page.getByLabel('The amount you buy').check();
  await page.getByRole('textbox', { name: /Amount to (sell|buy)/ }).fill(opts.amount);
}

/** Server-action POSTs of this page (the Next-Action header names the action). */
const isAction = (r: Request) => r.method() === 'POST' && Boolean(r.headers()['next-action']);

/** Gets a quote (a new one: its id differs from the one shown before) and returns what the page shows. */
async function getQuote(page: Page): Promise<{ id: string; pay: string; receive: string; rate: string }> {
  const pay = page.getByTestId('quote-pay');
  const previous = (await pay.count()) > 0 ? await pay.getAttribute('data-quote-id') : null;
  await page.getByRole('button', { name: /^(Get a quote|Get a new quote)$/ }).first().click();
  await expect(pay).toHaveAttribute('data-quote-id', /^[0-9a-f-]{36}$/);
  if (previous) await expect(pay).not.toHaveAttribute('data-quote-id', previous);
  const receive = page.getByTestId('quote-receive');
  return {
    id: (await pay.getAttribute('data-quote-id'))!,
    pay: (await page.getByTestId('quote-pay').getAttribute('data-value'))!,
    receive: (await receive.getAttribute('data-value'))!,
    rate: (await page.getByTestId('quote-rate').getAttribute('data-value'))!,
  };
}

/** The idempotency keys of the successful audit rows of `action` on `target` (admin's audit export, CSV). */
async function auditedKeys(request: APIRequestContext, action: string, target: string): Promise<string[]> {
  const res = await request.get(`/api/audit/export?action=${action}&target=${target}&outcome=success`);
  expect(res.ok(), await res.text()).toBe(true);
  const rows = (await res.text()).trim().split(/\r?\n/).slice(1);
  const keys = rows.map((row) => /,success,([0-9a-f-]{36}),/.exec(row)?.[1] ?? '');
  expect(keys.length, `audit rows of ${action} on ${target}`).toBeGreaterThanOrEqual(1);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
  return keys;
}

/** Replays a captured server-action request with another request context (another tab, another user). */
function replay(request: APIRequestContext, captured: Request, path: string, origin: string) {
  return request.post(path, {
    headers: {
      'Next-Action': captured.headers()['next-action'],
      'Content-Type': captured.headers()['content-type'] ?? 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
      Origin: origin,
    },
    data: captured.postData() ?? '',
    maxRedirects: 0,
  });
}

test.describe('money movement (finance)', () => {
  test('quote → confirm → COMPLETED on screen; balances moved by exactly the quoted amounts', async ({ financePage: page }) => {
    const ids = await accountIds(page.request);
    const before = await settledBalances(page.request, ids[MAIN]);
    await page.goto('/convert');
    await expect(page.getByRole('heading', { level: 1, name: 'Convert' })).toBeVisible();
    await expect(page.getByText(/^Available: /)).toBeVisible();
    await fillConvert(page, { sell: 'BRL', buy: 'USD', amount: '1000.00' });
    const quote = await getQuote(page);
    expect(quote.pay).toBe('1000.00');
    // The spread is measured against the service's mid rate (the sandbox's documented extension): 0.5 %.
    await expect(page.getByTestId('quote-spread')).toHaveText(/^50\.00 bps \(mid /);
    await expect(page.getByRole('timer')).toHaveText(/Rate locked for \d+ more seconds?/);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Review and confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm the conversion' })).toBeVisible();
    // One countdown: the confirm step shows the same clock, still running (it did not restart at 30).
    await expect(page.getByRole('timer')).toHaveAttribute('data-expired', 'false');
    await page.getByRole('button', { name: 'Confirm conversion' }).click();

    const result = page.getByTestId('swap-result');
    await expect(result).toHaveAttribute('data-status', 'COMPLETED', { timeout: 20_000 });
    await expect(result.getByText('The conversion is complete.')).toBeVisible();
    await expect(result.getByRole('link', { name: 'Open the operation' })).toHaveAttribute('href', /^\/operations\/[0-9a-f-]{36}$/);

    const after = await balances(page.request, ids[MAIN]);
    expect(after.BRL).toBe(new Dec(before.BRL).minus(quote.pay).toFixed(2));
    expect(after.USD).toBe(new Dec(before.USD).plus(quote.receive).toFixed(2));
    await expect(result.getByTestId('balance-USD')).toHaveAttribute('data-value', after.USD);
    await expectNoAxeViolations(page);
  });

  test('a quote the service let expire cannot be confirmed; a new quote shows the drift in bps', async ({ financePage: page, baseURL }) => {
    await page.goto('/convert');
    await fillConvert(page, { sell: 'USD', buy: 'BRL', amount: '100.00', side: 'buy' });
    const first = await getQuote(page);
    expect(first.receive).toBe('100.00');
    // 31 s on the service's clock: the quote is past its 30 s, and the mid rates moved three 10 s steps.
    await advanceSandboxClock(page.request, baseURL!, 31);
    await page.getByRole('button', { name: 'Review and confirm' }).click();
    await page.getByRole('button', { name: 'Confirm conversion' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The quote has expired. Get a new quote.' })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveAttribute('data-expired', 'true');
    await expect(page.getByRole('button', { name: 'Confirm conversion' })).toBeDisabled();

    const second = await getQuote(page);
    const drift = page.getByTestId('quote-drift');
    await expect(drift).toBeVisible();
    const expected = new Dec(second.rate).minus(first.rate).div(first.rate).times(10_000).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
    await expect(drift).toHaveAttribute('data-bps', expected);
    await expect(drift).toHaveText(/rate (moved [+−-]?[\d.]+ bps|has not moved)/);
    // The service's clock is now 31 s ahead of the browser's: the countdown, corrected for that, still has most of
    // its 30 s (an uncorrected one would read the new quote as expired already).
    const timer = page.getByRole('timer');
    await expect(timer).toHaveAttribute('data-expired', 'false');
    const seconds = Number(/(\d+) more second/.exec((await timer.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(20);
  });

  test('a double click on confirm and a replayed confirm create exactly one swap, audited with its key', async ({ financePage: page, adminPage }) => {
    const ids = await accountIds(page.request);
    const since = new Date(Date.now() - 60_000).toISOString();
    await page.goto('/convert');
    await fillConvert(page, { sell: 'BRL', buy: 'USD', amount: '10.00' });
    const quote = await getQuote(page);
    expect(quote.id).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Review and confirm' }).click();
    const confirmRequest = page.waitForRequest(isAction);
    await page.getByRole('button', { name: 'Confirm conversion' }).dblclick();
    const captured = await confirmRequest;
    await expect(page.getByTestId('swap-result')).toBeVisible();
    // The same confirm again, as a retry after a time-out or a second tab would send it.
    const url = new URL(page.url());
    const again = await replay(page.request, captured, url.pathname, url.origin);
    expect(again.status()).toBe(200);
    const swaps = await swapsOfQuote(page.request, ids[MAIN], quote.id, since);
    expect(swaps).toHaveLength(1);
    expect(await again.text()).toContain(swaps[0]);

    // The audit log has the swap with its operation id as target and one idempotency key (the quote's) on every row.
    expect(new Set(await auditedKeys(adminPage.request, 'convert.swap', swaps[0])).size).toBe(1);
  });

  test('deposit → PIX instructions with QR → simulate payment → COMPLETED', async ({ financePage: page }) => {
    await page.goto('/deposits/new');
    await page.getByLabel('Account to credit').selectOption({ label: MAIN });
    await page.getByLabel('Asset to credit').selectOption('BRL');
    await page.getByLabel('Amount to credit (BRL)').fill('250.00');
    await page.getByRole('button', { name: 'Get payment instructions' }).click();
    await expect(page).toHaveURL(/\/deposits\/[0-9a-f-]{36}$/);
    // A deposit's own page sits under the Deposit section: that item, and no other, is the current page.
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveText('Deposit');
    const deposit = page.getByTestId('deposit');
    await expect(page.getByTestId('deposit-amount')).toHaveAttribute('data-value', '250.00');
    await expect(page.getByTestId('deposit-key')).toHaveText(/^[0-9a-f-]{36}$/);
    await expect(page.getByTestId('deposit-brcode')).toHaveText(/^000201.*6304[0-9A-F]{4}$/);
    await expect(page.getByRole('img', { name: /QR code of the PIX BR Code for R\$250\.00/ })).toBeVisible();
    // The demo customer is an auto customer: the sandbox also pays deposits by itself a few seconds after
    // creation, so the button may be gone already on a slow machine; either way the deposit completes on screen.
    await page.getByRole('button', { name: 'Simulate payment' }).click({ timeout: 3_000 }).catch(() => undefined);
    await expect(deposit).toHaveAttribute('data-status', 'COMPLETED', { timeout: 20_000 });
    await expect(page.getByText('The payment arrived and the deposit is complete.')).toBeVisible();
    await expect(page.getByTestId('simulate-payment')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('transfer between the two demo accounts → the operation page, audited', async ({ financePage: page, adminPage }) => {
    const ids = await accountIds(page.request);
    const before = await settledBalances(page.request, ids[TREASURY]);
    await page.goto('/transfers/new');
    await page.getByLabel('From account').selectOption({ label: MAIN });
    await page.getByLabel('To account').selectOption({ label: TREASURY });
    await page.getByLabel('Asset').selectOption('BRL');
    await page.getByLabel('Amount (BRL)').fill('12.34');
    await expectNoAxeViolations(page);
    // Reviewed first (e2e/money-review.spec.ts covers the review itself), then confirmed.
    await page.getByRole('button', { name: 'Review transfer' }).click();
    await page.getByRole('button', { name: 'Confirm transfer' }).click();
    await expect(page).toHaveURL(/\/operations\/[0-9a-f-]{36}$/);
    const operationId = page.url().split('/').pop()!;
    await expect
      .poll(async () => (await balances(page.request, ids[TREASURY])).BRL, { timeout: 20_000 })
      .toBe(new Dec(before.BRL).plus('12.34').toFixed(2));
    const res = await page.request.get(`/api/operations?intentType=TRANSFER&accountId=${ids[MAIN]}&limit=20`);
    const { data } = (await res.json()) as { data: Array<{ id: string; intent: { targetAccount?: { id: string } } }> };
    expect(data.find((op) => op.id === operationId)?.intent.targetAccount?.id).toBe(ids[TREASURY]);
    expect(await auditedKeys(adminPage.request, 'transfers.create', operationId)).toHaveLength(1);
  });

  test('a transfer to an account that is not active is refused with a sentence', async ({ financePage: page }) => {
    await page.goto('/transfers/new');
    await page.getByLabel('From account').selectOption({ label: MAIN });
    await page.getByLabel('To account').selectOption({ label: `${ONBOARDING} (not active)` });
    await expect(page.getByText(/The account to credit is not active \(status [\w ]+\), so it cannot receive transfers\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review transfer' })).toBeDisabled();
  });
});

test.describe('money movement (viewer)', () => {
  test('a viewer sees no Move money, gets 403 on the pages, and a replayed action is refused', async ({ viewerPage, financePage, baseURL }) => {
    await viewerPage.goto('/');
    await expect(viewerPage.getByRole('navigation').first()).toBeVisible();
    // The Move money group still holds Payouts (readable by every role); its money-moving pages are not offered.
    const nav = viewerPage.getByRole('navigation', { name: 'Main' });
    for (const name of ['Convert', 'Deposit', 'Transfer']) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    for (const path of ['/convert', '/deposits/new', '/transfers/new']) {
      const res = await viewerPage.goto(path);
      expect(res?.status(), path).toBe(403);
    }
    await expectNoAxeViolations(viewerPage);

    // A finance user's real "get a quote" call, replayed with the viewer's session.
    await financePage.goto('/convert');
    await fillConvert(financePage, { sell: 'BRL', buy: 'USD', amount: '5.00' });
    const captured = financePage.waitForRequest(isAction);
    await financePage.getByRole('button', { name: 'Get a quote' }).click();
    const refused = await replay(viewerPage.request, await captured, '/convert', new URL(baseURL!).origin);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).not.toMatch(/"quote"/);
  });
});

async function shotsFor(browser: Browser, baseURL: string, locale: 'en-US' | 'pt-BR', width: number) {
  const context = await browser.newContext({ storageState: storageStatePath('finance', baseURL!), baseURL, locale, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const tag = `${locale}-${width}`;
  await page.goto('/convert');
  await page.locator('#convert-amount').fill('1000');
  await page.locator('main form:has(#convert-amount) button[type="submit"]').click();
  await expect(page.getByTestId('quote-receive')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/convert-quote-${tag}.png`, fullPage: true });
  await page.getByTestId('quote-review').click();
  await page.screenshot({ path: `${SHOTS}/convert-confirm-${tag}.png`, fullPage: true });
  await page.getByRole('button', { name: /^(Confirm conversion|Confirmar conversão)$/ }).click();
  await expect(page.getByTestId('swap-result')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/convert-result-${tag}.png`, fullPage: true });
  await page.goto('/transfers/new');
  await page.screenshot({ path: `${SHOTS}/transfer-${tag}.png`, fullPage: true });
  await page.goto('/deposits/new');
  await page.locator('#deposit-amount').fill('75');
  await page.locator('main form button[type="submit"]').click();
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/deposit-${tag}.png`, fullPage: true });
  await context.close();
}

// ~50 s on the shared 2-core machine, over the section's e2e budget: run on demand (MONEY_SCREENSHOTS=1) and
// look at screenshots/money/*.png.
test('screenshots: convert, deposit and transfer at desktop and 390 px, en and pt-BR', async ({ browser, baseURL }) => {
  test.skip(!process.env.MONEY_SCREENSHOTS, 'screenshots on demand: MONEY_SCREENSHOTS=1');
  test.setTimeout(90_000);
  for (const locale of ['en-US', 'pt-BR'] as const) {
    for (const width of [1280, 390]) await shotsFor(browser, baseURL!, locale, width);
  }
});
