import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { Dec } from '../lib/money/decimal';
import { DEMO, expect, storageStatePath, test } from './fixtures';
import { MAIN_ACCOUNT, SandboxApi, TREASURY_ACCOUNT } from './helpers/sandbox';

// Issue 26, items 1–3: amounts are read in the user's notation and shown back before anything is sent; a password
// never travels in a URL, scripts or not; a debit the balance cannot cover is refused on the field, naming what is
// available, by the page and again by the server.

type Amount = { value: string; asset: string };

/** Finance in a browser set to Portuguese (the demo users have no saved language, so Accept-Language decides). */
async function ptBrFinance(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStatePath('finance', baseURL), baseURL, locale: 'pt-BR' });
  return context.newPage();
}

async function availableBrl(request: APIRequestContext, accountName = MAIN_ACCOUNT): Promise<string> {
  const accounts = await request.get('/api/accounts?limit=100&sortOrder=ASCENDING');
  const { data } = (await accounts.json()) as { data: Array<{ id: string; owner: { legalName: string } }> };
  const id = data.find((a) => a.owner.legalName === accountName)!.id;
  const res = await request.get(`/api/balances?accountId=${id}`);
  const body = (await res.json()) as { data: { fiat: { amount: Amount | null }[] } };
  return body.data.fiat.find((e) => e.amount?.asset === 'BRL')!.amount!.value;
}

