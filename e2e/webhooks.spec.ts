import { mkdirSync } from 'node:fs';
import type { Browser, Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, newRoleContext, storageStatePath, test } from './fixtures';
import { readServerLog } from './helpers/server-log';

/**
 * Webhooks, end to end through the console's own UI and the embedded sandbox over real HTTP:
 * subscribe an endpoint (the console's receiver) → make the next 32 deliveries fail with the sandbox's fail-next
 * helper → 16 test transfers publish 32 events, all delivered and failed → filter FAILED → open one → resend
 * (button disabled in flight, toast, the new SUCCESS attempt shows without a reload) → replay the 31 still failing
 * (dry-run count, progress, a reload mid-way, all delivered) → a viewer reads everything but has no controls,
 * and the admin's recorded actions replayed with the viewer's session are refused with 403. axe on both pages;
 * screenshots desktop and 390 px in en and pt-BR.
 */

test.describe.configure({ mode: 'serial' });

const SHOTS = 'screenshots/webhooks';
mkdirSync(SHOTS, { recursive: true });
const RUN = Date.now().toString(36);

let subscriptionPath = '';
let endpointUrl = '';
/** The failed attempt the admin opened (path + query), for the screenshots. */
let attemptPath = '';
/** The admin's server-action requests, replayed later with the viewer's cookies. */
const recorded: { name: string; url: string; headers: Record<string, string>; body: string }[] = [];

function recordActions(page: Page, name: string): () => void {
  const onRequest = (request: Request) => {
    const id = request.headers()['next-action'];
    if (request.method() === 'POST' && id && !recorded.some((r) => r.name === name)) {
      recorded.push({ name, url: request.url(), headers: request.headers(), body: request.postData() ?? '' });
    }
  };
  page.on('request', onRequest);
  return () => page.off('request', onRequest);
}

