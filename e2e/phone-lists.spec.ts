import { devices, type Browser } from '@playwright/test';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';
import { expect, expectNoAxeViolations, storageStatePath, test } from './fixtures';

// A phone gets each list's cards alone (components/data-table/data-list.tsx): the table it would never show was half
// of what the page hydrated. A desktop window at the phone's width still gets both, CSS showing the cards.

async function adminAt(browser: Browser, baseURL: string, phone: boolean) {
  const context = await browser.newContext({
    ...(phone ? devices['Pixel 7'] : { viewport: { width: 390, height: 844 } }),
    storageState: storageStatePath('admin', baseURL),
    baseURL,
  });
  await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone), url: baseURL }]);
  return context.newPage();
}

for (const path of ['/team', '/audit', '/operations', '/webhooks']) {
  test(`${path} on a phone: the cards alone, nothing hidden in the markup, no sideways scroll`, async ({ browser, baseURL }) => {
    const phone = await adminAt(browser, baseURL!, true);
    await phone.goto(path);
    const list = phone.locator('main ul[aria-label]').first();
    await expect(list).toBeVisible();
    await expect(phone.locator('main table')).toHaveCount(0);
    const { scrollWidth, innerWidth } = await phone.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(phone);
    if (process.env.PHONE_SHOTS) await phone.screenshot({ path: `${process.env.PHONE_SHOTS}/phone${path.replace(/\//g, '-')}.png`, fullPage: true });

    // The same width in a desktop browser: both in the markup, the cards shown, the table hidden.
    const desktop = await adminAt(browser, baseURL!, false);
    await desktop.goto(path);
    await expect(desktop.locator('main ul[aria-label]').first()).toBeVisible();
    await expect(desktop.locator('main table').first()).toBeHidden();
    expect(await desktop.locator('main table').count()).toBeGreaterThan(0);
    await phone.context().close();
    await desktop.context().close();
  });
}
