import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { signInViaUi } from './helpers/auth';
import { addUserViaUi, completeFirstSignIn, uniqueEmail } from './helpers/team';
import { storageStatePath } from './helpers/roles';

/** A signed-out page whose browser speaks `locale` (Accept-Language) and lives in `timezoneId`. */
async function visitor(browser: Browser, baseURL: string, locale: string, timezoneId = 'America/Sao_Paulo'): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale, timezoneId });
  return context.newPage();
}

async function chooseLanguage(page: Page, menuLabel: string, language: string, saveLabel: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  const form = page.getByTestId('preferences-form');
  await form.getByLabel(menuLabel).selectOption({ label: language });
  await form.getByRole('button', { name: saveLabel }).click();
}

test.describe('language and time zone', () => {
  test('a visitor gets the browser language when it is Portuguese or English, else Portuguese', async ({ browser, baseURL }) => {
    for (const [locale, lang, heading] of [
      ['pt-BR', 'pt-BR', 'Entrar'],
      ['en-US', 'en', 'Sign in'],
      ['fr-FR', 'pt-BR', 'Entrar'],
    ] as const) {
      const page = await visitor(browser, baseURL!, locale);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.context().close();
    }
  });

  test('the login form validates and fails in Portuguese, and is accessible', async ({ browser, baseURL }) => {
    const page = await visitor(browser, baseURL!, 'pt-BR');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Informe o seu e-mail.')).toBeVisible();
    await page.getByLabel('E-mail').fill('ninguem@e2e.test');
    await page.getByLabel('Senha').fill('nao-e-essa-senha');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.locator('#login-error')).toHaveText('E-mail ou senha incorretos.');
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  test('the language chosen in the user menu sticks across sign-ins and browsers', async ({ browser, baseURL, adminPage }) => {
    const email = uniqueEmail('idioma');
    const otp = await addUserViaUi(adminPage, { name: 'Iara Idioma', email, role: 'Viewer' });

    // An English browser: the console starts in English.
    const en = await visitor(browser, baseURL!, 'en-US');
    await completeFirstSignIn(en, email, otp, 'uma-senha-nova-2026');
    await expect(en.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toHaveText('Overview');
    await expectNoAxeViolations(en);

    // Any IANA zone can be chosen, but the ~400 of them are not in every page's HTML: the menu lists them from the
    // browser's Intl once opened.
    expect(await (await en.request.get('/')).text()).not.toContain('Asia/Tokyo');
    await en.getByTestId('user-menu').click();
    const prefs = en.getByTestId('preferences-form');
    await prefs.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await prefs.getByLabel('Language').selectOption({ label: 'Português (Brasil)' });
    await prefs.getByRole('button', { name: 'Save preferences' }).click();
    await expect(en.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(en.getByRole('navigation', { name: 'Principal' }).getByRole('link').first()).toHaveText('Visão geral');
    await expectNoAxeViolations(en);
    await en.context().close();

    // A new sign-in from another English browser keeps the saved choice.
    const again = await visitor(browser, baseURL!, 'en-US');
    await signInViaUi(again, email, 'uma-senha-nova-2026');
    await expect(again.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(again.getByRole('heading', { level: 1 })).toHaveText('Visão geral');
    await expect(again.locator('#pref-time-zone')).toHaveValue('Asia/Tokyo');

    // And back to English.
    await chooseLanguage(again, 'Idioma', 'English', 'Salvar preferências');
    await expect(again.locator('html')).toHaveAttribute('lang', 'en');
    await expect(again.getByRole('heading', { level: 1 })).toHaveText('Overview');
    await again.context().close();
  });
});

test.describe('the account journey in Portuguese', () => {
  test('compliance opens an account in pt-BR: field errors, detail and dates in São Paulo time, axe clean', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      storageState: storageStatePath('compliance', baseURL!),
    });
    const page = await context.newPage();
    await page.goto('/accounts/new');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1, name: 'Nova conta' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Criar conta' });
    await expect(submit).toBeEnabled();

    // Field errors in Portuguese, from the same schema the server uses.
    await submit.click();
    await expect(page.locator('#legalName-error')).toHaveText('Informe a razão social.');
    await expect(page.locator('#industry-error')).toHaveText('Escolha um setor.');
    await expect(page.locator('#assets-error')).toHaveText('Escolha pelo menos uma moeda.');
    await page.getByLabel('CNPJ').fill('11.222.333/0001-82');
    await page.getByLabel('CNPJ').blur();
    await expect(page.locator('#taxId-error')).toContainText('dígitos verificadores');
    await expectNoAxeViolations(page);

    const name = `Empresa E2E ${Date.now().toString(36).toUpperCase()} Ltda`;
    await page.getByLabel('Razão social').fill(name);
    await page.getByLabel('CNPJ').fill('11.222.333/0001-81');
    await page.getByLabel('Setor').selectOption('INFORMATION_TECHNOLOGY');
    await page.getByLabel('Data de constituição').fill('2015-03-10');
    await page.getByLabel('CEP').fill('01310-100');
    await page.getByLabel('Logradouro e número').fill('Av. Paulista, 1000');
    await page.getByLabel('Cidade').fill('São Paulo');
    await page.getByLabel('Estado (UF)').fill('SP');
    await page.getByRole('checkbox', { name: 'BRL', exact: true }).check();
    const started = Date.now();
    await submit.click();

    await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Esta conta precisa de ação')).toBeVisible();
    await expect(page.getByText('Tecnologia da informação')).toBeVisible();
    // The state history shows the creation in São Paulo time (UTC−3), with the UTC instant on hover.
    const created = page.locator('ol[aria-label="Histórico de situações da conta"] time').first();
    const sp = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(started);
    await expect(created).toContainText(sp);
    await expect(created).toHaveAttribute('title', /UTC$/);
    await expectNoAxeViolations(page);

    // Money in the Brazilian format on the Overview (`R$ 223.500,00`, never `R$223,500.00`).
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Visão geral' })).toBeVisible();
    await expect(page.locator('[data-asset="BRL"]').first()).toHaveText(/^R\$\s[\d.]+,\d{2}$/);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
