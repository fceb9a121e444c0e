import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, storageStatePath, test, type DemoRole } from './fixtures';
import { addUserViaUi, completeFirstSignIn, uniqueEmail } from './helpers/team';
import { decimalToText } from '../lib/money/input';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';

type Locale = 'en' | 'pt-BR';

/** A signed-in page of a demo role whose browser speaks `locale` (demo users have no saved language). */
async function rolePage(browser: Browser, baseURL: string, role: DemoRole, locale: Locale, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    storageState: storageStatePath(role, baseURL),
    baseURL,
    locale,
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent('America/Sao_Paulo'), url: baseURL }]);
  return context.newPage();
}

const WORDS = {
  en: { open: 'Search or jump to…', dialog: 'Search and actions', input: 'Search by id, name or amount', operations: 'Operations', beneficiaries: 'Beneficiaries', users: 'Users', newPayout: 'New payout', accounts: 'Accounts' },
  'pt-BR': { open: 'Buscar ou ir para…', dialog: 'Busca e ações', input: 'Buscar por id, nome ou valor', operations: 'Operações', beneficiaries: 'Beneficiários', users: 'Usuários', newPayout: 'Novo pagamento', accounts: 'Contas' },
} as const;

interface Op {
  id: string;
  sourceAmount: { value: string; asset: string };
}

async function newestOperation(page: Page): Promise<Op> {
  const res = await page.request.get('/api/operations?limit=1');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: Op[] };
  expect(body.data.length).toBeGreaterThan(0);
  return body.data[0]!;
}

function palette(page: Page) {
  return page.getByTestId('palette');
}

/** Ctrl+K once the launcher listens (its listener is attached at hydration; a press before that is lost). */
async function pressShortcut(page: Page) {
  await expect(page.getByTestId('palette-open')).toHaveAttribute('data-hydrated', 'true');
  await page.keyboard.press('Control+k');
}

async function search(page: Page, text: string) {
  const input = palette(page).getByTestId('palette-input');
  await input.fill(text);
  return input;
}

const ROLES_UNDER_TEST: DemoRole[] = ['admin', 'compliance', 'finance', 'viewer'];

