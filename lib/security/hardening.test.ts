import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config } from '../../proxy';
import { ACTION_BODY_LIMIT, checkActionRequest } from './action-guard';
import { checkAuthBody } from './auth-body';
import { handleProxy } from './proxy-handler';

const PUBLIC = 'http://localhost:3100';

/** Next matches the pathname against `^<matcher>$` (path-to-regexp keeps a custom group's regex as written). */
const matcher = new RegExp(`^${config.matcher[0]}$`);

describe('proxy matcher', () => {
  it.each([
    '/',
    '/accounts',
    '/team',
    '/api/healthz',
    '/api/health/deep',
    '/api/readyz',
    '/api/metrics/x',
    '/api/live/x',
    '/api/balances/x',
    '/api/accounts/x/y',
    '/api/accountsx',
    '/api/operations/x',
    '/api/operations/export/x',
    '/api/audit',
    '/api/webhook-logs',
    '/api/webhook-replays/x/y',
    '/api/webhooks',
    '/sandboxzzz',
    '/sandbox-evil',
    '/favicon.icoz',
    '/favicon.ico/x',
    '/_next/imagez',
    '/_next/staticx/a.js',
    '/api/auth/callback/credentials',
    '/api/uploads',
    '/api/uploadsx/abc',
    '/api/uploads/abc/def',
  ])('runs the proxy for %s', (path) => {
    expect(matcher.test(path)).toBe(true);
  });

  it.each([
    '/sandbox',
    '/sandbox/',
    '/sandbox/api/accounts',
    '/_next/static/chunks/a.js',
    '/_next/image',
    '/favicon.ico',
    '/api/uploads/0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10',
    '/api/health',
    '/api/ready',
    '/api/metrics',
    '/api/live',
    '/api/accounts',
    '/api/accounts/0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10',
    '/api/balances',
    '/api/operations',
    '/api/operations/export',
    '/api/audit/export',
    '/api/webhook-logs/x',
    '/api/webhook-replays/x',
  ])('skips the proxy for %s', (path) => {
    expect(matcher.test(path)).toBe(false);
  });

  // What makes skipping the proxy safe, checked on the route files themselves so a later write or a new route
  // under an excluded shape cannot slip through: a skipped route handler exports GET only (or is the upload route,
  // which checks the origin itself) and sets the security headers itself.
  const apiDir = path.join(process.cwd(), 'app', 'api');
  const routeFiles = readdirSync(apiDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('route.ts'));
  const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  it.each(routeFiles)('app/api/%s may skip the proxy only as a read that sets its own headers', (file) => {
    const urlPath = `/api/${path.dirname(file)}`.replace(/\[\.\.\.[^\]]+\]/g, 'a/b').replace(/\[[^\]]+\]/g, 'x');
    const source = readFileSync(path.join(apiDir, file), 'utf8');
    const exported = METHODS.filter((m) => new RegExp(`export (?:const|async function|function) ${m}\\b|export \\{[^}]*\\b${m}\\b`).test(source));
    expect(exported.length, `${file} exports a method`).toBeGreaterThan(0);
    if (matcher.test(urlPath)) return;
    if (file.startsWith('uploads/')) {
      expect(source).toContain('checkOrigin(');
    } else {
      expect(exported, `${urlPath} skips the proxy, so it may only read`).toEqual(['GET']);
    }
    expect(source).toMatch(/guardedGet|withApiHeaders/);
  });
});

function actionRequest(body: BodyInit, headers: Record<string, string>) {
  return new Request(`${PUBLIC}/team`, { method: 'POST', headers: { 'next-action': 'abc123', ...headers }, body });
}

