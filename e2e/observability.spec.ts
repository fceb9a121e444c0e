import { expect, expectNoAxeViolations, storageStatePath, test } from './fixtures';
import { MAIN_ACCOUNT, TREASURY_ACCOUNT } from './helpers/sandbox';
import { E2E_METRICS_TOKEN, readServerLog } from './helpers/server-log';

// Operating the console: one request id from the browser's request through the console to the service (the
// sandbox's own log line names it), the readiness probe, and the Prometheus scrape. The log scan of the whole run
// is e2e/global-teardown.ts.

const portOf = (baseURL: string | undefined) => new URL(baseURL!).port;

/** Waits until the server's log holds a line matching `predicate` (lines are written when the answer closes). */
async function logLine(port: string, predicate: (l: Record<string, unknown>) => boolean) {
  let found: Record<string, unknown> | undefined;
  await expect.poll(() => (found = readServerLog(port).json.find(predicate)), { timeout: 10_000 }).toBeTruthy();
  return found!;
}

test('a page and a route handler carry one request id into the service and the logs', async ({ adminPage: page, baseURL }) => {
  const port = portOf(baseURL);
  // A client cannot choose its id (no trusted proxy in front of the e2e server).
  const response = await page.goto('/accounts', { referer: undefined });
  const pageId = response!.headers()['x-request-id'];
  expect(pageId).toMatch(/^[0-9a-f-]{36}$/);
  await logLine(port, (l) => l.kind === 'http' && l.requestId === pageId && l.route === '/accounts' && l.status === 200);
  // The page's server component called the service with the same id.
  await logLine(port, (l) => l.kind === 'sandbox' && l.callerRequestId === pageId);
  await logLine(port, (l) => l.kind === 'service' && l.requestId === pageId);

  const api = await page.request.get('/api/accounts', { headers: { 'X-Request-Id': 'chosen-by-the-client-1234' } });
  expect(api.ok()).toBe(true);
  const apiId = api.headers()['x-request-id'];
  expect(apiId).not.toBe('chosen-by-the-client-1234');
  const line = await logLine(port, (l) => l.kind === 'http' && l.requestId === apiId);
  // The user is named by id only; never the e-mail.
  expect(line).toMatchObject({ route: '/api/accounts', status: 200, method: 'GET' });
  expect(String(line.userId)).toMatch(/^[0-9a-f-]{36}$/);
  await logLine(port, (l) => l.kind === 'sandbox' && l.callerRequestId === apiId);
  expect(readServerLog(port).json.some((l) => l.kind === 'sandbox' && l.callerRequestId === 'chosen-by-the-client-1234')).toBe(false);
});

test('readiness and liveness answer without a session, with no secret in the body', async ({ request }) => {
  const ready = await request.get('/api/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok', service: 'ok' } });
  expect(ready.headers()['cache-control']).toContain('no-store');
  expect((await request.get('/api/health')).status()).toBe(200);
});

test('the metrics endpoint needs its bearer token and serves Prometheus text with route templates', async ({ request, adminPage: page }) => {
  expect((await request.get('/api/metrics')).status()).toBe(401);
  expect((await request.get('/api/metrics', { headers: { Authorization: 'Bearer wrong-token-0123456789' } })).status()).toBe(401);
  await page.goto('/operations');
  const scrape = await request.get('/api/metrics', { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(scrape.status()).toBe(200);
  expect(scrape.headers()['content-type']).toContain('text/plain');
  const text = await scrape.text();
  expect(text).toMatch(/^console_http_request_duration_seconds_count\{method="GET",route="\/operations",status="200"\} \d+$/m);
  expect(text).toMatch(/^console_service_call_duration_seconds_count\{method="GET",endpoint="[^"]+",status="200"\} \d+$/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  expect(text).toMatch(/^console_session_cache_total\{result="(hit|miss)"\} \d+$/m);
  // Never an id as a label value.
  expect(text).not.toMatch(/="[^"]*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
});

/** The request id the audit log stored for `action` on `target` (the export's last column). */
async function auditedRequestIds(request: import('@playwright/test').APIRequestContext, action: string, target: string): Promise<string[]> {
  const res = await request.get(`/api/audit/export?action=${action}&target=${target}&outcome=success`);
  expect(res.ok(), await res.text()).toBe(true);
  const rows = (await res.text()).trim().split(/\r?\n/).slice(1);
  return rows.map((row) => row.split(',').pop()!.trim());
}

test('the operation page shows the request id of the console request that made it, the one logged and audited, to audit readers only', async ({
  adminPage: page,
  financePage,
  browser,
  baseURL,
}) => {
  const port = portOf(baseURL);
  await page.goto('/transfers/new');
  await page.getByLabel('From account').selectOption({ label: MAIN_ACCOUNT });
  await page.getByLabel('To account').selectOption({ label: TREASURY_ACCOUNT });
  await page.getByLabel('Asset').selectOption('BRL');
  await page.getByLabel('Amount (BRL)').fill('1.23');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await page.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(page).toHaveURL(/\/operations\/[0-9a-f-]{36}$/);
  const operationId = page.url().split('/').pop()!;

  // What the server stored and logged for the action that created it.
  const [audited] = await auditedRequestIds(page.request, 'transfers.create', operationId);
  expect(audited).toMatch(/^[0-9a-f-]{36}$/);
  await logLine(port, (l) => l.kind === 'http' && l.requestId === audited && l.method === 'POST');
  await logLine(port, (l) => l.kind === 'sandbox' && l.callerRequestId === audited);

  await page.goto(`/operations/${operationId}`);
  const card = page.getByTestId('operation-requests');
  await expect(card.getByRole('heading', { name: 'Console requests' })).toBeVisible();
  const entry = card.locator(`[data-testid="operation-request"][data-request-id="${audited}"]`);
  await expect(entry.getByTestId('operation-request-id')).toHaveText(audited);
  await expect(entry).toContainText('transfers.create');
  await expect(entry).toContainText('Done');
  await expect(entry.getByRole('button', { name: `Copy request ID ${audited}` })).toBeVisible();
  await expectNoAxeViolations(page);

  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', storageState: storageStatePath('admin', baseURL!) });
  const pt = await context.newPage();
  await pt.goto(`/operations/${operationId}`);
  const ptCard = pt.getByTestId('operation-requests');
  await expect(ptCard.getByRole('heading', { name: 'Requisições do console' })).toBeVisible();
  const ptEntry = ptCard.locator(`[data-request-id="${audited}"]`);
  await expect(ptEntry.getByTestId('operation-request-id')).toHaveText(audited);
  await expect(ptEntry).toContainText('Concluída');
  await expect(ptEntry.getByRole('button', { name: `Copiar o ID da requisição ${audited}` })).toBeVisible();
  await expectNoAxeViolations(pt);
  await context.close();

  // Finance moves money but does not read the audit: no audit-derived ids on its page.
  await financePage.goto(`/operations/${operationId}`);
  await expect(financePage.getByTestId('operation-detail')).toBeVisible();
  await expect(financePage.getByTestId('operation-requests')).toHaveCount(0);
  await expect(financePage.getByText(audited)).toHaveCount(0);
});
