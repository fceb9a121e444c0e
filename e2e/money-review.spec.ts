import type { APIRequestContext, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { SandboxApi } from './helpers/sandbox';

/**
 * Waits until the service has settled an operation this journey started: money still in flight when the test ends
 * would land in a later journey that compares balances to the cent (money.spec.ts).
 */
async function settled(request: APIRequestContext, baseURL: string, operationId: string): Promise<void> {
  const api = await SandboxApi.asDemo(request, baseURL);
  await expect
    .poll(async () => (await api.call<{ currentState: { status: string } }>('GET', `api/operations/${operationId}`)).currentState.status, {
      timeout: 30_000,
    })
    .toMatch(/^(COMPLETED|FAILED|CANCELED|CANCELLED|EXPIRED)$/);
}

/**
 * What a finance user sees before money moves (issue 26, items 7 and 8): a deposit in another asset shows its quote
 * (amounts, rate, fee, a countdown) before it exists and cannot be created from an expired one; a transfer is
 * reviewed (from, to, amounts, fee), can go back to edit, and one confirm — however often clicked — is one transfer.
 * What was created is checked against the console's own API, not against the page.
 */

const MAIN = 'Acme Importação Ltda';
const TREASURY = 'Acme Importação Ltda — Tesouraria';
const SANDBOX_ADMIN_KEY = process.env.E2E_SANDBOX_ADMIN_KEY ?? 'e2e-sandbox-admin-key-not-secret';

async function accountIds(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/api/accounts?limit=100&sortOrder=ASCENDING');
  expect(res.ok(), await res.text()).toBe(true);
  const { data } = (await res.json()) as { data: Array<{ id: string; owner: { legalName: string } }> };
  return Object.fromEntries(data.map((a) => [a.owner.legalName, a.id]));
}

async function operationsSince(request: APIRequestContext, type: string, accountId: string, since: string): Promise<string[]> {
  const res = await request.get(`/api/operations?intentType=${type}&accountId=${accountId}&createdFrom=${encodeURIComponent(since)}&limit=100`);
  expect(res.ok(), await res.text()).toBe(true);
  const { data } = (await res.json()) as { data: Array<{ id: string }> };
  return data.map((op) => op.id);
}

const isAction = (r: Request) => r.method() === 'POST' && Boolean(r.headers()['next-action']);

test('a deposit in USD shows its quote before it exists: rate, fee, countdown; an expired quote creates nothing', async ({ financePage: page, baseURL }) => {
  const ids = await accountIds(page.request);
  const since = new Date(Date.now() - 1_000).toISOString();
  await page.goto('/deposits/new');
  await page.getByLabel('Account to credit').selectOption({ label: MAIN });
  await page.getByLabel('Asset to credit').selectOption('USD');
  await page.getByLabel('Amount to credit (USD)').fill('100.00');
  // Nothing is created by asking: the first button only quotes.
  await expect(page.getByRole('button', { name: 'Get payment instructions' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Get a quote' }).click();

  const quote = page.getByTestId('deposit-quote');
  await expect(quote).toBeVisible();
  await expect(page.getByTestId('quote-receive')).toHaveAttribute('data-value', '100.00');
  await expect(page.getByTestId('quote-pay')).toHaveAttribute('data-value', /^\d+\.\d{2}$/);
  await expect(page.getByTestId('quote-pay')).toContainText('R$');
  await expect(page.getByTestId('quote-rate')).toHaveText(/^1 BRL = 0\.\d+ USD$/);
  await expect(page.getByTestId('quote-fees')).not.toHaveText('No fee');
  await expect(page.getByTestId('quote-spread')).toHaveAttribute('data-bps', /^\d/);
  const countdown = page.getByTestId('quote-countdown');
  await expect(countdown).toHaveAttribute('data-expired', 'false');
  await expect(countdown).toHaveText(/^Rate locked for \d+ more seconds?$/);
  // An honest countdown: it runs down.
  const first = Number(/\d+/.exec((await countdown.textContent())!)![0]);
  await expect.poll(async () => Number(/\d+/.exec((await countdown.textContent()) ?? '0')?.[0] ?? 0), { timeout: 5_000 }).toBeLessThan(first);
  await expectNoAxeViolations(page);
  expect(await operationsSince(page.request, 'DEPOSIT', ids[MAIN], since)).toHaveLength(0);

  // The service's clock passes the quote's expiry: creating from it is refused and the countdown says expired.
  const res = await page.request.post(`${baseURL}/sandbox/_sandbox/clock/advance`, {
    headers: { 'X-Idempotency-Key': crypto.randomUUID(), 'X-Sandbox-Admin-Key': SANDBOX_ADMIN_KEY },
    data: { seconds: 31 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await quote.getByRole('button', { name: 'Get payment instructions' }).click();
  await expect(countdown).toHaveAttribute('data-expired', 'true');
  await expect(countdown).toHaveText('Expired');
  await expect(quote.getByRole('button', { name: 'Get payment instructions' })).toBeDisabled();
  expect(await operationsSince(page.request, 'DEPOSIT', ids[MAIN], since)).toHaveLength(0);

  // A new quote, then the deposit from it: its instructions ask for exactly the quoted reais.
  await quote.getByRole('button', { name: 'Get a new quote' }).click();
  await expect(countdown).toHaveAttribute('data-expired', 'false');
  const pay = (await page.getByTestId('quote-pay').getAttribute('data-value'))!;
  await quote.getByRole('button', { name: 'Get payment instructions' }).dblclick();
  await expect(page).toHaveURL(/\/deposits\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('deposit-amount')).toHaveAttribute('data-value', pay);
  expect(await operationsSince(page.request, 'DEPOSIT', ids[MAIN], since)).toEqual([page.url().split('/').pop()]);
});

test('a deposit in reais still goes straight to its instructions (1:1, no quote to review)', async ({ financePage: page, baseURL }) => {
  await page.goto('/deposits/new');
  await page.getByLabel('Account to credit').selectOption({ label: MAIN });
  await page.getByLabel('Asset to credit').selectOption('BRL');
  await expect(page.getByRole('button', { name: 'Get a quote' })).toHaveCount(0);
  await page.getByLabel('Amount to credit (BRL)').fill('10.00');
  await page.getByRole('button', { name: 'Get payment instructions' }).click();
  await expect(page).toHaveURL(/\/deposits\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('deposit-amount')).toHaveAttribute('data-value', '10.00');
  await settled(page.request, baseURL!, page.url().split('/').pop()!);
});

test('a transfer is reviewed before it runs; back to edit; a double-clicked and replayed confirm is one transfer', async ({ financePage: page, baseURL }) => {
  const ids = await accountIds(page.request);
  const since = new Date(Date.now() - 1_000).toISOString();
  await page.goto('/transfers/new');
  await page.getByLabel('From account').selectOption({ label: MAIN });
  await page.getByLabel('To account').selectOption({ label: TREASURY });
  await page.getByLabel('Asset').selectOption('BRL');
  await page.getByLabel('Amount (BRL)').fill('12.34');
  await page.getByRole('button', { name: 'Review transfer' }).click();

  const review = page.getByTestId('transfer-review');
  await expect(review.getByRole('heading', { name: 'Review the transfer' })).toBeFocused();
  await expect(review.getByTestId('review-from')).toHaveText(MAIN);
  await expect(review.getByTestId('review-to')).toHaveText(TREASURY);
  await expect(review.getByTestId('review-amount')).toHaveAttribute('data-value', '12.34');
  await expect(review.getByTestId('review-amount')).toHaveText(/R\$\s?12\.34/);
  await expect(review.getByTestId('review-fee')).toHaveText('No fee: the same amount is credited (rate 1.00)');
  // Frozen while reviewed: what is confirmed is what is on screen.
  await expect(page.getByLabel('Amount (BRL)')).toBeDisabled();
  await expectNoAxeViolations(page);
  expect(await operationsSince(page.request, 'TRANSFER', ids[MAIN], since)).toHaveLength(0);

  await review.getByRole('button', { name: 'Back to edit' }).click();
  await expect(review).toHaveCount(0);
  await page.getByLabel('Amount (BRL)').fill('23.45');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await expect(review.getByTestId('review-amount')).toHaveAttribute('data-value', '23.45');

  const captured = page.waitForRequest(isAction);
  await review.getByRole('button', { name: 'Confirm transfer' }).dblclick();
  const request = await captured;
  await expect(page).toHaveURL(/\/operations\/[0-9a-f-]{36}$/);
  const operationId = page.url().split('/').pop()!;

  // The same confirm sent again (a retry after a lost answer) is answered with the same transfer.
  const replayed = await page.request.post('/transfers/new', {
    headers: {
      'Next-Action': request.headers()['next-action'],
      'Content-Type': request.headers()['content-type'] ?? 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
      Origin: new URL(baseURL!).origin,
    },
    data: request.postData() ?? '',
    maxRedirects: 0,
  });
  expect(replayed.status()).toBe(200);
  expect(await replayed.text()).toContain(operationId);
  expect(await operationsSince(page.request, 'TRANSFER', ids[MAIN], since)).toEqual([operationId]);
  await settled(page.request, baseURL!, operationId);
});
