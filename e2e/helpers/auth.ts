import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoTotpCode, isDemoUser, secondsToNextStep } from './totp';

type Answer = { status: number; code?: string };

/**
 * Answers the second factor of a demo user with its seeded authenticator app: the current code, else (already used
 * in this 30-second step by an earlier sign-in) the next step's, else waits for a new step.
 */
async function answerTotp(send: (code: string) => Promise<Answer>, baseURL: string, email: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const offset of [0, 1]) {
      const answer = await send(await demoTotpCode(baseURL, email, offset));
      if (answer.status === 200) return;
      if (answer.code !== 'TOTP_REUSED') throw new Error(`second factor refused for ${email}: ${answer.code ?? answer.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, (secondsToNextStep() + 1) * 1000));
  }
  throw new Error(`second factor: no fresh code for ${email}`);
}

/**
 * Signs in through next-auth's endpoints (what the login form does) with the console's own Origin, so the
 * proxy's CSRF gate accepts it, then gives the demo user's authenticator code (every demo user has one seeded).
 * Throws with next-auth's error code on failure.
 */
export async function signInViaApi(request: APIRequestContext, baseURL: string, email: string, password: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  const csrf = await request.get('/api/auth/csrf');
  expect(csrf.ok()).toBe(true);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', {
    headers: { Origin: origin },
    form: { email, password, csrfToken, callbackUrl: '/', json: 'true' },
  });
  const body = (await res.json().catch(() => ({}))) as { url?: string };
  const error = body.url ? new URL(body.url, baseURL).searchParams.get('error') : `HTTP ${res.status()}`;
  if (error) throw new Error(`sign-in failed for ${email}: ${error}`);
  if (!isDemoUser(email)) return;
  await answerTotp(
    async (code) => {
      const answer = await request.post('/api/second-factor/verify', { headers: { Origin: origin }, data: { method: 'totp', code } });
      const json = (await answer.json().catch(() => ({}))) as { code?: string };
      return { status: answer.status(), code: json.code };
    },
    baseURL,
    email,
  );
}

/** Fills the login form and submits; does not wait for the outcome. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** On /login/second-factor: enters the demo user's authenticator code (the next one if this one was used). */
export async function passSecondFactorViaUi(page: Page, email: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login/second-factor');
  const baseURL = new URL(page.url()).origin;
  await answerTotp(
    async (code) => {
      const field = page.getByLabel('Code from your authenticator app');
      await field.fill(code);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/second-factor/verify'));
      await page.getByRole('button', { name: 'Verify' }).click();
      const response = await answered;
      const json = (await response.json().catch(() => ({}))) as { code?: string };
      return { status: response.status(), code: json.code };
    },
    baseURL,
    email,
  );
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Submits the login form and waits until the page is where `arrived` says a sign-in goes.
 *
 * Every browser sign-in of a lane comes from the same loopback address, and the console allows 30 a minute from one
 * address (lib/security/rate-limits.ts). A lane that runs the sign-in specs back to back (the PostgreSQL lane: auth,
 * hardening, then limits) can reach that, and the next sign-in is refused with "Try again in N seconds" (a
 * fresh-clone CI run timed out on it). That refusal is the limit working, so this waits the time the page states,
 * extending the test's own time by as much, and submits once more.
 */
export async function submitLoginPastLimit(page: Page, email: string, password: string, arrived: (url: URL) => boolean): Promise<void> {
  await submitLogin(page, email, password);
  const limited = loginError(page).filter({ hasText: /^Too many sign-in attempts\. Try again in \d+ (second|minute)s?\.$/ });
  const outcome = await Promise.race([
    page.waitForURL(arrived).then(() => 'arrived' as const, () => 'neither' as const),
    limited.waitFor().then(() => 'limited' as const, () => 'neither' as const),
  ]);
  if (outcome === 'limited') {
    const [, count, unit] = /(\d+) (second|minute)/.exec(await limited.innerText()) ?? ['', '60', 'second'];
    const waitMs = (Number(count) * (unit === 'minute' ? 60 : 1) + 1) * 1000;
    test.info().setTimeout(test.info().timeout + waitMs);
    await page.waitForTimeout(waitMs);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.waitForURL(arrived);
}

/** Signs in from /login (and the demo user's second factor) and waits until the console is showing. */
export async function signInViaUi(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  await page.goto(path);
  const demo = isDemoUser(email);
  await submitLoginPastLimit(page, email, password, (url) => (demo ? url.pathname === '/login/second-factor' : !url.pathname.startsWith('/login')));
  if (demo) await passSecondFactorViaUi(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The visible links of the main navigation, in order. */
export async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  // The label only: a count badge (payouts waiting for this user, left by another journey) is its own line.
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());
}

/** The login form's error box (Next's route announcer is also role="alert", so match by id). */
export function loginError(page: Page) {
  return page.locator('#login-error');
}