for (const locale of ['en', 'pt-BR'] as const) {
  for (const role of ROLES_UNDER_TEST) {
    test(`${role} (${locale}) finds by id, name and amount, keyboard only, axe clean`, async ({ browser, baseURL }) => {
      // Many steps, two axe runs: more than the default budget on a loaded machine.
      test.slow();
      const w = WORDS[locale];
      const page = await rolePage(browser, baseURL!, role, locale);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const op = await newestOperation(page);

      // Ctrl+K opens it with the focus in the search field.
      await pressShortcut(page);
      const dialog = palette(page);
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('dialog', { name: w.dialog })).toBeVisible();
      const input = page.getByRole('combobox', { name: w.input });
      await expect(input).toBeFocused();

      // By a partial id (upper case): the operation, in its group, with a status pill.
      await input.pressSequentially(op.id.slice(0, 8).toUpperCase(), { delay: 20 });
      const hit = dialog.locator(`[data-testid="palette-result"][data-kind="operation"][data-id="${op.id}"]`);
      await expect(hit).toBeVisible();
      await expect(hit.locator('[data-status]')).toBeVisible();
      await expect(dialog.getByTestId('palette-group-operation')).toContainText(w.operations);
      await expectNoAxeViolations(page);

      // By name: a beneficiary of the demo data; users only for the admin.
      await search(page, 'beatriz');
      await expect(dialog.locator('[data-testid="palette-result"][data-kind="beneficiary"]').first()).toContainText('Beatriz Santos');
      await search(page, 'acme imp');
      await expect(dialog.locator('[data-testid="palette-result"][data-kind="account"]').first()).toBeVisible();
      await search(page, 'viewer');
      if (role === 'admin') await expect(dialog.locator('[data-testid="palette-result"][data-kind="user"]').first()).toBeVisible();
      else {
        await expect(dialog.getByTestId('palette-empty').or(dialog.getByTestId('palette-group-actions'))).toBeVisible();
        await expect(dialog.locator('[data-kind="user"]')).toHaveCount(0);
      }

      // By amount typed in the user's notation (1.234,56 / 1,234.56).
      const typed = decimalToText(op.sourceAmount.value, locale);
      await search(page, typed);
      const byAmount = dialog.locator(`[data-testid="palette-result"][data-kind="operation"] [data-value="${op.sourceAmount.value}"]`).first();
      await expect(byAmount).toBeVisible();

      // Keyboard: the id again, Enter opens the first result (the operation).
      await search(page, op.id.slice(0, 13));
      await expect(hit).toBeVisible();
      await expect(hit).toHaveAttribute('data-selected', 'true');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/operations/${op.id}`);
      await expect(dialog).toBeHidden();

      // "/" opens it from the page; Escape closes it; "/" typed in a field stays in the field.
      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('/');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.goto('/beneficiaries');
      const field = page.locator('#beneficiary-name');
      await field.click();
      await page.keyboard.type('a/b');
      await expect(field).toHaveValue('a/b');
      await expect(dialog).toBeHidden();

      // Actions follow the permissions: "New payout" only for who may request one; Arrow keys reach it.
      await page.keyboard.press('Escape');
      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+k');
      await expect(dialog).toBeVisible();
      await search(page, w.newPayout.slice(0, 6));
      const newPayout = dialog.getByTestId('palette-action-newPayout');
      if (role === 'admin' || role === 'finance') {
        await expect(newPayout).toBeVisible();
        // Arrow down until the action is selected, then Enter.
        for (let i = 0; i < 10 && (await newPayout.getAttribute('data-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
        await expect(newPayout).toHaveAttribute('data-selected', 'true');
        await page.keyboard.press('Enter');
        await page.waitForURL('**/payouts/new');
      } else {
        await expect(newPayout).toHaveCount(0);
      }
      await page.context().close();
    });
  }
}

test('SQL- and filter-looking text is a literal: no results, no error', async ({ browser, baseURL }) => {
  const page = await rolePage(browser, baseURL!, 'admin', 'en');
  await page.goto('/');
  await pressShortcut(page);
  for (const text of ["' OR 1=1 --", 'status[eq]=COMPLETED;or(a,b)', '%_%']) {
    await search(page, text);
    await expect(palette(page).getByTestId('palette-empty')).toBeVisible();
    await expect(palette(page).getByRole('alert')).toHaveCount(0);
  }
  await page.context().close();
});

test('the header button opens the palette at 390 px; "Invite a user" opens the add-user dialog', async ({ browser, baseURL }) => {
  const page = await rolePage(browser, baseURL!, 'admin', 'en', 390);
  await page.goto('/');
  await page.getByTestId('palette-open').click();
  const dialog = palette(page);
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await search(page, 'invite');
  await expect(dialog.getByTestId('palette-action-inviteUser')).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Add user' })).toBeVisible();
  await expect(page).toHaveURL(/\/team$/);
  await expectNoAxeViolations(page);
  await page.context().close();
});

test('the palette switches the language both ways (a fresh user, so demo users keep theirs)', async ({ browser, baseURL }) => {
  const admin = await rolePage(browser, baseURL!, 'admin', 'en');
  const email = uniqueEmail('paleta');
  const otp = await addUserViaUi(admin, { name: 'Paula Paleta', email, role: 'Viewer' });
  await admin.context().close();

  const context = await browser.newContext({ baseURL, locale: 'en' });
  const page = await context.newPage();
  await completeFirstSignIn(page, email, otp, 'um-atalho-para-o-idioma-2026');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await pressShortcut(page);
  await search(page, 'portug');
  const toPt = palette(page).getByTestId('palette-action-switchLocale');
  await expect(toPt).toHaveText('Mudar para português');
  await expect(toPt).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visão geral');

  await pressShortcut(page);
  await search(page, 'english');
  await expect(palette(page).getByTestId('palette-action-switchLocale')).toHaveText('Switch to English');
  await expect(palette(page).getByTestId('palette-action-switchLocale')).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await context.close();
});
