import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Signs in through next-auth's endpoints (what the login form does) with the console's own Origin, so the
 * proxy's CSRF gate accepts it. Throws with next-auth's error code on failure.
 */
export async function signInViaApi(request: APIRequestContext, baseURL: string, email: string, password: string): Promise<void> {
  const csrf = await request.get('/api/auth/csrf');
  expect(csrf.ok()).toBe(true);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', {
    headers: { Origin: new URL(baseURL).origin },
    form: { email, password, csrfToken, callbackUrl: '/', json: 'true' },
  });
  const body = (await res.json().catch(() => ({}))) as { url?: string };
  const error = body.url ? new URL(body.url, baseURL).searchParams.get('error') : `HTTP ${res.status()}`;
  if (error) throw new Error(`sign-in failed for ${email}: ${error}`);
}

/** Fills the login form and submits; does not wait for the outcome. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from /login and waits until the console is showing. */
export async function signInViaUi(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await submitLogin(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The visible links of the main navigation, in order. */
export async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/** The login form's error box (Next's route announcer is also role="alert", so match by id). */
export function loginError(page: Page) {
  return page.locator('#login-error');
}