/** What pasting `text` over the whole field does (a real paste event; the headless clipboard needs permissions). */
async function paste(field: Locator, text: string): Promise<void> {
  await field.focus();
  await field.selectText().catch(() => undefined);
  await field.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function openConvert(page: Page, sell = 'BRL', buy = 'USD') {
  await page.goto('/convert');
  await page.locator('#convert-account').selectOption({ label: MAIN_ACCOUNT });
  await page.locator('#convert-sell').selectOption(sell);
  await page.locator('#convert-buy').selectOption(buy);
}

test.describe('amounts in the user notation (issue 26.1)', () => {
  test('pt-BR: typing 1.234,56 on /convert shows and quotes R$ 1.234,56', async ({ browser, baseURL }) => {
    const page = await ptBrFinance(browser, baseURL!);
    await openConvert(page);
    const field = page.locator('#convert-amount');
    await field.pressSequentially('1.234,56');
    await expect(field).toHaveValue('1.234,56');
    await expect(page.getByTestId('convert-amount-reading')).toHaveText('Entendido como R$ 1.234,56');
    await page.getByRole('button', { name: 'Pedir cotação' }).click();
    await expect(page.getByTestId('quote-pay')).toHaveAttribute('data-value', '1234.56');
    await expect(page.getByTestId('quote-pay')).toHaveText('R$ 1.234,56');
    await page.context().close();
  });

  test('pt-BR: what cannot be read exactly is refused on the field; paste and edits in the middle are read', async ({ browser, baseURL }) => {
    const page = await ptBrFinance(browser, baseURL!);
    await openConvert(page);
    const field = page.locator('#convert-amount');
    const error = page.locator('#convert-amount-error');
    const reading = page.getByTestId('convert-amount-reading');

    // The English notation in a Portuguese field is a misplaced separator: said on the field, nothing quoted.
    await field.pressSequentially('1234.56');
    await field.blur();
    await expect(error).toContainText('“.” separa os milhares');
    await expect(reading).toHaveCount(0);
    await page.getByRole('button', { name: 'Pedir cotação' }).click();
    await expect(page.getByTestId('quote-pay')).toHaveCount(0);

    // More decimals than BRL has: refused, never cut to 1,23.
    await field.fill('');
    await field.pressSequentially('1,234');
    await expect(error).toContainText('no máximo 2 casas decimais');
    await field.fill('');
    await field.pressSequentially('12a');
    await expect(error).toContainText('Use só algarismos');
    // Half-typed grouping is not an error while typing, but it is once the form is sent with it.
    await field.fill('');
    await field.pressSequentially('1.2');
    await expect(error).toHaveCount(0);
    await field.press('Enter');
    await expect(error).toContainText('“.” separa os milhares');
    await expect(page.getByTestId('quote-pay')).toHaveCount(0);

    // A paste in either notation is read and shown in the user's.
    await field.fill('');
    await paste(field, '1,234.56');
    await expect(field).toHaveValue('1.234,56');
    await expect(reading).toHaveText('Entendido como R$ 1.234,56');
    await field.fill('');
    await paste(field, 'R$ 1.234,56');
    await expect(field).toHaveValue('1.234,56');

    // Editing in the middle: a digit after the first one makes 10.234,56.
    await field.focus();
    await field.press('Home');
    await field.press('ArrowRight');
    await field.press('0');
    await expect(field).toHaveValue('10.234,56');
    await expect(reading).toHaveText('Entendido como R$ 10.234,56');
    await expect(error).toHaveCount(0);
    await page.context().close();
  });

  test('pt-BR: the deposit form reads 1.234,56 the same way', async ({ browser, baseURL }) => {
    const page = await ptBrFinance(browser, baseURL!);
    await page.goto('/deposits/new');
    // The treasury, not the main account: this deposit settles later, and a journey below drains the main account's
    // reais to the cent.
    await page.locator('#deposit-account').selectOption({ label: TREASURY_ACCOUNT });
    await page.locator('#deposit-asset').selectOption('BRL');
    await page.locator('#deposit-amount').pressSequentially('1.234,56');
    await expect(page.getByTestId('deposit-amount-reading')).toHaveText('Entendido como R$ 1.234,56');
    await page.getByRole('button', { name: 'Gerar instruções de pagamento' }).click();
    await expect(page).toHaveURL(/\/deposits\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('deposit-amount')).toHaveAttribute('data-value', '1234.56');
    await page.context().close();
  });

  test('en: the transfer form reads 1,234.56 and refuses 1.234,56', async ({ financePage: page }) => {
    await page.goto('/transfers/new');
    await page.getByLabel('From account').selectOption({ label: MAIN_ACCOUNT });
    await page.getByLabel('To account').selectOption({ label: TREASURY_ACCOUNT });
    await page.getByLabel('Asset').selectOption('BRL');
    const field = page.locator('#transfer-amount');
    await field.pressSequentially('1.234,56');
    await expect(page.locator('#transfer-amount-error')).toContainText('“,” separates thousands');
    await field.fill('');
    await field.pressSequentially('1,234.56');
    await expect(page.getByTestId('transfer-amount-reading')).toHaveText('Read as R$1,234.56');
    await expect(page.locator('#transfer-amount-error')).toHaveCount(0);
  });
});

test.describe('the balance is checked before money moves (issue 26.3)', () => {
  test('pt-BR convert: R$ 99.999.999 is refused on the field with what is available; nothing is quoted', async ({ browser, baseURL }) => {
    const page = await ptBrFinance(browser, baseURL!);
    // The demo customer's deposits settle by themselves, so the balance may move while this runs: any R$ amount.
    const sentence = /^Valor acima do saldo: só há R\$\s[\d.]+,\d{2} disponível nesta conta\.$/;
    await openConvert(page);
    await page.locator('#convert-amount').pressSequentially('99.999.999');
    await page.getByRole('button', { name: 'Pedir cotação' }).click();
    await expect(page.locator('#convert-amount-error')).toHaveText(sentence);
    await expect(page.getByTestId('quote-pay')).toHaveCount(0);

    // The bought side fixed: only the server knows the cost, and it refuses it the same way.
    await page.getByLabel('O valor que você compra').check();
    await page.locator('#convert-amount').fill('');
    await page.locator('#convert-amount').pressSequentially('19.909.895,02');
    await page.getByRole('button', { name: 'Pedir cotação' }).click();
    await expect(page.locator('#convert-amount-error')).toHaveText(sentence);
    await expect(page.getByTestId('quote-pay')).toHaveCount(0);
    await page.context().close();
  });

  test('convert: money that left after the quote is checked again at confirm; no FAILED swap is created', async ({ financePage: page, baseURL }) => {
    const sandbox = await SandboxApi.asDemo(page.request, baseURL!);
    const ids = await sandbox.accounts();
    const before = await availableBrl(page.request);
    const amount = new Dec(before).gt(2000) ? '1000.00' : '10.00';
    await openConvert(page);
    await page.locator('#convert-amount').fill(amount);
    await page.getByRole('button', { name: 'Get a quote' }).click();
    await expect(page.getByTestId('quote-pay')).toHaveAttribute('data-value', amount);
    // Everything but 1.00 leaves the account, as another person's transfer would.
    const out = new Dec(before).minus('1.00').toFixed(2);
    await sandbox.transfer(ids[MAIN_ACCOUNT]!, ids[TREASURY_ACCOUNT]!, out);
    await expect.poll(() => availableBrl(page.request), { timeout: 25_000 }).toBe('1.00');
    try {
      await page.getByTestId('quote-review').click();
      await page.getByRole('button', { name: 'Confirm conversion' }).click();
      await expect(page.locator('#convert-amount-error')).toHaveText('More than the balance: only R$1.00 is available in this account.');
      await expect(page).not.toHaveURL(/operation=/);
      const swaps = await page.request.get(`/api/operations?intentType=SWAP&accountId=${ids[MAIN_ACCOUNT]}&limit=5`);
      const { data } = (await swaps.json()) as { data: Array<{ quote: { id: string } }> };
      const quoteId = await page.getByTestId('quote-pay').getAttribute('data-quote-id');
      expect(data.filter((op) => op.quote.id === quoteId)).toHaveLength(0);
    } finally {
      await sandbox.transfer(ids[TREASURY_ACCOUNT]!, ids[MAIN_ACCOUNT]!, out);
      await expect.poll(() => availableBrl(page.request), { timeout: 25_000 }).toBe(before);
    }
  });

  test('en transfer and payout request over the balance: refused on the amount with what is available', async ({ financePage: page }) => {
    const sentence = /^More than the balance: only R\$[\d,]+\.\d{2} is available in this account\.$/;

    await page.goto('/transfers/new');
    await page.getByLabel('From account').selectOption({ label: MAIN_ACCOUNT });
    await page.getByLabel('To account').selectOption({ label: TREASURY_ACCOUNT });
    await page.getByLabel('Asset').selectOption('BRL');
    await page.locator('#transfer-amount').fill('99999999');
    await page.getByRole('button', { name: 'Review transfer' }).click();
    await expect(page.locator('#transfer-amount-error')).toHaveText(sentence);
    await expect(page).toHaveURL(/\/transfers\/new$/);

    await page.goto('/payouts/new');
    await expect(page.getByRole('button', { name: 'Request payout' })).toBeEnabled();
    await page.getByLabel('From account').selectOption({ label: MAIN_ACCOUNT });
    await page.getByLabel('Pay from asset').selectOption('BRL');
    const beneficiary = page.getByLabel('Beneficiary');
    const first = beneficiary.locator('option:not([disabled]):not([value=""])').first();
    await beneficiary.selectOption((await first.getAttribute('value'))!);
    await expect(page.getByLabel('PIX key')).not.toHaveValue('');
    await page.locator('#amount').fill('99999999');
    await page.getByRole('button', { name: 'Request payout' }).click();
    await expect(page.locator('#amount-error')).toHaveText(sentence);
    await expect(page).toHaveURL(/\/payouts\/new/);
  });
});

test.describe('passwords never go into a URL (issue 26.2)', () => {
  test.use({ javaScriptEnabled: false });

  test('without JavaScript the sign-in form posts, leads on to the second factor, and a wrong password comes back worded', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { email, password } = DEMO.viewer;
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));

    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('not-the-password-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?/);
    await expect(page.locator('#login-error')).toContainText('E-mail or password is incorrect.');

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The password was accepted: the demo users have an authenticator app, so the next step is the second factor.
    await page.waitForURL(/\/login\/second-factor/);
    // The code is a secret too: its form posts, and stays inert until scripts run (they never do here).
    await expect(page.locator('form[method="post"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();

    for (const url of urls) {
      expect(url).not.toContain('password');
      expect(url).not.toContain(encodeURIComponent(password));
      expect(url).not.toContain('not-the-password');
    }

    // The change-password form posts too, and its button is inert until scripts run (they never do here).
    const signedIn = await browser.newContext({ javaScriptEnabled: false, storageState: storageStatePath('viewer', baseURL!), baseURL });
    const other = await signedIn.newPage();
    other.on('request', (r) => urls.push(r.url()));
    await other.goto('/change-password');
    await expect(other.locator('form[method="post"]')).toHaveCount(1);
    await expect(other.getByRole('button', { name: 'Change password' })).toBeDisabled();
    await other.getByLabel('Current password').fill(password);
    await other.getByLabel('Current password').press('Enter');
    await expect(other).toHaveURL(/\/change-password$/);
    for (const url of urls) expect(url).not.toContain(encodeURIComponent(password));
    await signedIn.close();
  });
});
