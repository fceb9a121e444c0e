import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO, expect, test } from './fixtures';
import { passSecondFactorViaUi, signInViaApi, submitLogin } from './helpers/auth';
import { addUserViaUi, approveChangeAsSecondAdmin, completeFirstSignIn, uniqueEmail } from './helpers/team';
import { demoTotpCode } from './helpers/totp';

// Passkeys run against Chromium's virtual authenticator (CDP), TOTP against the demo users' seeded apps.
// Each journey signs in several times (bcrypt, WebAuthn ceremonies) on a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname === '/login/second-factor');
}

test('passkeys: enrol one, sign in with password + passkey, recovery code path, remove it', async ({ page, adminPage }) => {
  const email = uniqueEmail('passkey');
  const otp = await addUserViaUi(adminPage, { name: 'Passkey Person', email, role: 'Finance' });
  const password = 'amber-harbor-lantern-2026';
  await addVirtualAuthenticator(page);
  await completeFirstSignIn(page, email, otp, password);

  // Enrol: the first factor brings ten recovery codes, shown once.
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByText('Signed in with your password only.')).toBeVisible();
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const codesBox = page.getByTestId('recovery-codes');
  await expect(codesBox).toBeVisible();
  const codes = (await codesBox.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await expect(page.getByTestId('passkey-row')).toHaveCount(1);
  await expect(page.getByTestId('passkey-row')).toContainText('Work laptop');

  // Sign out, then password + passkey.
  await page.goto('/');
  await signOut(page);
  await signInWithPassword(page, email, password);
  // Half signed in: the console is out of reach (proxy redirect for pages, 401 for route handlers).
  const blocked = await page.request.get('/accounts', { maxRedirects: 0 });
  expect(blocked.status()).toBe(307);
  expect(blocked.headers()['location']).toContain('/login/second-factor');
  expect((await page.request.get('/api/balances')).status()).toBe(401);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/account/security');
  await expect(page.getByText('Signed in with your password and a passkey.')).toBeVisible();
  await expect(page.getByTestId('passkey-row')).not.toContainText('never');

  // A malformed passkey answer: 400 with a sentence, and nothing changes.
  const malformed = await page.request.post('/api/second-factor/verify', {
    headers: { Origin: new URL(page.url()).origin, 'Accept-Language': 'en' },
    data: { method: 'webauthn', response: { id: 'x' } },
  });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({ code: 'WEBAUTHN_MALFORMED', sentence: 'The passkey answer could not be read. Try again.' });

  // Recovery code path.
  await signOut(page);
  await signInWithPassword(page, email, password);
  await page.getByLabel('Recovery code').fill(codes[0].toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/account/security');
  await expect(page.getByText('Signed in with your password and a recovery code.')).toBeVisible();
  await expect(page.getByTestId('recovery-left')).toHaveText('9 unused codes left.');

  // Removing the passkey (a second factor was given minutes ago, so no new prompt).
  await page.getByTestId('passkey-row').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey “Work laptop” removed.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('passkey-row')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('passkey-row')).toHaveCount(0);

  await signOut(page);
  await page.goto('/login');
  await submitLogin(page, email, password);
  // No factor left (and the team does not require one): the password alone signs in again.
  await page.waitForURL((url) => url.pathname === '/');
});

test('authenticator app: wrong code refused, right code signs in, the same code cannot be used twice', async ({ page, browser, baseURL }) => {
  const email = DEMO.compliance.email;
  await signInWithPassword(page, email, DEMO.compliance.password);
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('#sf-error')).toHaveText(/That code is not right|already used/);
  await expect(page).toHaveURL(/\/login\/second-factor/);
  await passSecondFactorViaUi(page, email);
  await page.goto('/account/security');
  await expect(page.getByText('Signed in with your password and your authenticator app.')).toBeVisible();

  // Replay: a code accepted once is refused in the same window (401, a sentence, audited).
  const other = await browser.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const csrf = (await (await other.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await other.request.post('/api/auth/callback/credentials', {
    headers: { Origin: origin },
    form: { email, password: DEMO.compliance.password, csrfToken: csrf.csrfToken, callbackUrl: '/', json: 'true' },
  });
  const code = await demoTotpCode(baseURL!, email, 1);
  const first = await other.request.post('/api/second-factor/verify', { headers: { Origin: origin }, data: { method: 'totp', code } });
  // The page above may have used this step already; then the next one is the fresh code.
  if (first.status() !== 200) expect((await first.json()).code).toBe('TOTP_REUSED');
  const third = await browser.newContext({ baseURL });
  const csrf3 = (await (await third.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await third.request.post('/api/auth/callback/credentials', {
    headers: { Origin: origin },
    form: { email, password: DEMO.compliance.password, csrfToken: csrf3.csrfToken, callbackUrl: '/', json: 'true' },
  });
  const replay = await third.request.post('/api/second-factor/verify', {
    headers: { Origin: origin, 'Accept-Language': 'en' },
    data: { method: 'totp', code },
  });
  expect(replay.status()).toBe(401);
  expect(await replay.json()).toMatchObject({ code: 'TOTP_REUSED', sentence: 'This code was already used. Wait for the next one and enter it.' });
  await other.close();
  await third.close();
});

test('team requirement: a user without a factor is held at enrolment, then sets up an authenticator app', async ({ page, adminPage, admin2Page, browser, baseURL }) => {
  const email = uniqueEmail('enrol');
  const otp = await addUserViaUi(adminPage, { name: 'Enrol Person', email, role: 'Viewer' });
  await adminPage.goto('/team');
  const setting = adminPage.getByTestId('second-factor-setting');
  await expect(setting.getByTestId('second-factor-without')).toContainText('Enrol Person');
  await setting.getByRole('button', { name: 'Require a second factor' }).click();
  await expect(setting.getByRole('button', { name: 'Stop requiring it' })).toBeVisible();
  try {
    await page.goto('/login');
    await submitLogin(page, email, otp);
    await page.waitForURL('**/change-password');
    await page.getByLabel('Current password').fill(otp);
    await page.getByLabel('New password', { exact: true }).fill('cobalt-meadow-river-2026');
    await page.getByLabel('Repeat new password').fill('cobalt-meadow-river-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/enrol');
    // Nothing else opens: pages redirect, route handlers answer 401, actions refuse.
    await page.goto('/accounts');
    await expect(page).toHaveURL(/\/enrol$/);
    expect((await page.request.get('/api/balances')).status()).toBe(401);

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await page.getByLabel('Code from your authenticator app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Continue to the console' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/account/security');
    await expect(page.getByText('Signed in with your password and your authenticator app.')).toBeVisible();
  } finally {
    // Other specs add users who sign in with a password alone. Turning the requirement off weakens a control: it waits
    // for a second admin (lib/control-changes), who approves it with step-up.
    await adminPage.goto('/team');
    await adminPage.getByTestId('second-factor-setting').getByRole('button', { name: 'Stop requiring it' }).click();
    await approveChangeAsSecondAdmin(admin2Page, 'stop requiring a second factor from everyone');
    await adminPage.goto('/team');
    await expect(adminPage.getByTestId('second-factor-setting').getByRole('button', { name: 'Require a second factor' })).toBeVisible();
  }
  // The demo sign-in helper still works for every role after all this.
  const ctx = await browser.newContext({ baseURL });
  await signInViaApi(ctx.request, baseURL!, DEMO.viewer.email, DEMO.viewer.password);
  expect((await ctx.request.get('/api/balances')).status()).not.toBe(401);
  await ctx.close();
});
