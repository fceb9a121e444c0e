import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { CONSOLE_ROUTES } from '../lib/auth/routes';
import { storageStatePath } from '../e2e/helpers/roles';

const LOCALES = ['pt-BR', 'en'] as const;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const OUT = path.join(process.cwd(), 'screenshots', 'pages');

/** `/accounts/[accountId]` → `accounts-accountId`; `/` → `overview`. */
function slug(pattern: string): string {
  return pattern === '/' ? 'overview' : pattern.slice(1).replace(/[[\]]/g, '').replace(/\//g, '-');
}

/**
 * A real path for a pattern: a dynamic segment is filled by following the first link under the parent list that
 * matches the pattern (the demo data has at least one of each), so no id is hard-coded here.
 */
async function resolvePath(page: Page, pattern: string): Promise<string | null> {
  if (!pattern.includes('[')) return pattern;
  const parent = pattern.slice(0, pattern.indexOf('/['));
  await page.goto(parent);
  const prefix = `${parent}/`;
  const hrefs = await page.locator(`main a[href^="${prefix}"]`).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const depth = pattern.split('/').length;
  const match = hrefs.find((href) => href.split('?')[0].split('/').length === depth && !href.endsWith('/new'));
  return match ? match.split('?')[0] : null;
}

async function shoot(browser: Browser, baseURL: string, locale: string, viewport: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({
    baseURL,
    locale,
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: viewport.width, height: viewport.height },
    storageState: storageStatePath('admin', baseURL),
  });
  const page = await context.newPage();
  const dir = path.join(OUT, locale, viewport.name);
  mkdirSync(dir, { recursive: true });
  const missing: string[] = [];
  for (const route of CONSOLE_ROUTES) {
    const target = await resolvePath(page, route.pattern);
    if (!target) {
      missing.push(route.pattern);
      continue;
    }
    const response = await page.goto(target);
    expect(response?.status(), `${target} answers`).toBeLessThan(400);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({ path: path.join(dir, `${slug(route.pattern)}.png`), fullPage: true });
  }
  await context.close();
  // Signed out: the sign-in page.
  const visitor = await browser.newContext({ baseURL, locale, viewport: { width: viewport.width, height: viewport.height } });
  const login = await visitor.newPage();
  await login.goto('/login');
  await login.screenshot({ path: path.join(dir, 'login.png'), fullPage: true });
  await visitor.close();
  return missing;
}

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test(`every page in ${locale} at ${viewport.name} width`, async ({ browser, baseURL }) => {
      const missing = await shoot(browser, baseURL!, locale, viewport);
      // A detail page without a row to follow is reported, not silently skipped.
      test.info().annotations.push({ type: 'no instance to open', description: missing.join(', ') || 'none' });
    });
  }
}
