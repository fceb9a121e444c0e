import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { DEMO, expect, test } from './fixtures';
import { signInViaUi } from './helpers/auth';

// Request-level checks of the built server: what it answers (headers, body limits, encodings) and where it listens.

const CAP = 11_000_000;

function expectSecurityHeaders(h: Record<string, string>, what: string) {
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['content-security-policy'], what).toContain("frame-ancestors 'none'");
}

/**
 * A chunked POST (no Content-Length) that keeps writing until the server answers or `limit` bytes are out.
 * The server answers 413 and closes while we are still writing, so the kernel may report the reset (EPIPE) to our
 * write before the answer reaches the response handler; such an attempt tells nothing and is tried again (up to 3).
 */
async function streamUntilAnswered(url: URL, limit: number): Promise<{ status: number; body: string; written: number; closed: boolean }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await streamOnce(url, limit);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPIPE' && code !== 'ECONNRESET') throw error;
      lastError = error;
    }
  }
  throw lastError;
}

function streamOnce(url: URL, limit: number): Promise<{ status: number; body: string; written: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, written, closed: res.headers.connection === 'close' }));
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && written < limit) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

test.describe('HTTP answers of the built server', () => {
  test('every answer carries the security headers: /sandbox itself, Next’s 308 and 405, pages keep their own policy', async ({ request }) => {
    const exact = await request.get('/sandbox', { maxRedirects: 0 });
    expect(exact.status()).toBe(404);
    expectSecurityHeaders(exact.headers(), 'GET /sandbox');
    expect(exact.headers()['cache-control']).toBe('no-store');
    expect(await exact.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });

    const slash = await request.get('/login/', { maxRedirects: 0 });
    expect(slash.status()).toBe(308);
    expectSecurityHeaders(slash.headers(), 'the 308 for /login/');

    for (const path of ['/api/health', '/api/accounts', '/api/operations/export']) {
      const write = await request.post(path, { data: {}, maxRedirects: 0 });
      expect(write.status(), path).toBe(405);
      expectSecurityHeaders(write.headers(), `the 405 of POST ${path}`);
    }

    // A page's policy is the proxy's nonced one, alone (not joined with the default for everything else).
    const page = await request.get('/login');
    const csp = page.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).not.toContain("default-src 'none'");
    // And a static file.
    const icon = await request.get('/favicon.ico');
    expectSecurityHeaders(icon.headers(), '/favicon.ico');
  });

  test('the sandbox stops reading a chunked body at the cap (413) and gives up on one that never arrives', async ({ baseURL }) => {
    const url = new URL('/sandbox/api/oauth/client/token', baseURL);
    // 400 MB offered, anonymous: answered at the cap, not after reading it all.
    const big = await streamUntilAnswered(url, 400 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { maxSizeBytes: CAP } });
    expect(big.closed).toBe(true);
    // What was written before the answer: the cap plus what the sockets' buffers hold, far from 400 MB.
    expect(big.written).toBeLessThan(CAP + 32 * 1024 * 1024);

    // Content-Length promised, a few bytes sent, then nothing: 408 (or the connection closed) within the idle limit.
    const started = Date.now();
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(`POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"clientId":`);
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (text += d));
      socket.on('close', () => resolve(text || 'closed'));
      socket.on('error', () => resolve(text || 'closed'));
      setTimeout(() => {
        socket.destroy();
        resolve('still waiting after 25 s');
      }, 25_000);
    });
    expect(outcome).toMatch(/^HTTP\/1\.1 408|^closed$/);
    expect(Date.now() - started).toBeLessThan(25_000);
  });

  test('bytes that are not UTF-8 are refused with the field, in the sandbox and in a form post', async ({ request, baseURL }) => {
    const token = await request.post('/sandbox/api/oauth/client/token', {
      headers: { 'Content-Type': 'application/json' },
      data: Buffer.concat([Buffer.from('{"clientId":"'), Buffer.from('Importação', 'latin1'), Buffer.from('","clientSecret":"x"}')]),
    });
    expect(token.status()).toBe(400);
    expect(await token.json()).toMatchObject({ details: { errors: [{ code: 'INVALID_UTF8', field: 'body:clientId' }] } });

    const form = await request.post('/login', {
      headers: { Origin: new URL(baseURL!).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'email=a%40acme.test&name=Importa%E7%E3o',
      maxRedirects: 0,
    });
    expect(form.status()).toBe(400);
    expect(await form.json()).toMatchObject({ code: 'INVALID_ENCODING', details: { field: 'name' } });
  });

  test('npm start listens on loopback only', async ({ baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    const reach = (host: string) =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect({ host, port, timeout: 3_000 }, () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
        socket.on('timeout', () => {
          socket.destroy();
          resolve(false);
        });
      });
    expect(await reach('127.0.0.1')).toBe(true);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => i!.address);
    test.skip(external.length === 0, 'this machine has no non-loopback address');
    for (const address of external) expect(await reach(address), address).toBe(false);
  });
});

test.describe('live stream', () => {
  test('a signed-out session’s stream ends on the sign-out itself, not up to 30 s later', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInViaUi(page, DEMO.viewer.email, DEMO.viewer.password);
    // A stream of this session, read to its end in the page.
    await page.evaluate(() => {
      const w = window as unknown as { liveEnd?: Promise<{ text: string; at: number }> };
      w.liveEnd = fetch('/api/live').then(async (res) => {
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let text = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value);
        }
        return { text, at: Date.now() };
      });
    });
    await page.waitForTimeout(1_000);
    const other = await context.newPage();
    await other.goto('/');
    const signedOutAt = Date.now();
    await other.getByTestId('user-menu').click();
    await other.getByRole('button', { name: 'Sign out' }).click();
    await other.waitForURL('**/login');
    const end = await page.evaluate(
      () => (window as unknown as { liveEnd: Promise<{ text: string; at: number }> }).liveEnd,
      undefined,
    );
    expect(end.text).toContain('event: end\ndata: {"reason":"session"}');
    expect(end.at - signedOutAt).toBeLessThan(8_000);
    await context.close();
  });
});
