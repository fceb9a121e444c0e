import http from 'node:http';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, test } from './fixtures';
import { addUserViaUi, approveChangeAsSecondAdmin, completeFirstSignIn, uniqueEmail } from './helpers/team';

/**
 * Request limits and trustworthy client addresses (TRUSTED_PROXY_HOPS unset: the socket is the client), and the
 * approver cool-off. Sign-in attacks are sent with node:http from loopback addresses of their own (127.0.0.0/8 is all
 * this machine's), so the console sees a different client per test and no other spec's sign-ins are counted with them.
 */

const SHOTS = 'screenshots/limits';

/** The page at 1280 px and 390 px wide, full length. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(
  baseURL: string,
  from: string,
  method: 'GET' | 'POST',
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const target = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method,
        path,
        localAddress: from,
        headers: { Host: target.host, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A sign-in client bound to one source address: one CSRF token, then credential posts (what the login form sends). */
async function signInClient(baseURL: string, from: string) {
  const csrf = await send(baseURL, from, 'GET', '/api/auth/csrf');
  expect(csrf.status).toBe(200);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const cookie = (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  return async (email: string, password: string, extraHeaders: Record<string, string> = {}) => {
    const res = await send(baseURL, from, 'POST', '/api/auth/callback/credentials', {
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: new URL(baseURL).origin,
        Cookie: cookie,
        ...extraHeaders,
      },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: '/', json: 'true' }).toString(),
    });
    const parsed = JSON.parse(res.body || '{}') as { url?: string; code?: string; retryAfterSeconds?: number };
    const error = parsed.url ? new URL(parsed.url, baseURL).searchParams.get('error') : `HTTP ${res.status}`;
    return { status: res.status, retryAfter: res.headers['retry-after'], error, body: parsed };
  };
}

test.describe('rate limits and client addresses', () => {
  test('sign-in: past 30 attempts a minute from one address, 429 with Retry-After; other addresses are unaffected', async ({ baseURL }) => {
    const attacker = await signInClient(baseURL!, '127.0.0.41');
    // 100 anonymous sign-ins with different e-mails used to be processed in 11 s; now the address is what counts.
    for (let i = 0; i < 30; i++) {
      const r = await attacker(`spray-${i}-${Date.now()}@e2e.test`, 'not-the-password-1');
      expect(r.error, `attempt ${i + 1}`).toBe('CredentialsSignin');
      expect(r.status).toBe(401);
    }
    const refused = await attacker(`spray-31-${Date.now()}@e2e.test`, 'not-the-password-1');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(refused.error).toBe(`RATE_LIMITED:${refused.retryAfter}`);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: Number(refused.retryAfter) });
    // Even the right password waits: the limit comes before any password work.
    expect((await attacker(DEMO.viewer.email, DEMO.viewer.password)).status).toBe(429);
    // Someone else, elsewhere, signs in as usual.
    const colleague = await signInClient(baseURL!, '127.0.0.42');
    expect((await colleague(DEMO.viewer.email, DEMO.viewer.password)).error).toBeNull();
  });

  test('rotating X-Forwarded-For does not lock the admin out: only the attacker’s own address is locked', async ({ baseURL, adminPage }) => {
    const attacker = await signInClient(baseURL!, '127.0.0.51');
    const answers: string[] = [];
    for (let i = 0; i < 30; i++) {
      // A new "address" every 5 tries, as if each batch came through another proxy.
      const r = await attacker(DEMO.admin.email, `wrong-password-${i}`, { 'X-Forwarded-For': `203.0.113.${Math.floor(i / 5) + 1}` });
      answers.push(r.error ?? 'none');
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('CredentialsSignin'));
    // The fifth failure locks (admin e-mail, 127.0.0.51) — the address the attempts really came from — whatever the header said.
    expect(answers.slice(4)).toEqual(Array(26).fill('LOCKED:15'));
    // Thirty attempts in a minute: the 31st meets the per-address limit too, the right password included.
    expect((await attacker(DEMO.admin.email, DEMO.admin.password, { 'X-Forwarded-For': '198.51.100.200' })).error).toMatch(
      /^(LOCKED:15|RATE_LIMITED:\d+)$/,
    );

    // The admin, at their own desk, is not locked: 30 failures never reached the global lock.
    const admin = await signInClient(baseURL!, '127.0.0.52');
    const signedIn = await admin(DEMO.admin.email, DEMO.admin.password);
    expect(signedIn.error).toBeNull();
    expect(signedIn.status).toBe(200);

    // The attacker's lock is real: the admin sees it on /team and lifts it (later journeys list the admin as Active).
    await adminPage.goto('/team');
    const row = adminPage.getByTestId(`team-row-${DEMO.admin.email}`);
    await expect(row).toContainText('Locked');
    await row.getByRole('button', { name: /^Unlock sign-in for / }).click();
    await expect(row).not.toContainText('Locked');
  });

  test('the login page words a rate limit in both languages', async ({ page, browser, baseURL }) => {
    await page.goto('/login?error=RATE_LIMITED%3A42');
    await expect(page.locator('#login-error')).toHaveText('Too many sign-in attempts. Try again in 42 seconds.');
    await expectNoAxeViolations(page);
    await shoot(page, 'login-rate-limited-en');
    const ptContext = await browser.newContext({ baseURL, locale: 'pt-BR' });
    const pt = await ptContext.newPage();
    await pt.goto('/login?error=RATE_LIMITED%3A150');
    await expect(pt.locator('#login-error')).toHaveText('Muitas tentativas de entrar. Tente de novo em 3 minutos.');
    await shoot(pt, 'login-rate-limited-pt-BR');
    await ptContext.close();
  });
});

