import { NextRequest } from 'next/server';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { loginPathFor, sanitizeCallbackUrl } from './callback-url';
import { buildCsp, generateNonce, securityHeaders } from './csp';
import { checkOrigin, isOriginExempt } from './origin-check';
import { NO_CONTENT_CSP, handleProxy } from './proxy-handler';
import { isPublicPath } from './route-access';

const PUBLIC = 'http://localhost:3100';

describe('checkOrigin', () => {
  const post = (origin: string | null, host: string | null = 'localhost:3100', pathname = '/team') =>
    checkOrigin({ method: 'POST', pathname, origin, host, publicOrigin: PUBLIC });

  it('allows a same-origin POST', () => expect(post(PUBLIC)).toEqual({ allowed: true }));
  it('refuses a missing Origin', () => expect(post(null)).toEqual({ allowed: false, reason: 'missing' }));
  it('refuses Origin: null', () => expect(post('null')).toEqual({ allowed: false, reason: 'null' }));
  it('refuses a foreign origin', () => expect(post('https://evil.test')).toEqual({ allowed: false, reason: 'foreign' }));
  it('refuses another port or scheme of the same host', () => {
    expect(post('http://localhost:3101').allowed).toBe(false);
    expect(post('https://localhost:3100').allowed).toBe(false);
  });
  it('refuses when the Host header names another origin (spoofed Host to match a foreign Origin)', () => {
    expect(post(PUBLIC, 'evil.test')).toEqual({ allowed: false, reason: 'host-mismatch' });
    expect(post(PUBLIC, null)).toEqual({ allowed: false, reason: 'host-mismatch' });
  });
  it('refuses garbage origins', () => expect(post('http://localhost:3100/path').allowed).toBe(false));
  it('lets safe methods through and covers PUT/PATCH/DELETE', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(checkOrigin({ method, pathname: '/', origin: null, host: null, publicOrigin: PUBLIC }).allowed).toBe(true);
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect(checkOrigin({ method, pathname: '/api/x', origin: null, host: 'localhost:3100', publicOrigin: PUBLIC }).allowed).toBe(false);
    }
  });
  it('exempts webhooks and the embedded sandbox only', () => {
    expect(post(null, 'x', '/api/webhooks')).toEqual({ allowed: true });
    expect(post(null, 'x', '/api/webhooks/events')).toEqual({ allowed: true });
    expect(post(null, 'x', '/sandbox/api/oauth/client/token')).toEqual({ allowed: true });
    expect(isOriginExempt('/api/webhooksx')).toBe(false);
    expect(isOriginExempt('/sandboxed')).toBe(false);
    expect(post(null, 'x', '/api/auth/callback/credentials').allowed).toBe(false);
  });
});

