import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, test } from './fixtures';
import { teamRow } from './helpers/team';

const SHOTS = 'screenshots';

async function failedSignIn(api: APIRequestContext, baseURL: string, email: string) {
  const { csrfToken } = (await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await api.post('/api/auth/callback/credentials', {
    headers: { Origin: baseURL },
    form: { email, password: 'not-the-password-123', csrfToken, json: 'true' },
    maxRedirects: 0,
  });
}

test.describe('hardening', () => {
  test('paths next to a proxy exclusion go through the proxy; route handlers outside it and /sandbox carry security headers', async ({ request }) => {
    // Through the proxy: the not-found page of a path one character or one segment away from an exclusion.
    // Outside it: the read-only route handlers, which set the same headers themselves (lib/security/api-headers.ts).
    const through = ['/api/healthz', '/api/health/deep', '/api/accounts/x/y', '/sandboxzzz', '/favicon.icoz', '/_next/imagez'];
    for (const path of [...through, '/api/health', '/api/accounts', '/api/operations/export']) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBeLessThan(500);
      const h = res.headers();
      expect(h['x-request-id'], path).toMatch(/^[0-9a-f-]{36}$/);
      expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(h['x-frame-options'], path).toBe('DENY');
      // A page through the proxy gets a nonced script policy; a route handler's answer loads nothing at all.
      if (!through.includes(path)) expect(h['content-security-policy'], path).toContain("default-src 'none'");
    }
    // A write to a read-only route handler outside the proxy is Next's 405: no code of ours runs, nothing changes.
    const write = await request.post('/api/accounts', { headers: { Origin: 'https://evil.example' }, data: {} });
    expect(write.status()).toBe(405);
    const sandbox = await request.get('/sandbox/openapi.json');
    expect(sandbox.status()).toBe(200);
    expect(sandbox.headers()).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(sandbox.headers()['content-security-policy']).toContain("default-src 'none'");
  });

  test('malformed JSON to the sign-in callback is a 400 with a JSON sentence', async ({ request, baseURL }) => {
    const res = await request.post('/api/auth/callback/credentials', {
      headers: { Origin: baseURL!, 'Content-Type': 'application/json' },
      data: '{"email":',
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'MALFORMED_REQUEST' });
  });

  test('the embedded sandbox: the clock needs the admin key, local webhook targets are limited', async ({ request, baseURL }) => {
    const key = () => ({ 'X-Idempotency-Key': crypto.randomUUID() });
    // This server allows customer creation (playwright.config.ts, for the tenant-isolation journey): the clock is closed.
    const clock = await request.post('/sandbox/_sandbox/clock/advance', { headers: key(), data: { seconds: 366 * 86400 } });
    expect(clock.status()).toBe(401);
    expect(await clock.json()).toMatchObject({ code: 'ADMIN_KEY_REQUIRED' });

    // Webhook targets on this machine: only the console's own receiver (and SANDBOX_WEBHOOK_ALLOW), refused at once.
    const customer = await request.post('/sandbox/_sandbox/customers', { headers: key(), data: { name: 'Hardening Co' } });
    expect(customer.status()).toBe(201);
    const { clientId, clientSecret } = (await customer.json()) as { clientId: string; clientSecret: string };
    const token = await request.post('/sandbox/api/oauth/client/token', { data: { clientId, clientSecret } });
    const { accessToken } = (await token.json()) as { accessToken: string };
    const subscribe = (url: string) =>
      request.post('/sandbox/api/subscriptions', {
        headers: { ...key(), Authorization: `Bearer ${accessToken}` },
        data: { url, includeAll: true },
      });
    const port = new URL(baseURL!).port;
    for (const url of ['http://127.0.0.1:22/', `http://localhost:${port}/sandbox/api/accounts`, 'http://[::1]:5432/']) {
      const refused = await subscribe(url);
      expect(refused.status(), url).toBe(400);
      expect(((await refused.json()) as { details: { errors: Array<{ field: string }> } }).details.errors[0].field).toBe('body:url');
    }
    expect((await subscribe(`${baseURL}/api/webhooks`)).status()).toBe(201);
  });

  test('admin unlocks a locked user from the Team page; malformed or oversized action bodies are 400/413', async ({
    adminPage: page,
    playwright,
    baseURL,
  }) => {
    const user = DEMO.compliance;
    const api = await playwright.request.newContext({ baseURL });
    for (let i = 0; i < 5; i++) await failedSignIn(api, baseURL!, user.email);
    await api.dispose();

    await page.goto('/team');
    const row = teamRow(page, user.email);
    await expect(row).toContainText('Locked');
    const unlock = row.getByRole('button', { name: `Unlock sign-in for ${user.name}` });
    await expect(unlock).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/team-locked.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // Narrow screens show one card per person instead of the table: the lock and Unlock are there too.
    const card = page.getByTestId(`team-card-${user.email}`);
    await expect(card).toContainText('Locked');
    await expect(card.getByRole('button', { name: `Unlock sign-in for ${user.name}` })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/team-locked-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    const actionRequest = page.waitForRequest((r) => r.method() === 'POST' && Boolean(r.headers()['next-action']));
    await unlock.click();
    const actionId = (await actionRequest).headers()['next-action'];
    await expect(page.getByText(`${user.name} can try to sign in again.`)).toBeVisible();
    await expect(row).toContainText('Active');
    await expect(unlock).toHaveCount(0);

    // The same action id with a body React cannot decode, and with one over Next's 1 MB limit: Next itself would
    // answer 500 to both; the proxy answers 400 and 413 with a sentence and no stack.
    const post = (data: string) =>
      page.request.post('/team', {
        headers: { Origin: baseURL!, 'Next-Action': actionId, 'Content-Type': 'text/plain;charset=UTF-8' },
        data,
        maxRedirects: 0,
      });
    const garbage = await post('garbage{');
    expect(garbage.status()).toBe(400);
    const body = await garbage.text();
    expect(JSON.parse(body)).toMatchObject({ code: 'MALFORMED_REQUEST' });
    expect(body).not.toMatch(/\bat \S+ \(|node_modules/);
    const huge = await post(JSON.stringify(['x'.repeat(1_100_000)]));
    expect(huge.status()).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