describe('server-action guard', () => {
  it('400 for a body React cannot decode, 413 over the 1 MB limit', async () => {
    expect(await checkActionRequest(actionRequest('garbage{', { 'content-type': 'text/plain;charset=UTF-8' }), '/team')).toMatchObject({
      ok: false,
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    const big = 'x'.repeat(ACTION_BODY_LIMIT + 1);
    expect(await checkActionRequest(actionRequest(JSON.stringify([big]), { 'content-type': 'text/plain' }), '/team')).toMatchObject({
      status: 413,
    });
    const form = new FormData();
    form.append('0', '{not json');
    expect(await checkActionRequest(actionRequest(form, {}), '/team')).toMatchObject({ status: 400 });
    const broken = `--b\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--b`;
    expect(await checkActionRequest(actionRequest(broken, { 'content-type': 'multipart/form-data; boundary=zz' }), '/team')).toMatchObject({
      status: 400,
    });
    // Form posts without the action header: the size limit only.
    const mpa = new Request(`${PUBLIC}/team`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: big });
    expect(await checkActionRequest(mpa, '/team')).toMatchObject({ status: 413 });
  });

  it('400 naming the field for text that is not UTF-8 (it would be stored as U+FFFD), in every body shape', async () => {
    const latin1 = (s: string) => Buffer.from(s, 'latin1');
    // A fetch action's JSON arguments.
    const json = Buffer.concat([Buffer.from('[{"legalName":"'), latin1('Importação Ltda'), Buffer.from('"}]')]);
    expect(await checkActionRequest(actionRequest(json, { 'content-type': 'text/plain;charset=UTF-8' }), '/accounts/new')).toMatchObject({
      ok: false,
      status: 400,
      code: 'INVALID_ENCODING',
      field: '[0].legalName',
    });
    // A multipart action (React's numbered rows and prefixed fields) and a form post before hydration.
    const boundary = 'zz';
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="1_legalName"\r\n\r\n`),
      latin1('Importação'),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--${boundary}--\r\n`),
    ]);
    expect(
      await checkActionRequest(actionRequest(multipart, { 'content-type': `multipart/form-data; boundary=${boundary}` }), '/accounts/new'),
    ).toMatchObject({ status: 400, code: 'INVALID_ENCODING', field: '1_legalName' });
    const urlencoded = new Request(`${PUBLIC}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&name=Importa%E7%E3o',
    });
    expect(await checkActionRequest(urlencoded, '/login')).toMatchObject({ status: 400, code: 'INVALID_ENCODING', field: 'name' });
    // Real UTF-8 goes on.
    expect(
      await checkActionRequest(actionRequest('[{"legalName":"Importação Ltda"}]', { 'content-type': 'text/plain;charset=UTF-8' }), '/accounts/new'),
    ).toEqual({ ok: true });
    const good = new Request(`${PUBLIC}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Importa%C3%A7%C3%A3o',
    });
    expect(await checkActionRequest(good, '/login')).toEqual({ ok: true });
  });

  it('lets well-formed actions, route handlers and the sandbox through', async () => {
    expect(await checkActionRequest(actionRequest('["$K1"]', { 'content-type': 'text/plain' }), '/team')).toEqual({ ok: true });
    const form = new FormData();
    form.append('0', '["$K1"]');
    form.append('1_email', 'ana@acme.test');
    expect(await checkActionRequest(actionRequest(form, {}), '/team')).toEqual({ ok: true });
    const api = new Request(`${PUBLIC}/api/x`, { method: 'POST', headers: { 'next-action': 'a' }, body: 'garbage{' });
    expect(await checkActionRequest(api, '/api/x')).toEqual({ ok: true });
    expect(await checkActionRequest(new Request(`${PUBLIC}/team`), '/team')).toEqual({ ok: true });
  });

  it('the proxy answers them with the status, a JSON sentence and no stack', async () => {
    const req = new NextRequest(`${PUBLIC}/team`, {
      method: 'POST',
      headers: { host: 'localhost:3100', origin: PUBLIC, 'next-action': 'abc', 'content-type': 'text/plain' },
      body: 'garbage{',
    });
    const res = await handleProxy(req, { env: { PUBLIC_URL: PUBLIC }, hasSession: async () => true });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('MALFORMED_REQUEST');
    expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|\.js:\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('redirects and origin refusals carry the security headers and a CSP too', async () => {
    const env = { PUBLIC_URL: PUBLIC };
    const redirect = await handleProxy(new NextRequest(`${PUBLIC}/sandboxzzz`, { headers: { host: 'localhost:3100' } }), {
      env,
      hasSession: async () => false,
    });
    expect(redirect.status).toBe(307);
    const refused = await handleProxy(
      new NextRequest(`${PUBLIC}/team`, { method: 'POST', headers: { host: 'localhost:3100', origin: 'https://evil.test' } }),
      { env },
    );
    expect(refused.status).toBe(403);
    for (const res of [redirect, refused]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});

describe('trailing slash', () => {
  it('the proxy makes the 308 itself, with the security headers, to the same origin', async () => {
    const res = await handleProxy(new NextRequest(`${PUBLIC}/accounts/?page=2`), { env: { PUBLIC_URL: PUBLIC } });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/accounts?page=2`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const odd = await handleProxy(new NextRequest(`${PUBLIC}/x//evil.example//`), { env: { PUBLIC_URL: PUBLIC } });
    expect(new URL(odd.headers.get('location')!).origin).toBe(PUBLIC);
  });
});

describe('sign-in callback body', () => {
  const post = (body: string, type = 'application/json') =>
    new Request(`${PUBLIC}/api/auth/callback/credentials`, { method: 'POST', headers: { 'content-type': type }, body });

  it('400 for malformed JSON or JSON that is not an object; form posts and GETs go on', async () => {
    for (const bad of ['{"email":', 'null', '[1]', '"x"']) {
      const res = await checkAuthBody(post(bad));
      expect(res?.status, bad).toBe(400);
      expect(await res!.json()).toMatchObject({ code: 'MALFORMED_REQUEST' });
    }
    expect(await checkAuthBody(post('{"email":"a@b.c"}'))).toBeNull();
    expect(await checkAuthBody(post('email=a', 'application/x-www-form-urlencoded'))).toBeNull();
    expect(await checkAuthBody(new Request(`${PUBLIC}/api/auth/session`))).toBeNull();
    expect((await checkAuthBody(post(`{"a":"${'x'.repeat(70_000)}"}`)))?.status).toBe(413);
  });

  it('400 naming the field for a body that is not UTF-8', async () => {
    const body = Buffer.concat([Buffer.from('{"email":"jo'), Buffer.from('ão', 'latin1'), Buffer.from('@acme.test"}')]);
    const res = await checkAuthBody(
      new Request(`${PUBLIC}/api/auth/callback/credentials`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    );
    expect(res?.status).toBe(400);
    expect(await res!.json()).toMatchObject({ code: 'INVALID_ENCODING', details: { field: 'email' } });
  });
});
