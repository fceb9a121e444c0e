import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { storageStatePath, type DemoRole } from '../e2e/helpers/roles';

/**
 * Refusals as the reader sees them, in pt-BR and en at desktop and 390 px width, each sentence from
 * messages/<locale>/errors.json: a payout request the balance cannot cover (the server's refusal, on the amount
 * field and as the form's sentence), a rejection without a reason (the payout's dialog), and the simulate-payment
 * button's refusal of a deposit that no longer waits for a payment. PNGs under `REFUSAL_SHOTS_DIR` (default
 * screenshots/refusals): `E2E_PORT=… npx playwright test -c playwright.screens.config.ts refusals`.
 */
const OUT = process.env.REFUSAL_SHOTS_DIR ?? path.join(process.cwd(), 'screenshots', 'refusals');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const WORDS = {
  en: {
    overBalance: /^More than the balance: only .+ is available in this account\.$/,
    tooMuch: '999999999.00',
    notRequested: 'The payout was not requested',
    reject: 'Reject',
    rejectDialog: 'Reject this payout?',
    rejectButton: 'Reject payout',
    giveReason: 'Give a reason.',
    simulate: 'Simulate payment',
    notWaiting: /^This deposit is no longer waiting for a payment\./,
  },
  'pt-BR': {
    overBalance: /^Valor acima do saldo: só há .+ disponível nesta conta\.$/,
    tooMuch: '999999999,00',
    notRequested: 'O pagamento não foi pedido',
    reject: 'Rejeitar',
    rejectDialog: 'Rejeitar este pagamento?',
    rejectButton: 'Rejeitar pagamento',
    giveReason: 'Informe um motivo.',
    simulate: 'Simular pagamento',
    notWaiting: /^Este depósito não está mais aguardando pagamento\./,
  },
} as const;
type Locale = keyof typeof WORDS;
const FUNDED = 'Acme Importação Ltda';

async function open(browser: Browser, baseURL: string, role: DemoRole, locale: Locale, viewport: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({
    baseURL,
    locale,
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: viewport.width, height: viewport.height },
    storageState: storageStatePath(role, baseURL),
  });
  return { context, page: await context.newPage() };
}

/** The payout form filled for the funded demo account and its first payable beneficiary (the sandbox reviews keys at start-up). */
async function fillPayout(page: Page, amount: string) {
  await page.goto('/payouts/new');
  const account = page.locator('#sourceAccountId');
  await account.selectOption((await account.locator('option', { hasText: FUNDED }).first().getAttribute('value'))!);
  const beneficiary = page.locator('#beneficiaryId option:not([disabled])[value]:not([value=""])').first();
  await beneficiary.waitFor({ state: 'attached', timeout: 60_000 });
  await page.locator('#beneficiaryId').selectOption((await beneficiary.getAttribute('value'))!);
  await page.locator('#instructionId option:not([disabled])[value]:not([value=""])').first().waitFor({ state: 'attached' });
  await page.locator('#amount').fill(amount);
  await page.locator('form', { has: page.locator('#amount') }).locator('button[type="submit"]').click();
}

let payoutId = '';

test.describe.configure({ mode: 'serial' });

test('a payout for more than the balance is refused on its field and by the form, in both languages', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  for (const locale of ['en', 'pt-BR'] as const) {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await open(browser, baseURL!, 'finance', locale, viewport);
      await fillPayout(page, WORDS[locale].tooMuch);
      await expect(page.locator('[id="amount-error"]')).toHaveText(WORDS[locale].overBalance);
      await expect(page.getByRole('alert').filter({ hasText: WORDS[locale].notRequested })).toBeVisible();
      const dir = path.join(OUT, locale, viewport.name);
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, 'payout-over-balance.png'), fullPage: true });
      await context.close();
    }
  }
  const { context, page } = await open(browser, baseURL!, 'finance', 'en', VIEWPORTS[0]);
  await fillPayout(page, '10.00');
  await page.waitForURL(/\/payouts\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  payoutId = page.url().split('/').pop()!;
  await context.close();
});

test('a rejection without a reason is refused in the dialog, in both languages', async ({ browser, baseURL }) => {
  for (const locale of ['en', 'pt-BR'] as const) {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await open(browser, baseURL!, 'finance2', locale, viewport);
      await page.goto(`/payouts/${payoutId}`);
      await page.getByRole('button', { name: WORDS[locale].reject, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: WORDS[locale].rejectDialog });
      await dialog.getByRole('button', { name: WORDS[locale].rejectButton }).click();
      await expect(dialog.getByText(WORDS[locale].giveReason)).toBeVisible();
      const dir = path.join(OUT, locale, viewport.name);
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, 'payout-reject-no-reason.png') });
      await context.close();
    }
  }
});

test('the simulate-payment button says the deposit no longer waits for a payment, in both languages', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  for (const locale of ['en', 'pt-BR'] as const) {
    for (const viewport of VIEWPORTS) {
      const { context, page } = await open(browser, baseURL!, 'finance', locale, viewport);
      await page.goto('/deposits/new');
      const account = page.locator('#deposit-account');
      await account.selectOption((await account.locator('option', { hasText: FUNDED }).first().getAttribute('value'))!);
      await page.locator('#deposit-asset').selectOption('BRL');
      await page.locator('#deposit-amount').fill('25');
      await page.locator('form', { has: page.locator('#deposit-amount') }).locator('button[type="submit"]').last().click();
      await page.waitForURL(/\/deposits\/[0-9a-f-]{36}$/);
      // The sandbox pays a REQUESTED deposit itself and never refuses one that still waits, so the refusal the action
      // gives when the service says the deposit is past waiting is stood in for: the action's answer is taken from
      // the server (for an unknown operation, so nothing is paid) with its code replaced by DEPOSIT_NOT_AWAITING_PAYMENT.
      await page.route(
        (url) => /\/deposits\/[0-9a-f-]{36}$/.test(url.pathname),
        async (route) => {
          const request = route.request();
          if (request.method() !== 'POST' || !request.headers()['next-action']) return route.continue();
          const response = await route.fetch({ postData: JSON.stringify([{ operationId: crypto.randomUUID() }]) });
          const body = (await response.text()).replace(/"code":"[A-Z_]+"/, '"code":"DEPOSIT_NOT_AWAITING_PAYMENT"');
          expect(body).toContain('DEPOSIT_NOT_AWAITING_PAYMENT');
          await route.fulfill({ response, body });
        },
      );
      const button = page.getByRole('button', { name: WORDS[locale].simulate });
      await button.click({ timeout: 5_000 });
      const refusal = page.getByTestId('simulate-payment').getByRole('alert');
      await expect(refusal).toHaveText(WORDS[locale].notWaiting);
      const dir = path.join(OUT, locale, viewport.name);
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, 'deposit-simulate-refused.png'), fullPage: true });
      await context.close();
    }
  }
});
