import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { signInViaUi } from './helpers/auth';
import { addUserViaUi, completeFirstSignIn, uniqueEmail } from './helpers/team';

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

    await chooseLanguage(en, 'Language', 'Português (Brasil)', 'Save preferences');
    await expect(en.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(en.getByRole('navigation', { name: 'Principal' }).getByRole('link').first()).toHaveText('Visão geral');
    await expectNoAxeViolations(en);
    await en.context().close();

    // A new sign-in from another English browser keeps the saved choice.
    const again = await visitor(browser, baseURL!, 'en-US');
    await signInViaUi(again, email, 'uma-senha-nova-2026');
    await expect(again.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(again.getByRole('heading', { level: 1 })).toHaveText('Visão geral');

    // And back to English.
    await chooseLanguage(again, 'Idioma', 'English', 'Salvar preferências');
    await expect(again.locator('html')).toHaveAttribute('lang', 'en');
    await expect(again.getByRole('heading', { level: 1 })).toHaveText('Overview');
    await again.context().close();
  });
});
