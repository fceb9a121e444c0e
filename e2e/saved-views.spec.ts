import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, storageStatePath, test, type DemoRole } from './fixtures';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';

// Saved views: a name for a list's filters (the URL stays the source of truth), personal or shared, one default per
// user with the team default as fallback. Each case runs in its role and language and is checked with axe.

type Locale = 'en' | 'pt-BR';

const WORDS = {
  en: { menu: /^Saved views|^View:/, name: 'Name', byDefault: 'Open this list with it by default', share: 'Share with the team', save: 'Save view', rename: 'Rename', del: 'Delete', sharedBy: 'Shared by', teamDefault: 'Team default', makeTeamDefault: 'Make team default', noView: 'Show the list without a view' },
  'pt-BR': { menu: /^Visualizações salvas|^Visualização:/, name: 'Nome', byDefault: 'Abrir esta lista com ela por padrão', share: 'Compartilhar com a equipe', save: 'Salvar visualização', rename: 'Renomear', del: 'Excluir', sharedBy: 'Compartilhada por', teamDefault: 'Padrão da equipe', makeTeamDefault: 'Tornar padrão da equipe', noView: 'Mostrar a lista sem visualização' },
} as const;

async function signedIn(browser: Browser, baseURL: string, role: DemoRole, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale, storageState: storageStatePath(role, baseURL) });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(zone), url: baseURL }]);
  return context.newPage();
}

function menu(page: Page, locale: Locale) {
  return page.getByTestId('saved-views').locator('summary').filter({ hasText: WORDS[locale].menu });
}

async function openMenu(page: Page, locale: Locale) {
  const details = page.getByTestId('saved-views');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await menu(page, locale).click();
  await expect(details.getByRole('heading', { level: 2 }).first()).toBeVisible();
}

async function saveView(page: Page, locale: Locale, name: string, opts: { byDefault?: boolean; shared?: boolean } = {}) {
  const w = WORDS[locale];
  await openMenu(page, locale);
  const form = page.getByTestId('saved-views').locator('form');
  await form.getByLabel(w.name).fill(name);
  if (opts.byDefault) await form.getByLabel(w.byDefault).check();
  if (opts.shared) await form.getByLabel(w.share).check();
  await form.getByRole('button', { name: w.save }).click();
  await expect(page.getByTestId('saved-view').filter({ hasText: name })).toBeVisible();
}

/**
 * Deletes this user's own views whose names start with `prefix` on the list at `path` (a retried or failed earlier
 * run may have left one, and with it a default that would redirect other specs' bare list URLs).
 */
async function deleteOwnViews(page: Page, locale: Locale, path: string, prefix: string) {
  const w = WORDS[locale];
  await page.goto(`${path}?saved=none`);
  await openMenu(page, locale);
  for (;;) {
    const button = page.getByRole('button', { name: new RegExp(`^${w.del}: ${prefix}`) }).first();
    if ((await button.count()) === 0) return;
    const label = (await button.getAttribute('aria-label'))!;
    await button.click();
    await page.getByRole('dialog').getByRole('button', { name: w.del, exact: true }).click();
    await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
  }
}

const ROUND_TRIPS: Array<{ role: DemoRole; locale: Locale; path: string; query: string; expectParam: RegExp }> = [
  { role: 'finance', locale: 'en', path: '/operations', query: 'status=COMPLETED&type=SWAP', expectParam: /status=COMPLETED/ },
  { role: 'viewer', locale: 'pt-BR', path: '/operations', query: 'type=DEPOSIT', expectParam: /type=DEPOSIT/ },
  { role: 'admin', locale: 'pt-BR', path: '/audit', query: 'outcome=denied', expectParam: /outcome=denied/ },
  { role: 'finance', locale: 'en', path: '/payouts', query: 'view=all', expectParam: /view=all/ },
];

