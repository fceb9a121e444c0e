import type { Request } from '@playwright/test';
import { DEMO, EXPECTED_NAV, expect, expectNoAxeViolations, newRoleContext, test } from './fixtures';
import { loginError, navLabels, signInViaUi } from './helpers/auth';
import { addUserViaUi, approveChangeAsSecondAdmin, completeFirstSignIn, teamRow, uniqueEmail, withSecondAdminDisabled } from './helpers/team';

test.describe('team (admin)', () => {
  test('lists users with role, status and last sign-in', async ({ adminPage }) => {
    await adminPage.goto('/team');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    const admin = teamRow(adminPage, DEMO.admin.email);
    await expect(admin).toContainText(DEMO.admin.name);
    await expect(admin).toContainText('(you)');
    await expect(admin.getByRole('combobox', { name: `Role for ${DEMO.admin.name}` })).toHaveValue('admin');
    await expect(admin).toContainText('Active');
    // global-setup signed every demo user in, so each has a last sign-in time.
    await expect(teamRow(adminPage, DEMO.viewer.email).locator('time')).toHaveText(/\d{4}/);
    // Shown in the reader's time zone; the UTC instant is on hover.
    await expect(teamRow(adminPage, DEMO.viewer.email).locator('time')).toHaveAttribute('title', /UTC$/);
    // Nobody can disable themselves: no button on their own row.
    await expect(admin.getByRole('button', { name: /Disable/ })).toHaveCount(0);
  });

  test('at 390 px the team is one card per person: nothing cut off, no sideways scroll', async ({ adminPage }) => {
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.goto('/team');
    const cards = adminPage.getByRole('list', { name: 'Team members' });
    await expect(cards).toBeVisible();
    await expect(adminPage.getByRole('table', { name: 'Team members' })).toBeHidden();
    const viewer = adminPage.getByTestId(`team-card-${DEMO.viewer.email}`);
    await expect(viewer.getByRole('combobox', { name: `Role for ${DEMO.viewer.name}` })).toBeVisible();
    const action = viewer.getByRole('button', { name: new RegExp(`^(Disable|Re-enable) ${DEMO.viewer.name}$`) });
    await expect(action).toBeVisible();
    const box = await action.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(adminPage);
    await adminPage.screenshot({ path: 'screenshots/team-mobile.png', fullPage: true });
  });

  test('add user: field errors from the form and from the server', async ({ adminPage }) => {
    await adminPage.goto('/team');
    await adminPage.getByRole('button', { name: 'Add user' }).first().click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Enter a name.')).toBeVisible();
    await dialog.getByLabel('Name').fill('Duplicate Person');
    await dialog.getByLabel('E-mail').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByText('Enter a valid e-mail address.')).toBeVisible();
    // Only the server knows the address is taken: its fieldErrors land on the field.
    await dialog.getByLabel('E-mail').fill(DEMO.viewer.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByText('A user with this e-mail already exists.')).toBeVisible();
    await expect(dialog.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('E-mail')).toBeFocused();
    await adminPage.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('add user shows the one-time password once; the new user is listed as invited', async ({ adminPage }) => {
    const email = uniqueEmail('added');
    const otp = await addUserViaUi(adminPage, { name: 'Added Person', email, role: 'Compliance' });
    expect(otp.length).toBeGreaterThanOrEqual(12);
    const row = teamRow(adminPage, email);
    await expect(row).toContainText('Invited');
    await expect(row.getByRole('combobox')).toHaveValue('compliance');
    // Re-opening the dialog shows an empty form, never the old password.
    await adminPage.getByRole('button', { name: 'Add user' }).first().click();
    await expect(adminPage.getByTestId('one-time-password')).toHaveCount(0);
    await expect(adminPage.getByRole('dialog', { name: 'Add user' }).getByLabel('Name')).toHaveValue('');
    await adminPage.keyboard.press('Escape');
  });

  test('role change and disable take effect on the user’s next request', async ({ adminPage, admin2Page, browser, baseURL }) => {
    // Two sign-ins, a second admin's step-up approval and five role/disable round-trips: over a minute under CI load.
    test.slow();
    const email = uniqueEmail('target');
    const otp = await addUserViaUi(adminPage, { name: 'Role Target', email, role: 'Viewer' });
    const userContext = await browser.newContext({ baseURL });
    const userPage = await userContext.newPage();
    await completeFirstSignIn(userPage, email, otp, 'amber-harbor-2026-x');
    expect(await navLabels(userPage)).toEqual(EXPECTED_NAV.viewer);

    // Promote to admin (select → confirm): a new admin needs a second admin, so the change waits.
    await adminPage.goto('/team');
    const row = teamRow(adminPage, email);
    await row.getByRole('combobox', { name: 'Role for Role Target' }).selectOption('admin');
    const confirm = adminPage.getByRole('dialog', { name: 'Change Role Target’s role?' });
    await expect(confirm).toContainText('Viewer → Admin');
    await expect(confirm).toContainText('This change needs a second admin');
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await expect(confirm).toBeHidden();
    await expect(adminPage.getByRole('status').filter({ hasText: 'This change needs a second admin.' })).toBeVisible();
    await expect(row.getByRole('combobox')).toHaveValue('viewer');
    await expect(row.getByTestId('pending-role')).toHaveText('Waiting: Admin');
    await userPage.reload();
    expect(await navLabels(userPage)).toEqual(EXPECTED_NAV.viewer);

    // The second admin approves it: it applies on the user's next request.
    await approveChangeAsSecondAdmin(admin2Page, 'make Role Target Admin (now Viewer)');
    await adminPage.reload();
    await expect(row.getByRole('combobox')).toHaveValue('admin');
    await userPage.reload();
    expect(await navLabels(userPage)).toEqual(EXPECTED_NAV.admin);

    // Cancelling a proposed change leaves the role as it was.
    await row.getByRole('combobox').selectOption('finance');
    await adminPage.getByRole('dialog', { name: 'Change Role Target’s role?' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByRole('combobox')).toHaveValue('admin');

    // Disable: the user's sessions end at once.
    await row.getByRole('button', { name: 'Disable Role Target' }).click();
    const disable = adminPage.getByRole('dialog', { name: 'Disable Role Target?' });
    await disable.getByRole('button', { name: 'Disable user' }).click();
    await expect(disable).toBeHidden();
    await expect(row).toContainText('Disabled');
    await userPage.reload();
    await expect(userPage).toHaveURL(/\/login/);
    // …and they cannot sign back in: with the right password they are told the account is disabled.
    await userPage.getByLabel('E-mail').fill(email);
    await userPage.getByLabel('Password').fill('amber-harbor-2026-x');
    await userPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(loginError(userPage)).toHaveText('This account is disabled. Ask an admin of your company to re-enable it.');

    // Re-enable: they can sign in again.
    await row.getByRole('button', { name: 'Re-enable Role Target' }).click();
    await adminPage.getByRole('dialog', { name: 'Re-enable Role Target?' }).getByRole('button', { name: 'Re-enable user' }).click();
    await expect(row).toContainText('Active');
    await signInViaUi(userPage, email, 'amber-harbor-2026-x');
    expect(await navLabels(userPage)).toEqual(EXPECTED_NAV.admin);

    // Leave Role Target disabled: the last-admin test needs the demo admins alone.
    await row.getByRole('button', { name: 'Disable Role Target' }).click();
    await adminPage.getByRole('dialog', { name: 'Disable Role Target?' }).getByRole('button', { name: 'Disable user' }).click();
    await expect(row).toContainText('Disabled');
    await userContext.close();
  });

  test('the last active admin cannot be demoted', async ({ adminPage, browser, baseURL }) => {
    await withSecondAdminDisabled(adminPage, browser, baseURL!, async () => {
      await adminPage.goto('/team');
      const row = teamRow(adminPage, DEMO.admin.email);
      await row.getByRole('combobox').selectOption('viewer');
      const confirm = adminPage.getByRole('dialog', { name: `Change ${DEMO.admin.name}’s role?` });
      await confirm.getByRole('button', { name: 'Change role' }).click();
      await expect(confirm.getByRole('alert')).toHaveText(/This is the last active admin\. Make someone else an admin first\./);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await adminPage.reload();
      await expect(teamRow(adminPage, DEMO.admin.email).getByRole('combobox')).toHaveValue('admin');
    });
  });

  test('axe: /team and its dialogs in light and dark', async ({ browser, baseURL }) => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await newRoleContext(browser, 'admin', baseURL!, theme);
      const page = await context.newPage();
      await page.goto('/team');
      await expect(page.locator('html')).toHaveClass(theme);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Add user' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Add user' })).toBeVisible();
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
});

