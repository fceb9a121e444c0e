import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, storageStatePath, test, type DemoRole } from './fixtures';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';

/**
 * The notifications inbox, per role and in both languages: a payout request by finance reaches finance2 (en) and the
 * admin (pt-BR) live, without a reload; "mark all read" clears the count; a kind turned off in the preferences stops
 * arriving; an admin's low-balance threshold produces an alert; with the live channel refused the page says it polls.
 */

test.describe.configure({ mode: 'serial' });
// Several signed-in browsers and a payout request each: more than the default minute on a loaded machine.
test.setTimeout(120_000);

type Locale = 'en-US' | 'pt-BR';
const SHOTS = process.env.NOTIFICATIONS_SHOTS_DIR ?? '/work/wt/shots/inbox';

async function roleContext(browser: Browser, baseURL: string, role: DemoRole, locale: Locale, extra: { theme?: 'light' | 'dark'; width?: number } = {}) {
  const context = await browser.newContext({
    storageState: storageStatePath(role, baseURL),
    baseURL,
    locale,
    viewport: { width: extra.width ?? 1280, height: extra.width && extra.width < 600 ? 844 : 900 },
  });
  // As newRoleContext: the zone cookie a /login sign-in leaves, so the first page does not refresh itself.
  await context.addCookies([
    { name: TIME_ZONE_COOKIE, value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone), url: baseURL },
    ...(extra.theme ? [{ name: 'theme', value: extra.theme, url: baseURL }] : []),
  ]);
  return context;
}

/** Marks the document so a reload (which would make a fresh one) is detectable. */
async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)).toBe(true);
}