for (const { role, locale, path, query, expectParam } of ROUND_TRIPS) {
  test(`saved view round-trip on ${path} as ${role} (${locale}): save as default, reopen bare, rename, delete`, async ({ browser, baseURL }) => {
    const page = await signedIn(browser, baseURL!, role, locale);
    const w = WORDS[locale];
    const name = `RT ${role} ${locale} ${Date.now() % 100000}`;
    await deleteOwnViews(page, locale, path, 'RT ');
    await page.goto(`${path}?${query}`);
    await saveView(page, locale, name, { byDefault: true });
    await expectNoAxeViolations(page);

    // The bare list URL opens the default view: a redirect to its query string, so the URL says which filters are on.
    await page.goto(path);
    await expect(page).toHaveURL(expectParam);
    await expect(page).toHaveURL(/saved=/);
    await expect(menu(page, locale)).toContainText(name);

    // Rename.
    await openMenu(page, locale);
    await page.getByRole('button', { name: `${w.rename}: ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.name).fill(`${name} 2`);
    await dialog.getByRole('button', { name: w.rename, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('saved-view').filter({ hasText: `${name} 2` })).toBeVisible();

    // Delete: gone, and the bare URL no longer redirects.
    await page.getByRole('button', { name: `${w.del}: ${name} 2` }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.del, exact: true }).click();
    await expect(page.getByTestId('saved-view').filter({ hasText: `${name} 2` })).toHaveCount(0);
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.context().close();
  });
}

test('a view an admin shares is visible to finance (en) and viewer (pt-BR), opens as the team default, and is not editable by them', async ({ browser, baseURL }) => {
  const admin = await signedIn(browser, baseURL!, 'admin', 'en');
  const name = `Team failed ${Date.now() % 100000}`;
  await deleteOwnViews(admin, 'en', '/operations', 'Team failed');
  await admin.goto('/operations?status=FAILED');
  await saveView(admin, 'en', name, { shared: true });
  await admin.getByRole('button', { name: `Make team default: ${name}` }).click();
  await expect(admin.getByTestId('saved-view').filter({ hasText: name })).toContainText(WORDS.en.teamDefault);

  for (const [role, locale] of [
    ['finance', 'en'],
    ['viewer', 'pt-BR'],
  ] as const) {
    const page = await signedIn(browser, baseURL!, role, locale);
    const w = WORDS[locale];
    await deleteOwnViews(page, locale, '/operations', 'RT ');
    // No default of their own: the team default opens.
    await page.goto('/operations');
    await expect(page).toHaveURL(/status=FAILED/);
    await openMenu(page, locale);
    const item = page.getByTestId('saved-view').filter({ hasText: name });
    await expect(item).toContainText(w.sharedBy);
    await expect(item).toContainText(w.teamDefault);
    // Not theirs: no rename, share or delete, and no team-default switch.
    await expect(item.getByRole('button', { name: new RegExp(`^${w.rename}|^${w.del}`) })).toHaveCount(0);
    await expect(item.getByRole('button', { name: w.makeTeamDefault })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // "Without a view" really shows the list unfiltered, and stays so.
    await page.getByRole('link', { name: w.noView }).click();
    await expect(page).toHaveURL(/saved=none/);
    await expect(page).not.toHaveURL(/status=FAILED/);
    await page.context().close();
  }

  // The admin may delete the team's shared view; then nobody is redirected.
  await admin.goto('/operations?saved=none');
  await openMenu(admin, 'en');
  await admin.getByRole('button', { name: `Delete: ${name}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(admin.getByTestId('saved-view').filter({ hasText: name })).toHaveCount(0);
  await admin.context().close();
});

test('a list the role cannot read has no views for it: finance gets 403 on /audit, an invalid filter is refused on save', async ({ browser, baseURL }) => {
  const finance = await signedIn(browser, baseURL!, 'finance', 'en');
  const res = await finance.goto('/audit');
  expect(res?.status()).toBe(403);
  // Unknown filter values are dropped by the list, so the page's current filters hold nothing to save.
  await finance.goto('/operations?status=NOT_A_STATUS');
  await openMenu(finance, 'en');
  await expect(finance.getByTestId('saved-views')).toContainText('Set at least one filter to save it as a view.');
  await finance.context().close();
});
