import { DEMO, EXPECTED_NAV, ROLES, expect, test } from './fixtures';
import { loginError, navLabels, passSecondFactorViaUi, signInViaUi, submitLogin } from './helpers/auth';
import { addUserViaUi, uniqueEmail } from './helpers/team';

test.describe('sign-in', () => {
  for (const role of ROLES) {
    test(`${role} signs in and sees exactly its navigation`, async ({ page }) => {
      await signInViaUi(page, DEMO[role].email, DEMO[role].password);
      await expect(page).toHaveURL((url) => url.pathname === '/');
      expect(await navLabels(page)).toEqual(EXPECTED_NAV[role]);
      await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('user-role')).toHaveText(
        { admin: 'Admin', admin2: 'Admin', compliance: 'Compliance', finance: 'Finance', finance2: 'Finance', viewer: 'Viewer' }[role],
      );
    });
  }

  test('a wrong password says so without naming which field was wrong', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'nobody-here@e2e.test', 'definitely-not-it');
    await expect(loginError(page)).toHaveText('E-mail or password is incorrect.');
    await expect(page).toHaveURL(/\/login/);
    // The password field is ready for another try.
    await expect(page.getByLabel('Password')).toBeFocused();
  });

  test('empty fields get field-level errors and no request', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
  });

  test('five failures lock the e-mail, even against the right password', async ({ page, adminPage }) => {
    const email = uniqueEmail('lockout');
    const password = await addUserViaUi(adminPage, { name: 'Lockout Target', email, role: 'Viewer' });
    await page.goto('/login');
    for (let attempt = 1; attempt <= 4; attempt++) {
      await submitLogin(page, email, `wrong-password-${attempt}`);
      await expect(loginError(page)).toHaveText('E-mail or password is incorrect.');
    }
    await submitLogin(page, email, 'wrong-password-5');
    await expect(loginError(page)).toHaveText(/Too many failed sign-in attempts\. Try again in 15 minutes\./);
    await submitLogin(page, email, password);
    await expect(loginError(page)).toHaveText(/Too many failed sign-in attempts/);
    await expect(page).toHaveURL(/\/login/);
  });

  test('a signed-out deep link returns to that page after sign-in', async ({ page }) => {
    await page.goto('/team?x=1');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fteam%3Fx%3D1$/);
    await submitLogin(page, DEMO.admin.email, DEMO.admin.password);
    await passSecondFactorViaUi(page, DEMO.admin.email);
    await page.waitForURL((url) => url.pathname === '/team');
    expect(new URL(page.url()).search).toBe('?x=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  });

  test('an off-site callbackUrl is ignored', async ({ page }) => {
    await page.goto('/login?callbackUrl=https%3A%2F%2Fevil.test%2Fphish');
    await submitLogin(page, DEMO.viewer.email, DEMO.viewer.password);
    await passSecondFactorViaUi(page, DEMO.viewer.email);
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL!).origin);
  });
});

test.describe('sign-out', () => {
  test('ends the session: a replayed cookie no longer works', async ({ page, playwright, baseURL }) => {
    await signInViaUi(page, DEMO.finance2.email, DEMO.finance2.password);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.includes('next-auth.session-token'));
    expect(session, 'session cookie').toBeTruthy();
    const cookieHeader = `${session!.name}=${session!.value}`;

    // The cookie works before sign-out…
    const before = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookieHeader } });
    const okResponse = await before.get('/', { maxRedirects: 0 });
    expect(okResponse.status()).toBe(200);

    await page.getByTestId('user-menu').click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');

    // …and not after: the server-side session row is gone, whatever the JWT says.
    const replay = await before.get('/', { maxRedirects: 0 });
    expect(replay.status()).toBe(307);
    expect(replay.headers()['location']).toMatch(/\/login/);
    const deep = await before.get('/team', { maxRedirects: 0 });
    expect(deep.status()).toBe(307);
    await before.dispose();
  });
});

test.describe('first sign-in', () => {
  test('a user with a one-time password must change it before anything else', async ({ page, adminPage, browser, baseURL }) => {
    const email = uniqueEmail('first');
    // Compliance: a role without approval rights is given at once (finance or admin would wait for a second admin).
    const otp = await addUserViaUi(adminPage, { name: 'First Timer', email, role: 'Compliance' });
    await page.goto('/login?callbackUrl=%2Faccounts');
    await submitLogin(page, email, otp);
    await page.waitForURL('**/change-password');
    // Any console page sends them back until the password is changed.
    await page.goto('/accounts');
    await expect(page).toHaveURL(/\/change-password$/);
    await page.getByLabel('Current password').fill(otp);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat new password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // Long enough but common, then long enough but made of the person's own name: the server refuses both.
    for (const [weak, message] of [
      ['password1234', /too easy to guess/],
      ['first-timer-2026!', /Do not use your name or e-mail address/],
    ] as const) {
      await page.getByLabel('New password', { exact: true }).fill(weak);
      await page.getByLabel('Repeat new password').fill(weak);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.locator('#newPassword-error')).toHaveText(message);
      await expect(page).toHaveURL(/\/change-password$/);
    }
    await page.getByLabel('New password', { exact: true }).fill('a-fresh-password-2026');
    await page.getByLabel('Repeat new password').fill('a-fresh-password-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await navLabels(page)).toEqual(EXPECTED_NAV.compliance);
    // The one-time password is dead now.
    const stale = await browser.newContext({ baseURL });
    const stalePage = await stale.newPage();
    await stalePage.goto('/login');
    await submitLogin(stalePage, email, otp);
    await expect(loginError(stalePage)).toHaveText('E-mail or password is incorrect.');
    await stale.close();
    // And the new one works end to end.
    const fresh = await browser.newContext({ baseURL });
    const freshPage = await fresh.newPage();
    await signInViaUi(freshPage, email, 'a-fresh-password-2026');
    await expect(freshPage).toHaveURL((url) => url.pathname === '/');
    await fresh.close();
  });
});
