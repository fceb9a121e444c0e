import { devices, type Browser } from '@playwright/test';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';
import { expect, expectNoAxeViolations, storageStatePath, test } from './fixtures';

// A phone gets each list's cards alone (components/data-table/data-list.tsx): the table it would never show was half
// of what the page hydrated. A desktop window at the phone's width still gets both, CSS showing the cards.
// A phone also gets the folded menu alone (app/(console)/layout.tsx), at any width, and no sidebar.

async function adminAt(browser: Browser, baseURL: string, phone: boolean, viewport = { width: 390, height: 844 }) {
  const context = await browser.newContext({
    ...(phone ? { ...devices['Pixel 7'], ...(viewport.width > 500 ? { viewport } : {}) } : { viewport }),
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

test('a phone gets the folded menu alone, even turned sideways; a desktop window gets the sidebar', async ({ browser, baseURL }) => {
  // Pixel 7 turned sideways is 915 px wide, past `md` (768 px), where a desktop window shows the sidebar instead.
  const phone = await adminAt(browser, baseURL!, true, { width: 915, height: 412 });
  await phone.goto('/operations');
  await expect(phone.locator('aside nav')).toHaveCount(0);
  // One copy of the section links in the markup (in the closed menu, so out of the accessibility tree until opened).
  await expect(phone.locator('nav[aria-label="Main"]')).toHaveCount(1);
  const menu = phone.locator('summary', { hasText: /^Menu$/ });
  await expect(menu).toBeVisible();
  await menu.click();
  await phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(phone).toHaveURL(/\/payouts$/);
  await expect(phone.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expectNoAxeViolations(phone);

  const desktop = await adminAt(browser, baseURL!, false, { width: 1280, height: 800 });
  await desktop.goto('/operations');
  await expect(desktop.locator('aside nav')).toBeVisible();
  await expect(desktop.locator('summary', { hasText: /^Menu$/ })).toBeHidden();
  await phone.context().close();
  await desktop.context().close();
});
