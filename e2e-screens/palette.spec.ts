import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { storageStatePath } from '../e2e/helpers/roles';

/**
 * The open command palette (admin, a name that finds several kinds), in pt-BR and en, light and dark, at 1280 and
 * 390 px, saved under screenshots/palette/ (PALETTE_SHOTS_DIR elsewhere) to be looked at.
 */
const OUT = process.env.PALETTE_SHOTS_DIR ?? path.join(process.cwd(), 'screenshots', 'palette');

for (const locale of ['en', 'pt-BR'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      test(`palette ${locale} ${theme} ${width}`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({
          baseURL,
          locale,
          timezoneId: 'America/Sao_Paulo',
          viewport: { width, height: width < 600 ? 844 : 900 },
          storageState: storageStatePath('admin', baseURL!),
        });
        await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
        const page = await context.newPage();
        await page.goto('/');
        mkdirSync(OUT, { recursive: true });
        await page.screenshot({ path: path.join(OUT, `header-${locale}-${theme}-${width}.png`) });
        await page.getByTestId('palette-open').click();
        const dialog = page.getByTestId('palette');
        await expect(dialog.locator('[data-testid="palette-result"]').first()).toBeVisible();
        await page.screenshot({ path: path.join(OUT, `recent-${locale}-${theme}-${width}.png`) });
        await dialog.getByTestId('palette-input').fill('acme');
        await expect(dialog.locator('[data-kind="account"]').first()).toBeVisible();
        await page.screenshot({ path: path.join(OUT, `name-${locale}-${theme}-${width}.png`) });
        await context.close();
      });
    }
  }
}