describe('CSP', () => {
  it('puts the nonce in script-src with strict-dynamic and no unsafe-inline for scripts', () => {
    const nonce = generateNonce();
    const csp = buildCsp({ nonce });
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(buildCsp({ nonce, https: true })).toContain('upgrade-insecure-requests');
    expect(buildCsp({ nonce, dev: true })).toContain("'unsafe-eval'");
  });
  it('nonces are random base64 of 128 bits', () => {
    const a = generateNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(generateNonce()).not.toBe(a);
  });
  it('HSTS only over https', () => {
    expect(securityHeaders({ https: false })['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ https: true })['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('callbackUrl sanitising', () => {
  it.each([
    ['/accounts?status=ACTIVE#x', '/accounts?status=ACTIVE#x'],
    ['/', '/'],
    ['//evil.test/x', '/'],
    ['/\\evil.test', '/'],
    ['https://evil.test/accounts', '/'],
    ['javascript:alert(1)', '/'],
    ['accounts', '/'],
    ['/login?callbackUrl=/x', '/'],
    ['/api/auth/signout', '/'],
    ['/a\nb', '/'],
    ['/%2F%2Fevil.test', '/%2F%2Fevil.test'],
    ['', '/'],
  ])('%s → %s', (raw, expected) => {
    expect(sanitizeCallbackUrl(raw)).toBe(expected);
  });
  it('accepts absolute URLs only on the allowed origin, reduced to a path', () => {
    expect(sanitizeCallbackUrl(`${PUBLIC}/operations?id=1`, PUBLIC)).toBe('/operations?id=1');
    expect(sanitizeCallbackUrl('http://localhost:3101/operations', PUBLIC)).toBe('/');
    expect(sanitizeCallbackUrl(null)).toBe('/');
  });
  it('builds the login path', () => {
    expect(loginPathFor('/accounts?x=1')).toBe('/login?callbackUrl=%2Faccounts%3Fx%3D1');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.test')).toBe('/login');
  });
  it('knows which paths are public', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/api/accounts')).toBe(true);
    expect(isPublicPath('/robots.txt')).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/accounts/123')).toBe(false);
    expect(isPublicPath('/loginx')).toBe(false);
  });
});

describe('handleProxy', () => {
  const env = { PUBLIC_URL: PUBLIC, NODE_ENV: 'production' };
  const signedIn = { env, hasSession: async () => true };
  const signedOut = { env, hasSession: async () => false };
  const req = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    new NextRequest(`${PUBLIC}${path}`, { method: init.method ?? 'GET', headers: { host: 'localhost:3100', ...init.headers } });

  it('sets security headers, a per-request nonce CSP, and x-request-id on request and response', async () => {
    const res = await handleProxy(req('/accounts'), signedIn);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // Forwarded request headers travel as x-middleware-request-* on NextResponse.next().
    const nonce = res.headers.get('x-middleware-request-x-nonce');
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(res.headers.get('x-middleware-request-x-request-id')).toBe(requestId);
    expect(res.headers.get('x-middleware-request-x-console-path')).toBe('/accounts');
    const again = await handleProxy(req('/accounts'), signedIn);
    expect(again.headers.get('x-middleware-request-x-nonce')).not.toBe(nonce);
  });

  // A client's own X-Request-Id never gets this far: the HTTP hook (lib/observability/http-hook.ts, chooseRequestId)
  // replaces it before Next reads the request unless a trusted proxy set it. The proxy keeps the hook's id and
  // still refuses one that could not come from there (spaces, quotes, line breaks: it lands in logs and headers).
  it('keeps the id the HTTP hook gave, replaces a malformed one, and overrides X-Forwarded-Host with Host', async () => {
    const hookId = 'a3f1c0de-0000-4000-8000-000000000001';
    const kept = await handleProxy(req('/', { headers: { 'x-request-id': hookId, 'x-forwarded-host': 'evil.test' } }), signedIn);
    expect(kept.headers.get('x-request-id')).toBe(hookId);
    expect(kept.headers.get('x-middleware-request-x-forwarded-host')).toBe('localhost:3100');
    const res = await handleProxy(req('/', { headers: { 'x-request-id': 'evil "id"; injected' } }), signedIn);
    expect(res.headers.get('x-request-id')).not.toContain('evil');
  });

  it('adds HSTS when PUBLIC_URL is https', async () => {
    const res = await handleProxy(
      new NextRequest('https://console.example.com/', { headers: { host: 'console.example.com' } }),
      { env: { PUBLIC_URL: 'https://console.example.com' }, hasSession: async () => true },
    );
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });

  it('403 FORBIDDEN_ORIGIN for a cross-site POST before any work', async () => {
    let checked = false;
    const res = await handleProxy(req('/team', { method: 'POST', headers: { origin: 'https://evil.test', 'next-action': 'abc' } }), {
      env,
      hasSession: async () => ((checked = true), true),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
    expect(checked).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('403 for a POST with no Origin and for Origin: null; allows the same origin', async () => {
    expect((await handleProxy(req('/api/auth/callback/credentials', { method: 'POST' }), signedOut)).status).toBe(403);
    expect((await handleProxy(req('/team', { method: 'POST', headers: { origin: 'null' } }), signedIn)).status).toBe(403);
    const ok = await handleProxy(req('/team', { method: 'POST', headers: { origin: PUBLIC } }), signedIn);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-middleware-next')).toBe('1');
  });

  it('lets webhook deliveries through without an Origin', async () => {
    const res = await handleProxy(req('/api/webhooks', { method: 'POST' }), signedOut);
    expect(res.status).toBe(200);
  });

  it('redirects a signed-out visitor to /login with the path and query as callbackUrl', async () => {
    const res = await handleProxy(req('/accounts?status=ACTIVE'), signedOut);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/login?callbackUrl=%2Faccounts%3Fstatus%3DACTIVE`);
    const login = await handleProxy(req('/login'), signedOut);
    expect(login.status).toBe(200);
    const api = await handleProxy(req('/api/accounts'), signedOut);
    expect(api.status).toBe(200);
  });

  it('answers a read of a route handler with the no-content policy and leaves its request headers alone', async () => {
    const res = await handleProxy(req('/api/accounts?limit=1'), signedOut);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(NO_CONTENT_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // No request-header rewrite (Next's override list) and no page nonce on a JSON read.
    expect(res.headers.get('x-middleware-override-headers')).toBeNull();
    expect(res.headers.get('content-security-policy')).not.toContain('nonce-');
    // next-auth's own GET routes and any page keep the page path (nonce, rewritten request headers).
    for (const path of ['/api/auth/session', '/login']) {
      const page = await handleProxy(req(path), signedOut);
      expect(page.headers.get('x-middleware-override-headers'), path).not.toBeNull();
      expect(page.headers.get('content-security-policy'), path).toContain('nonce-');
    }
    // A write to a route handler still goes through the origin check.
    expect((await handleProxy(req('/api/accounts', { method: 'POST', headers: { origin: 'https://evil.example' } }), signedOut)).status).toBe(403);
  });

  it('decodes the session cookie by default: a valid cookie passes, a forged one is redirected', async () => {
    const secret = 'proxy-secret-'.padEnd(40, 'z');
    const previous = process.env.NEXTAUTH_SECRET;
    process.env.NEXTAUTH_SECRET = secret;
    try {
      const good = await encode({ token: { sub: 'u', sid: 's' }, secret });
      const bad = await encode({ token: { sub: 'u', sid: 's' }, secret: 'x'.repeat(40) });
      const withCookie = (value: string) => req('/operations', { headers: { cookie: `next-auth.session-token=${value}` } });
      expect((await handleProxy(withCookie(good), { env })).status).toBe(200);
      expect((await handleProxy(withCookie(bad), { env })).status).toBe(307);
      expect((await handleProxy(req('/operations'), { env })).status).toBe(307);
    } finally {
      process.env.NEXTAUTH_SECRET = previous;
    }
  });
});