async function shots(browser: Browser, baseURL: string, path: string, name: string, prepare?: (page: Page) => Promise<void>) {
  for (const locale of ['en', 'pt-BR'] as const) {
    const context = await browser.newContext({ ...(await roleState(browser, baseURL)), locale });
    const page = await context.newPage();
    for (const [label, width] of [['desktop', 1280], ['390', 390]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      if (prepare) await prepare(page);
      await page.screenshot({ path: `${SHOTS}/${name}-${locale}-${label}.png`, fullPage: true });
    }
    await context.close();
  }
}

async function roleState(browser: Browser, baseURL: string) {
  const context = await newRoleContext(browser, 'admin', baseURL);
  const storageState = await context.storageState();
  await context.close();
  return { storageState, baseURL };
}

test('admin: subscribe, failures, filter, attempt detail, resend, replay with a reload mid-way', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(90_000);
  const endpoint = `${baseURL}/api/webhooks?e2e=${RUN}`;
  endpointUrl = endpoint;

  // Subscribe the console's own receiver (a distinct URL, so fail-next does not touch the demo subscription).
  await page.goto('/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await page.getByRole('button', { name: 'New subscription' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New webhook subscription' });
  await dialog.getByLabel('Endpoint URL').fill('http://hooks.example.com/x');
  await dialog.getByRole('button', { name: 'Create subscription' }).click();
  await expect(dialog.getByText('Use https://, or http:// to localhost while the sandbox is on.')).toBeVisible();
  await dialog.getByLabel('Endpoint URL').fill(endpoint);
  // The catalogue: each event with its description and an example payload.
  await dialog.getByLabel('All events (including ones added later)').uncheck();
  await expect(dialog.getByText('An operation settled successfully.')).toBeVisible();
  await dialog.getByLabel('All events (including ones added later)').check();
  await dialog.getByLabel('Retry failed deliveries automatically').uncheck();
  await dialog.getByRole('button', { name: 'Create subscription' }).click();
  await page.waitForURL(/\/webhooks\/[0-9a-f-]{36}$/);
  subscriptionPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: endpoint })).toBeVisible();

  // The next 32 deliveries to it fail (sandbox helper); 16 transfers publish 32 events (requested + completed).
  await page.getByLabel('Deliveries to fail').fill('32');
  await page.getByRole('button', { name: 'Fail the next deliveries' }).click();
  await expect(page.getByText('The next 32 deliveries to this endpoint will fail')).toBeVisible();
  await page.getByLabel('Transfers to make').fill('16');
  await page.getByRole('button', { name: 'Send test events' }).click();
  await expect(page.getByText('16 test transfers made')).toBeVisible();
  // The page refreshes itself: all 32 failures arrive without a reload.
  await expect(page.getByTestId('health-streak')).toHaveText('32', { timeout: 20_000 });

  // Filter FAILED (state in the URL).
  await page.getByLabel('Status').selectOption('FAILED');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/status=FAILED/);
  const rows = page.getByTestId('attempt-row');
  await expect(rows).toHaveCount(25);
  for (const status of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))) expect(status).toBe('FAILED');

  // Open one: payload, headers, signature, cURL.
  await rows.first().getByRole('link').click();
  const panel = page.getByTestId('attempt-panel');
  await page.waitForURL(/[?&]log=/);
  attemptPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(panel.getByRole('heading', { name: 'Attempt details' })).toBeVisible();
  await expect(panel.getByText('X-Message-Signature:')).toBeVisible();
  await expect(panel.getByText('Simulated network error (sandbox fail-next)').first()).toBeVisible();
  await expect(panel.getByTestId('attempt-http')).toHaveText('0');

  // Resend: slow the action down so "disabled in flight" is observable; one click = one resend.
  await page.route(`**${subscriptionPath}**`, async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  const stop = recordActions(page, 'resend');
  const resend = panel.getByTestId('resend-button');
  await resend.click();
  await expect(resend).toBeDisabled();
  await expect(page.getByText('Resent: a new attempt was made')).toBeVisible();
  stop();
  await page.unroute(`**${subscriptionPath}**`);
  await expect(resend).toBeEnabled();
  // The new attempt of this message shows as delivered without a reload.
  await expect(panel.getByTestId('message-attempts').getByText('Delivered')).toBeVisible({ timeout: 10_000 });
  // The console's receiver got the message, so the attempt links to the operation it is about.
  await expect(panel.getByTestId('attempt-resource')).toHaveAttribute('href', /^\/operations\/[0-9a-f-]{36}$/);
  // The service's deliveries carry no request id; the console's id for receiving this message is shown, and it is
  // the one the receipt's access log line names.
  const receiptId = (await panel.getByTestId('attempt-receipt-request-id').textContent())!.trim();
  expect(receiptId).toMatch(/^[0-9a-f-]{36}$/);
  const port = new URL(baseURL!).port;
  await expect
    .poll(() => readServerLog(port).json.some((l) => l.kind === 'http' && l.requestId === receiptId && l.method === 'POST' && l.status === 200), { timeout: 10_000 })
    .toBe(true);
  await expect(panel.getByRole('button', { name: 'Copy the receipt request ID' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Resending the delivered attempt is refused by the service, shown as a sentence.
  await panel.getByTestId('message-attempts').getByRole('listitem').filter({ hasText: 'Delivered' }).getByRole('link').click();
  await expect(panel.getByTestId('attempt-http')).toHaveText('200');
  await panel.getByTestId('resend-button').click();
  await expect(page.getByText('This delivery already succeeded, so there is nothing to resend.', { exact: false })).toBeVisible();

  // Replay the rest: dry run first, then the background job with progress; reload mid-way; it continues.
  await page.goto(subscriptionPath);
  await page.getByRole('button', { name: 'Count failed deliveries' }).click();
  await expect(page.getByTestId('replay-dry-run')).toContainText('31 failed messages will be resent.');
  const stopReplay = recordActions(page, 'replay');
  await page.getByRole('button', { name: 'Resend 31' }).click();
  const job = page.getByTestId('replay-job');
  await expect(job).toHaveAttribute('data-status', 'RUNNING');
  await expect(job.getByText(/^[1-9]\d* of 31 resent$/)).toBeVisible();
  stopReplay();
  await page.reload();
  await expect(page.getByTestId('replay-job')).toBeVisible();
  await expect(page.getByTestId('replay-progress')).toBeVisible();
  await expect(page.getByTestId('replay-job')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 20_000 });
  await expect(page.getByTestId('replay-summary')).toHaveText('31 resent, 0 refused, 0 failed, 0 not sent.');
  // All succeeded: nothing is left failing, and the newest attempt is a success.
  await page.getByRole('button', { name: 'New replay' }).click();
  await page.getByRole('button', { name: 'Count failed deliveries' }).click();
  await expect(page.getByTestId('replay-dry-run')).toContainText('No failed deliveries in this window.');
  await expect(page.getByTestId('health-streak')).toHaveText('0');
  await expectNoAxeViolations(page);
  expect(recorded.map((r) => r.name).sort()).toEqual(['replay', 'resend']);
});

test('viewer: reads subscriptions and attempts, has no controls, and the admin’s actions are refused', async ({ viewerPage: page, financePage, browser, baseURL }) => {
  expect(subscriptionPath).not.toBe('');
  // Finance (like compliance) reads too, without the manage controls.
  await financePage.goto(subscriptionPath);
  await expect(financePage.getByTestId('attempt-row').first()).toBeVisible();
  await expect(financePage.getByRole('button', { name: 'Count failed deliveries' })).toHaveCount(0);

  await page.goto('/webhooks');
  await expect(page.getByTestId('subscription-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New subscription' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);

  await page.goto(subscriptionPath);
  await expect(page.getByTestId('attempt-row').first()).toBeVisible();
  await page.getByTestId('attempt-row').first().getByRole('link').click();
  await expect(page.getByTestId('attempt-panel')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Count failed deliveries' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Fail the next deliveries' })).toHaveCount(0);
  await expect(page.getByTestId('replay-job')).toBeVisible(); // reads the last replay's summary
  await expectNoAxeViolations(page);

  // The receipt's request id is not audit data: every reader of the attempts sees it, in their language.
  const pt = await browser.newContext({ baseURL, locale: 'pt-BR', storageState: storageStatePath('viewer', baseURL!) });
  const ptPage = await pt.newPage();
  await ptPage.goto(attemptPath);
  await expect(ptPage.getByText('ID do recebimento', { exact: true })).toBeVisible();
  await expect(ptPage.getByTestId('attempt-receipt-request-id')).toHaveText(/^[0-9a-f-]{36}$/);
  await expect(ptPage.getByRole('button', { name: 'Copiar o ID do recebimento' })).toBeVisible();
  await expectNoAxeViolations(ptPage);
  await pt.close();

  for (const action of recorded) {
    // The viewer's own session cookie goes with page.request; the admin's is not part of the recorded headers.
    const headers: Record<string, string> = { ...action.headers, origin: baseURL! };
    delete headers.cookie;
    const res = await page.request.post(action.url, { headers, data: action.body });
    expect(res.status(), `${action.name} replayed as viewer`).toBe(403);
  }
});