/** The unread count on the bell (0 when the badge is not shown). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** Finance asks for a payout on the form (English), to the seeded beneficiary with an approved PIX key. */
async function requestPayout(page: Page, amount: string, memo: string): Promise<string> {
  await page.goto('/payouts/new');
  await expect(page.getByRole('button', { name: 'Request payout' })).toBeEnabled();
  await page.getByLabel('From account').selectOption({ label: 'Acme Importação Ltda' });
  await page.getByLabel('Beneficiary').selectOption({ label: 'João Pereira' });
  await expect(page.getByLabel('PIX key')).not.toHaveValue('');
  await page.getByLabel(/^Amount \(/).fill(amount);
  await page.getByLabel('Memo').fill(memo);
  await page.getByRole('button', { name: 'Request payout' }).click();
  await page.waitForURL(/\/payouts\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

let financeCtx: BrowserContext;
let finance: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  financeCtx = await roleContext(browser, baseURL!, 'finance', 'en-US');
  finance = await financeCtx.newPage();
});
test.afterAll(async () => {
  await financeCtx.close();
});

test('a payout request by finance reaches finance2 (en) and the admin (pt-BR) live, without a reload', async ({ browser, baseURL }) => {
  const f2ctx = await roleContext(browser, baseURL!, 'finance2', 'en-US');
  const adminCtx = await roleContext(browser, baseURL!, 'admin', 'pt-BR');
  const f2 = await f2ctx.newPage();
  const admin = await adminCtx.newPage();

  await f2.goto('/notifications');
  await expect(f2.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(f2.getByTestId('inbox-live')).toHaveText('Live: new notifications appear as they happen.');
  await admin.goto('/');
  await expect(admin.getByTestId('notification-bell')).toBeVisible();
  await markNoReload(f2);
  await markNoReload(admin);
  const f2Before = await bellCount(f2);
  const adminBefore = await bellCount(admin);

  const payoutId = await requestPayout(finance, '1.00', `Inbox live ${Date.now()}`);

  // finance2's page lists it at the top and the bell counts it, with no reload. The inbox is the console's card list
  // (components/data-table), named for screen readers like every list.
  await expect(f2.getByRole('list', { name: 'Inbox' })).toBeVisible();
  const first = f2.getByTestId('inbox-list').getByTestId('notification-item').first();
  await expect(first).toHaveAttribute('href', `/payouts/${payoutId}`);
  await expect(first).toContainText('Payout waiting for your approval');
  await expect(first).toContainText('Felipe Finance asks to pay');
  // The background watch may add its own items meanwhile (stuck operations, accounts): at least this one more.
  await expect.poll(() => bellCount(f2)).toBeGreaterThan(f2Before);
  await expectSameDocument(f2);
  await expectNoAxeViolations(f2);

  // The admin, elsewhere in the console and in Portuguese, sees the count move and the item in the dropdown.
  await expect.poll(() => bellCount(admin)).toBeGreaterThan(adminBefore);
  await expect(admin.getByTestId('notification-bell')).toContainText(/não lidas?/);
  await admin.getByTestId('notification-bell').click();
  const panel = admin.getByTestId('notification-panel');
  await expect(panel.getByRole('heading', { name: 'Notificações' })).toBeVisible();
  const item = panel.locator(`[data-testid="notification-item"][href="/payouts/${payoutId}"]`);
  await expect(item).toContainText('Pagamento esperando a sua aprovação');
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(panel.getByTestId('notification-live')).toHaveText('Ao vivo: novas notificações aparecem assim que acontecem.');
  await expectSameDocument(admin);
  await expectNoAxeViolations(admin);
  // The item is the deep link; opening it marks it read.
  await item.click();
  await admin.waitForURL(`**/payouts/${payoutId}`);
  await admin.getByTestId('notification-bell').click();
  await expect(panel.locator(`[data-testid="notification-item"][href="/payouts/${payoutId}"]`)).toHaveAttribute('data-read', 'true');

  // The requester is not told about their own request.
  await finance.goto('/notifications');
  await expect(finance.getByTestId('inbox-live')).toBeVisible();
  await expect(finance.locator(`[data-kind="payout.awaiting-approval"][href="/payouts/${payoutId}"]`)).toHaveCount(0);
  await f2ctx.close();
  await adminCtx.close();
});

test('mark all read clears the count and the unread marks, and stays so after a reload', async ({ finance2Page: page }) => {
  // The page is sent whole: the inbox's first page and the preferences are in the server's HTML, not fetched after.
  const html = await (await page.context().request.get('/notifications')).text();
  expect(html).toContain('data-testid="notification-item"');
  expect(html).toContain('data-testid="notification-preferences"');
  expect(html).not.toContain('<template id="B:');
  await page.goto('/notifications');
  const items = page.getByTestId('inbox-list').getByTestId('notification-item');
  await expect(items.first()).toBeVisible();
  expect(await bellCount(page)).toBeGreaterThan(0);
  await expect(items.and(page.locator('[data-read="false"]')).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All notifications marked as read.')).toBeVisible();
  await expect.poll(() => bellCount(page)).toBe(0);
  await expect(items.and(page.locator('[data-read="false"]'))).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await page.reload();
  await expect(items.first()).toHaveAttribute('data-read', 'true');
  expect(await bellCount(page)).toBe(0);
});

test('a kind turned off in the preferences stops arriving; the admin still gets it', async ({ finance2Page: page, adminPage: admin }) => {
  await page.goto('/notifications');
  const form = page.getByTestId('notification-preferences');
  const kind = form.getByRole('checkbox', { name: 'A payout waits for my approval' });
  await expect(kind).toBeChecked();
  // finance2 is offered what finance can act on — not the admin-only kinds.
  await expect(form.getByRole('checkbox', { name: 'A webhook endpoint keeps failing' })).toHaveCount(0);
  await expect(form.getByRole('checkbox', { name: 'My payout was rejected' })).toBeChecked();
  await kind.uncheck();
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preferences saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('notification-preferences').getByRole('checkbox', { name: 'A payout waits for my approval' })).not.toBeChecked();

  await admin.goto('/notifications');
  await expect(admin.getByTestId('inbox-live')).toHaveText('Live: new notifications appear as they happen.');
  const payoutId = await requestPayout(finance, '2.00', `Inbox muted ${Date.now()}`);
  await expect(admin.locator(`[data-kind="payout.awaiting-approval"][href="/payouts/${payoutId}"]`).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('inbox-list')).toBeVisible();
  await expect(page.locator(`[href="/payouts/${payoutId}"][data-kind="payout.awaiting-approval"]`)).toHaveCount(0);

  // On again: the next request reaches finance2.
  await page.getByTestId('notification-preferences').getByRole('checkbox', { name: 'A payout waits for my approval' }).check();
  await page.getByTestId('notification-preferences').getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preferences saved.')).toBeVisible();
  const next = await requestPayout(finance, '3.00', `Inbox unmuted ${Date.now()}`);
  await expect(page.locator(`[href="/payouts/${next}"][data-kind="payout.awaiting-approval"]`)).toBeVisible();
});

test('an admin’s low-balance threshold produces an alert for the money movers, live', async ({ adminPage: admin, financePage }) => {
  await financePage.goto('/notifications');
  await expect(financePage.getByTestId('inbox-live')).toHaveText('Live: new notifications appear as they happen.');
  await markNoReload(financePage);

  await admin.goto('/notifications');
  const form = admin.getByTestId('threshold-form');
  await form.getByLabel('Account').selectOption({ label: 'Acme Importação Ltda' });
  await form.getByLabel('Asset').selectOption('BRL');
  // An empty amount is refused on its field.
  await form.getByRole('button', { name: 'Save threshold' }).click();
  await expect(admin.locator('#threshold-amount-error')).toBeVisible();
  await form.getByLabel('Alert below').fill('999,999,999.00');
  await expectNoAxeViolations(admin);
  await form.getByRole('button', { name: 'Save threshold' }).click();
  await expect(admin.getByText('Threshold saved for BRL.')).toBeVisible();
  await expect(admin.getByTestId('thresholds')).toContainText('R$999,999,999.00');

  // The watch checks at once after a change: the alert reaches finance's open page without a reload.
  const alert = financePage.locator('[data-kind="balance.low"]').first();
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('Low balance');
  await expect(alert).toContainText('is below the alert threshold of R$999,999,999.00');
  await expect(alert).toHaveAttribute('href', /^\/accounts\/[0-9a-f-]{36}$/);
  await expectSameDocument(financePage);
  // The list is rendered on the server: after a reload it shows the threshold as crossed.
  await admin.reload();
  await expect(admin.getByTestId('thresholds')).toContainText('now below');

  await admin.getByRole('button', { name: 'Remove the BRL threshold of Acme Importação Ltda' }).click();
  await expect(admin.getByText('Threshold removed.')).toBeVisible();
  await expect(admin.getByTestId('thresholds')).toHaveCount(0);
});

test('viewer and compliance: only what their role can act on; the page says when it polls instead of live (pt-BR)', async ({ browser, baseURL }) => {
  const viewerCtx = await roleContext(browser, baseURL!, 'viewer', 'pt-BR');
  // The live channel refused: the inbox polls and says so.
  await viewerCtx.route('**/api/live**', (route) => route.fulfill({ status: 503, body: '' }));
  const viewer = await viewerCtx.newPage();
  await viewer.goto('/notifications');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await expect(viewer.getByTestId('inbox-live')).toHaveText('Atualização ao vivo desligada: verificando novas notificações a cada 30 segundos.');
  await expect(viewer.getByText('O seu papel não recebe notificações.')).toBeVisible();
  await expect(viewer.getByTestId('threshold-form')).toHaveCount(0);
  await expect(viewer.getByText('Nenhuma notificação')).toBeVisible();
  await expectNoAxeViolations(viewer);
  await viewerCtx.close();

  const complianceCtx = await roleContext(browser, baseURL!, 'compliance', 'en-US');
  const compliance = await complianceCtx.newPage();
  await compliance.goto('/notifications');
  const boxes = compliance.getByTestId('notification-preferences').getByRole('checkbox');
  await expect(boxes).toHaveCount(1);
  await expect(boxes.first()).toHaveAccessibleName('An account needs documents or action');
  await expect(compliance.getByTestId('threshold-form')).toHaveCount(0);
  await expectNoAxeViolations(compliance);
  await complianceCtx.close();
});

test('screenshots: bell, dropdown and page at 1280 and 390, en and pt-BR, light and dark', async ({ browser, baseURL }) => {
  test.skip(!process.env.NOTIFICATIONS_SCREENSHOTS, 'set NOTIFICATIONS_SCREENSHOTS=1 to write them');
  mkdirSync(SHOTS, { recursive: true });
  // Something to show, also when this test runs alone.
  await requestPayout(finance, '4.00', `Inbox screenshots ${Date.now()}`);
  for (const locale of ['en-US', 'pt-BR'] as const) {
    for (const width of [1280, 390]) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await roleContext(browser, baseURL!, 'admin', locale, { theme, width });
        const page = await context.newPage();
        const name = `${locale}-${width}-${theme}`;
        await page.goto('/notifications');
        await expect(page.getByTestId('inbox-list')).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/page-${name}.png`, fullPage: true });
        await page.goto('/');
        await expect(page.getByTestId('notification-count')).toBeVisible();
        await page.locator('header', { has: page.getByTestId('notification-bell') }).screenshot({ path: `${SHOTS}/bell-${name}.png` });
        await page.getByTestId('notification-bell').click();
        await expect(page.getByTestId('notification-panel').getByTestId('notification-item').first()).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/dropdown-${name}.png` });
        await context.close();
      }
    }
  }
});