test.describe('team (non-admins)', () => {
  test('a viewer gets the 403 page', async ({ viewerPage }) => {
    const response = await viewerPage.goto('/team');
    expect(response?.status()).toBe(403);
    await expect(viewerPage.getByRole('heading', { name: 'You don’t have access to this page' })).toBeVisible();
    expect(await viewerPage.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });

  test('a finance user posting the admin’s server action directly gets 403 and nothing changes', async ({ adminPage, browser, baseURL }) => {
    const email = uniqueEmail('escalate');
    await addUserViaUi(adminPage, { name: 'Escalation Target', email, role: 'Viewer' });

    // Capture a real "change role" action call made by the admin's browser.
    await adminPage.goto('/team');
    const row = teamRow(adminPage, email);
    await row.getByRole('combobox').selectOption('compliance');
    const captured = adminPage.waitForRequest((r: Request) => r.method() === 'POST' && Boolean(r.headers()['next-action']));
    await adminPage.getByRole('dialog', { name: 'Change Escalation Target’s role?' }).getByRole('button', { name: 'Change role' }).click();
    const request = await captured;
    await expect(row.getByRole('combobox')).toHaveValue('compliance');
    const actionId = request.headers()['next-action'];
    const body = request.postData() ?? '';
    expect(body).toContain('compliance');

    // The finance user replays it, asking for admin.
    const finance = await newRoleContext(browser, 'finance', baseURL!);
    const response = await finance.request.post('/team', {
      headers: {
        'Next-Action': actionId,
        'Content-Type': request.headers()['content-type'] ?? 'text/plain;charset=UTF-8',
        Accept: 'text/x-component',
        Origin: new URL(baseURL!).origin,
      },
      data: body.replace('compliance', 'admin'),
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    await finance.close();

    await adminPage.reload();
    await expect(teamRow(adminPage, email).getByRole('combobox')).toHaveValue('compliance');
  });
});
