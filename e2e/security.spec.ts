import { DEMO, expect, expectNoAxeViolations, newRoleContext, setTheme, test } from './fixtures';

test.describe('security headers', () => {
  for (const path of ['/login', '/']) {
    test(`${path} carries a nonce CSP, nosniff and frame-ancestors`, async ({ adminPage }) => {
      const response = await adminPage.goto(path === '/' ? '/' : '/login');
      expect(response).not.toBeNull();
      const headers = response!.headers();
      const csp = headers['content-security-policy'] ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce, `CSP: ${csp}`).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      // Every <script> in the HTML carries this response's nonce (browsers hide the attribute after parsing,
      // so read the raw HTML). Scripts Next adds later are trusted through 'strict-dynamic'.
      const html = await response!.text();
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag, tag).toContain(`nonce="${nonce}"`);
    });
  }

  test('the nonce changes on every response', async ({ request }) => {
    const a = (await request.get('/login')).headers()['content-security-policy'];
    const b = (await request.get('/login')).headers()['content-security-policy'];
    expect(a).not.toBe(b);
  });
});

test.describe('cross-origin writes', () => {
  test('a POST from another origin or with no Origin is refused with 403', async ({ browser, baseURL }) => {
    const admin = await newRoleContext(browser, 'admin', baseURL!);
    for (const path of ['/team', '/api/auth/callback/credentials', '/change-password']) {
      const evil = await admin.request.post(path, {
        headers: { Origin: 'https://evil.test', 'Content-Type': 'text/plain;charset=UTF-8', 'Next-Action': 'x' },
        data: '[]',
        maxRedirects: 0,
      });
      expect(evil.status(), `${path} with a foreign Origin`).toBe(403);
      // Playwright's request context sends no Origin header by default.
      const none = await admin.request.post(path, {
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'Next-Action': 'x' },
        data: '[]',
        maxRedirects: 0,
      });
      expect(none.status(), `${path} without Origin`).toBe(403);
      expect(await none.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
    }
    await admin.close();
  });

  test('a forged sign-in from another site cannot log the browser in', async ({ playwright, baseURL }) => {
    const attacker = await playwright.request.newContext({ baseURL });
    const { csrfToken } = (await (await attacker.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const res = await attacker.post('/api/auth/callback/credentials', {
      headers: { Origin: 'https://evil.test' },
      form: { email: DEMO.viewer.email, password: DEMO.viewer.password, csrfToken, json: 'true' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    const cookies = await attacker.storageState();
    expect(cookies.cookies.some((c) => c.name.includes('session-token'))).toBe(false);
    await attacker.dispose();
  });
});

test.describe('accessibility (axe) in light and dark', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`login page, ${theme}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL });
      await setTheme(context, baseURL!, theme);
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.locator('html')).toHaveClass(theme);
      await expectNoAxeViolations(page);
      // With errors showing too.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
      await expectNoAxeViolations(page);
      await context.close();
    });

    test(`console shell, ${theme}`, async ({ browser, baseURL }) => {
      const context = await newRoleContext(browser, 'admin', baseURL!, theme);
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expectNoAxeViolations(page);
      // The open user menu.
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expectNoAxeViolations(page);
      // Escape closes it like a real menu and gives focus back to its toggle.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
      await expect(page.getByTestId('user-menu')).toBeFocused();
      await context.close();
    });

    test(`403 and 404 pages, ${theme}`, async ({ browser, baseURL }) => {
      const context = await newRoleContext(browser, 'viewer', baseURL!, theme);
      const page = await context.newPage();
      await page.goto('/team');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You don’t have access to this page');
      await expectNoAxeViolations(page);
      const missing = await page.goto('/no-such-page');
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      await expectNoAxeViolations(page);
      await context.close();
    });
  }

  test('the theme toggle switches and persists across loads', async ({ adminPage }) => {
    await adminPage.goto('/');
    const toggle = adminPage.getByRole('button', { name: 'Dark theme' });
    const wasDark = (await toggle.getAttribute('aria-pressed')) === 'true';
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', String(!wasDark));
    await adminPage.reload();
    await expect(adminPage.locator('html')).toHaveClass(wasDark ? 'light' : 'dark');
  });

  test('skip link moves focus to the main content', async ({ viewerPage }) => {
    await viewerPage.goto('/');
    await viewerPage.keyboard.press('Tab');
    const skip = viewerPage.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await viewerPage.keyboard.press('Enter');
    await expect(viewerPage.locator('#main')).toBeFocused();
  });
});