// `npm run screenshots` covers every page; this adds the states it cannot reach (an opened failed attempt, a
// finished replay). Off in the regular run to keep the section's e2e time within budget: WEBHOOK_SCREENSHOTS=1.
test('screenshots: list and attempt panel, desktop and 390 px, en and pt-BR', async ({ browser, baseURL }) => {
  test.skip(!process.env.WEBHOOK_SCREENSHOTS, 'screenshots only with WEBHOOK_SCREENSHOTS=1');
  test.setTimeout(60_000);
  await shots(browser, baseURL!, '/webhooks', 'list');
  await shots(browser, baseURL!, attemptPath, 'detail', async (page) => {
    await expect(page.getByTestId('attempt-panel')).toBeVisible();
    await expect(page.getByTestId('health-streak')).toBeVisible();
  });
});

test('admin deletes the subscription after a confirmation; its page is then a 404', async ({ adminPage: page }) => {
  expect(endpointUrl).not.toBe('');
  await page.goto('/webhooks');
  await page.getByRole('button', { name: `Delete subscription ${endpointUrl}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this subscription?' });
  await expect(confirm).toContainText(endpointUrl);
  await confirm.getByRole('button', { name: 'Delete subscription' }).click();
  await expect(page.getByText('Subscription deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: endpointUrl })).toHaveCount(0);
  const res = await page.goto(subscriptionPath);
  expect(res?.status()).toBe(404);
});