test.describe('limits on signed-in work', () => {
  test('CSV exports: past 10 a minute per user, 429 with Retry-After, and the page says how long to wait', async ({ adminPage, browser, baseURL }) => {
    // A user of its own, so no other spec's exports share the count.
    const email = uniqueEmail('exporter');
    const oneTime = await addUserViaUi(adminPage, { name: 'Export Tester', email, role: 'Viewer' });
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await completeFirstSignIn(page, email, oneTime, 'harbor-lantern-2026-q');
    for (let i = 0; i < 10; i++) {
      const res = await page.request.get('/api/operations/export');
      expect(res.status(), `export ${i + 1}`).toBe(200);
    }
    const refused = await page.request.get('/api/operations/export');
    expect(refused.status()).toBe(429);
    const wait = Number(refused.headers()['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: wait });

    await page.goto('/operations');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-status')).toHaveText(
      /^The export failed: Too many exports in a short time\. Try again in (\d+ seconds?|1 minute)\.$/,
    );
    await context.close();
  });
});

test.describe('approvers cool off', () => {
  test('a new approver cools off: request, add a finance user (approved by the second admin), sign in as it, approve', async ({
    adminPage,
    admin2Page,
    browser,
    baseURL,
  }) => {
    // 1. The admin requests a payout to the demo beneficiary's approved key.
    await adminPage.goto('/payouts/new');
    await expect(adminPage.getByRole('button', { name: 'Request payout' })).toBeEnabled();
    await adminPage.getByLabel('From account').selectOption({ label: 'Acme Importação Ltda' });
    const beneficiary = adminPage.getByLabel('Beneficiary');
    const joao = await beneficiary.locator('option', { hasText: 'João Pereira' }).first().getAttribute('value');
    await beneficiary.selectOption(joao!);
    await expect(adminPage.getByLabel('PIX key')).not.toHaveValue('');
    await adminPage.getByLabel('Amount (BRL)').fill('75.00');
    await adminPage.getByLabel('Memo').fill('Cool-off check');
    await adminPage.getByRole('button', { name: 'Request payout' }).click();
    await adminPage.waitForURL(/\/payouts\/[0-9a-f-]{36}$/);
    const payoutUrl = adminPage.url();

    // 2. The admin adds a "finance" user; the one-time password is shown to the admin.
    const email = uniqueEmail('puppet');
    const oneTime = await addUserViaUi(adminPage, { name: 'Sock Puppet', email, role: 'Finance' });

    // 3. The admin signs in as that user and changes its password.
    const puppetContext = await browser.newContext({ baseURL });
    const puppet = await puppetContext.newPage();
    await completeFirstSignIn(puppet, email, oneTime, 'lantern-quarry-2026-z');

    // 4. The Finance role itself waits for a second admin (e2e/control-changes.spec.ts); once another admin
    // approves it, the new approver still cools off: approving is refused, with the reason, and the payout waits.
    await approveChangeAsSecondAdmin(admin2Page, 'add Sock Puppet as Finance');
    await puppet.goto(payoutUrl);
    const notice = puppet.getByTestId('approver-cool-off');
    await expect(notice).toContainText('You cannot approve yet');
    await expect(notice).toContainText('You gained the right to approve payouts less than 24 hours ago.');
    await expect(notice).toContainText('so that no one can add an approver and approve their own payout with it');
    // From when, in the reader's date and time format (a day after the user was added).
    await expect(notice).toContainText(/You can approve from \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\s?(AM|PM)?\./);
    await expect(puppet.getByRole('button', { name: 'Review a fresh quote to approve' })).toHaveCount(0);
    await expect(puppet.locator('[data-status="APPROVING"]').first()).toBeVisible();
    await expectNoAxeViolations(puppet);
    await shoot(puppet, 'payout-cool-off-en');

    // The same page in Portuguese.
    const ptContext = await browser.newContext({ baseURL, locale: 'pt-BR', storageState: await puppetContext.storageState() });
    const pt = await ptContext.newPage();
    await pt.goto(payoutUrl);
    await expect(pt.getByTestId('approver-cool-off')).toContainText('Você recebeu o direito de aprovar pagamentos há menos de 24 horas.');
    await expect(pt.getByTestId('approver-cool-off')).toContainText(/a partir de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./);
    await shoot(pt, 'payout-cool-off-pt-BR');
    await ptContext.close();
    await puppetContext.close();
  });
});
