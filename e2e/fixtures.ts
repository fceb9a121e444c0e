import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { storageStatePath, type DemoRole } from './helpers/roles';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';

export { expect };
export { DEMO, EXPECTED_NAV, ROLES, storageStatePath, type DemoRole } from './helpers/roles';

type Theme = 'light' | 'dark';

/** A new browser context signed in as a demo role (state saved by global-setup), optionally in a theme. */
export async function newRoleContext(browser: Browser, role: DemoRole, baseURL: string, theme?: Theme): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState: storageStatePath(role, baseURL), baseURL });
  // A browser that signed in through /login carries the time-zone cookie that page sets; the saved states come from
  // an API sign-in and do not. Without it the first page of every context refreshed itself to the browser's zone
  // right after loading, and an axe check running meanwhile now and then saw the page without its <title>. The zone
  // is this machine's, the one Chromium reports in a context without `timezoneId`. Specs that set their own zone
  // (i18n, operations) build their own contexts and still meet the first visit's refresh.
  await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone), url: baseURL }]);
  if (theme) await setTheme(context, baseURL, theme);
  return context;
}

/** The theme is a cookie read on the server, so setting it before navigation gives the right first paint. */
export async function setTheme(context: BrowserContext, baseURL: string, theme: Theme): Promise<void> {
  await context.addCookies([{ name: 'theme', value: theme, url: baseURL }]);
}

type RoleFixtures = {
  adminPage: Page;
  /** The second admin, who decides the first one's control changes (lib/control-changes). */
  admin2Page: Page;
  compliancePage: Page;
  financePage: Page;
  finance2Page: Page;
  viewerPage: Page;
};

function rolePage(role: DemoRole) {
  return async ({ browser, baseURL }: { browser: Browser; baseURL: string | undefined }, use: (page: Page) => Promise<void>) => {
    const context = await newRoleContext(browser, role, baseURL!);
    const page = await context.newPage();
    await use(page);
    await context.close();
  };
}

/** `test` with one signed-in page per demo role: `test('…', async ({ adminPage, viewerPage }) => …)`. */
export const test = base.extend<RoleFixtures>({
  adminPage: rolePage('admin'),
  admin2Page: rolePage('admin2'),
  compliancePage: rolePage('compliance'),
  financePage: rolePage('finance'),
  finance2Page: rolePage('finance2'),
  viewerPage: rolePage('viewer'),
});

/**
 * Fails with a readable list (rule, impact, first targets) when axe finds WCAG 2.x A/AA violations on the
 * page as it is now. `exclude` takes CSS selectors for third-party regions (none today).
 *
 * Legacy mode: axe.run once in the page, same rules and tags. The default mode injects axe-core (~0.5 MB) into
 * the page, then opens a blank page in the same context, injects it again there and finishes the run in it —
 * a new page and a second injection per check, about a quarter of the whole suite's time in axe. What legacy
 * mode gives up is checking cross-origin iframes, and the console has no iframes.
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // Next streams a dynamic page's metadata after its shell (generateMetadata may wait for data, e.g. a beneficiary's
  // name): checked before the <title> arrives, axe reported `document-title` (the flake of onboarding.spec.ts and
  // beneficiary-company.spec.ts). Every page has a title; the check waits for it, then looks at the finished page.
  await expect.poll(() => page.title(), { message: `${page.url()} has its <title>` }).not.toBe('');
  let builder = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  let { violations } = await builder.analyze();
  // A router refresh (a live page refreshes itself once its event stream opens) can commit the page a moment before
  // Next has its metadata again, and the <title> is gone meanwhile: a probe on a payout page at load 2 saw it gone
  // 3 times in 58 loads, for up to ~340 ms, with metadata streamed or not (htmlLimitedBots: /.*/, 1 in 56). An axe
  // run in that moment reported `document-title` (control-changes.spec.ts in CI). Then the check is made once more,
  // after the title is back; a page that never has one still fails.
  if (violations.some((v) => v.id === 'document-title')) {
    await expect.poll(() => page.title(), { message: `${page.url()} has its <title> again` }).not.toBe('');
    ({ violations } = await builder.analyze());
  }
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
