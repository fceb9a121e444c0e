import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, storageStatePath, test } from './fixtures';

// Issue 26, item 15: the operations cards at 390 px name their links by what they show (axe's experimental
// label-content-name-mismatch, off by default), and a slow navigation shows a progress bar at the top of the
// viewport (accessible, no layout shift, no animation with reduced motion).

async function financeAt(browser: Browser, baseURL: string, options: { width: number; reducedMotion?: 'reduce' }): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    storageState: storageStatePath('finance', baseURL),
    viewport: { width: options.width, height: 844 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  return context.newPage();
}

/** Every React Server Components request (prefetches included) answers 3 s late. */
async function slowNavigations(page: Page): Promise<void> {
  await page.route('**/*', async (route: Route) => {
    const headers = route.request().headers();
    if (headers['rsc'] === '1' || new URL(route.request().url()).searchParams.has('_rsc')) {
      await new Promise((r) => setTimeout(r, 3_000));
    }
    await route.continue().catch(() => undefined);
  });
}

test('the /operations cards at 390 px: link names contain their visible text (axe, experimental rule on)', async ({ browser, baseURL }) => {
  const page = await financeAt(browser, baseURL!, { width: 390 });
  await page.goto('/operations');
  const cards = page.locator('[data-operation-id]:visible');
  await expect(cards.first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .withRules(['label-content-name-mismatch'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  await expectNoAxeViolations(page);
  await page.context().close();
});

test('a 3 s navigation shows an accessible progress bar at the top, without moving the page', async ({ browser, baseURL }) => {
  const page = await financeAt(browser, baseURL!, { width: 1280 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const headingBefore = await page.getByRole('heading', { level: 1 }).boundingBox();
  await slowNavigations(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Operations' }).click();
  const bar = page.getByRole('progressbar', { name: 'Loading the page' });
  await expect(bar).toBeVisible({ timeout: 1_000 });
  const box = await bar.boundingBox();
  expect(box!.y).toBe(0);
  expect(box!.height).toBeLessThanOrEqual(4);
  expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  // Nothing moved while it shows (it is out of the flow).
  expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(headingBefore);
  await page.waitForURL(/\/operations$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible({ timeout: 15_000 });
  await expect(bar).toBeHidden();
  await page.context().close();
});

test('with reduced motion the progress bar shows without animating', async ({ browser, baseURL }) => {
  const page = await financeAt(browser, baseURL!, { width: 390, reducedMotion: 'reduce' });
  await page.goto('/operations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await slowNavigations(page);
  await page.locator('[data-operation-id]:visible').first().getByRole('link').first().click();
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible({ timeout: 1_000 });
  // No animation and no transition longer than the reduced-motion rule's 0.01 ms.
  const moving = await bar.evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      .map((node) => getComputedStyle(node))
      .filter((s) => s.animationName !== 'none' || s.transitionDuration.split(',').some((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000) > 0.02))
      .map((s) => `${s.animationName} ${s.transitionDuration}`),
  );
  expect(moving).toEqual([]);
  await page.waitForURL(/\/operations\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(bar).toBeHidden({ timeout: 15_000 });
  await page.context().close();
});
