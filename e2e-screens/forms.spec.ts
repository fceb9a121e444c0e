import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { storageStatePath } from '../e2e/helpers/roles';

/**
 * Every form page with a validation message on screen, in pt-BR and en at desktop and 390 px width: submitted empty,
 * so each form shows how it says "this field is needed". PNGs under `FORM_SHOTS_DIR` (default screenshots/forms) to
 * compare one build with another: `E2E_PORT=… npx playwright test -c playwright.screens.config.ts forms`.
 */
const LOCALES = ['pt-BR', 'en'] as const;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const OUT = process.env.FORM_SHOTS_DIR ?? path.join(process.cwd(), 'screenshots', 'forms');
const FORMS = ['/accounts/new', '/beneficiaries/new', '/convert', '/deposits/new', '/payouts/new', '/transfers/new'] as const;

async function submitEmpty(page: Page) {
  const submit = page.locator('main form button[type="submit"]').first();
  await expect(submit).toBeEnabled();
  await submit.click();
  // A field message (role-free: the Field's error paragraph) or the form's alert.
  await expect(page.locator('main [aria-invalid="true"], main [role="alert"]').first()).toBeVisible();
}

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test(`form pages with a validation message in ${locale} at ${viewport.name} width`, async ({ browser, baseURL }) => {
      const dir = path.join(OUT, locale, viewport.name);
      mkdirSync(dir, { recursive: true });
      const context = await browser.newContext({
        baseURL,
        locale,
        timezoneId: 'America/Sao_Paulo',
        viewport: { width: viewport.width, height: viewport.height },
        storageState: storageStatePath('admin', baseURL!),
      });
      const page = await context.newPage();
      for (const route of FORMS) {
        await page.goto(route);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await submitEmpty(page);
        await page.screenshot({ path: path.join(dir, `${route.slice(1).replace(/\//g, '-')}.png`), fullPage: true });
      }
      await context.close();
      const visitor = await browser.newContext({ baseURL, locale, viewport: { width: viewport.width, height: viewport.height } });
      const login = await visitor.newPage();
      await login.goto('/login');
      await submitEmpty(login.locator('body').page());
      await login.screenshot({ path: path.join(dir, 'login.png'), fullPage: true });
      await visitor.close();
    });
  }
}
