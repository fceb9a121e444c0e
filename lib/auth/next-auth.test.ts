import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { decode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET, POST } from '@/app/api/auth/[...nextauth]/route';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { auditEvents, sessions } from '../db/schema';
import { getEnv, resetEnvForTests } from '../env';
import { getAuthOptions, resetAuthOptionsForTests, SESSION_MAX_AGE_SECONDS, sessionCookieName } from './auth-options';
import { createUser, setDisabled } from '../team/users';

// Drives the real route handler (app/api/auth/[...nextauth]/route.ts) with Next's request APIs mocked.
// next-auth loads next/headers with require(), so the CommonJS exports are replaced rather than vi.mock'ed.
const jarRef = { current: {} as Record<string, string> };
const nextHeaders = createRequire(import.meta.url)('next/headers') as Record<string, unknown>;
nextHeaders.cookies = async () => ({
  getAll: () => Object.entries(jarRef.current).map(([name, value]) => ({ name, value })),
});
nextHeaders.headers = async () =>
  new Headers({ host: 'localhost:3998', origin: 'http://localhost:3998', 'user-agent': 'vitest' });
const PUBLIC = 'http://localhost:3998';
let client: PGlite;
let db: ConsoleDb;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'nextauth-test-'));
  process.env.PUBLIC_URL = PUBLIC;
  delete process.env.NEXTAUTH_SECRET;
  delete process.env.NEXTAUTH_URL;
  delete process.env.FX_API_BASE_URL;
  delete process.env.SANDBOX;
  resetEnvForTests();
  resetAuthOptionsForTests();
  client = new PGlite();
  db = await useTestDatabase(client);
});
afterAll(async () => {
  resetDatabaseForTests();
  resetEnvForTests();
  resetAuthOptionsForTests();
  await client.close();
});

type Jar = Record<string, string>;
type Cookie = { name: string; value: string; attrs: Record<string, string | true> };

function parseSetCookie(header: string): Cookie {
  const [pair, ...rest] = header.split(';').map((p) => p.trim());
  const eq = pair.indexOf('=');
  const attrs: Record<string, string | true> = {};
  for (const a of rest) {
    const i = a.indexOf('=');
    attrs[(i < 0 ? a : a.slice(0, i)).toLowerCase()] = i < 0 ? true : a.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attrs };
}

async function call(action: string, method: 'GET' | 'POST', jar: Jar, body?: Record<string, string>, providerId?: string) {
  jarRef.current = jar;
  const segments = providerId ? [action, providerId] : [action];
  const request = new NextRequest(`${PUBLIC}/api/auth/${segments.join('/')}`, {
    method,
    headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  const context = { params: Promise.resolve({ nextauth: segments }) };
  const response = await (method === 'GET' ? GET : POST)(request, context);
  const cookies = response.headers.getSetCookie().map(parseSetCookie);
  for (const c of cookies) {
    if (c.value === '' || c.attrs['max-age'] === '0') delete jar[c.name];
    else jar[c.name] = c.value;
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, body: json as Record<string, unknown>, cookies, location: response.headers.get('location') };
}

async function csrf(jar: Jar): Promise<string> {
  const res = await call('csrf', 'GET', jar);
  return (res.body as { csrfToken: string }).csrfToken;
}

async function signIn(jar: Jar, email: string, password: string) {
  const csrfToken = await csrf(jar);
  return call('callback', 'POST', jar, { email, password, csrfToken, callbackUrl: `${PUBLIC}/accounts`, json: 'true' }, 'credentials');
}

describe('next-auth with the console options', () => {
  it('publishes the generated secret and keeps the session cookie HttpOnly, Lax, not __Secure- over http', async () => {
    const options = getAuthOptions();
    expect(options.secret).toBeTruthy();
    expect(options.secret).toBe(getEnv().NEXTAUTH_SECRET);
    expect(process.env.NEXTAUTH_SECRET).toBe(options.secret);
    expect(options.session?.maxAge).toBe(8 * 60 * 60);
    expect(SESSION_MAX_AGE_SECONDS).toBe(28_800);
    await createUser({ name: 'Cookie', email: 'cookie@t.test', role: 'viewer', password: 'violet-harbor-41' }, db);
    const jar: Jar = {};
    const res = await signIn(jar, 'cookie@t.test', 'violet-harbor-41');
    const cookie = res.cookies.find((c: Cookie) => c.name === sessionCookieName(false))!;
    expect(cookie.name).toBe('next-auth.session-token');
    expect(cookie.attrs.httponly).toBe(true);
    expect(String(cookie.attrs.samesite).toLowerCase()).toBe('lax');
    expect(cookie.attrs.secure).toBeUndefined();
    expect(res.body).toEqual({ url: `${PUBLIC}/accounts` });
  });

  it('signs in, carries only sub + sid in the JWT, and sign-out deletes the session row', async () => {
    const user = await createUser({ name: 'Ana', email: 'ana@t.test', role: 'finance', password: 'copper-meadow-52' }, db);
    const jar: Jar = {};
    await signIn(jar, 'ana@t.test', 'copper-meadow-52');
    const token = await decode({ token: jar['next-auth.session-token'], secret: getEnv().NEXTAUTH_SECRET });
    expect(token?.sub).toBe(user.id);
    expect(typeof token?.sid).toBe('string');
    expect(token).not.toHaveProperty('email');
    expect(token).not.toHaveProperty('role');

    const session = await call('session', 'GET', jar);
    expect(session.body).toMatchObject({ user: { email: 'ana@t.test', name: 'Ana', role: 'finance' } });
    expect(JSON.stringify(session.body)).not.toContain(String(token?.sid));

    const [row] = await db.select().from(sessions).where(eq(sessions.id, String(token?.sid)));
    expect(row).toBeDefined();
    await call('signout', 'POST', jar, { csrfToken: await csrf(jar) });
    expect(await db.select().from(sessions).where(eq(sessions.id, String(token?.sid)))).toHaveLength(0);
    const signOuts = await db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.signOut'));
    expect(signOuts.map((e) => e.actorId)).toEqual([user.id]);
  });

  it('passes the lockout to the login page as error=LOCKED:<minutes>, wrong passwords as CredentialsSignin', async () => {
    await createUser({ name: 'Bob', email: 'bob@t.test', role: 'viewer', password: 'silent-orbit-63' }, db);
    const jar: Jar = {};
    let res = await signIn(jar, 'bob@t.test', 'wrong-password');
    expect(res.status).toBe(401);
    // signIn('credentials', { redirect: false }) reads `error` from this url; with redirect it lands on /login?error=
    let error = new URL(String(res.body.url)).searchParams.get('error');
    expect(error).toBe('CredentialsSignin');
    for (let i = 0; i < 4; i++) res = await signIn(jar, 'bob@t.test', 'wrong-password');
    error = new URL(String(res.body.url)).searchParams.get('error');
    expect(error).toBe('LOCKED:15');
    expect(jar['next-auth.session-token']).toBeUndefined();
  });

  it('a revoked session answers /api/auth/session with {} and clears the cookie', async () => {
    const admin = await createUser({ name: 'Adm', email: 'adm@t.test', role: 'admin', password: 'amber-canyon-74' }, db);
    const user = await createUser({ name: 'Cy', email: 'cy@t.test', role: 'viewer', password: 'frozen-tulip-85' }, db);
    const jar: Jar = {};
    await signIn(jar, 'cy@t.test', 'frozen-tulip-85');
    expect(jar['next-auth.session-token']).toBeDefined();
    await setDisabled(admin, user.id, true, db);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const session = await call('session', 'GET', jar);
    log.mockRestore();
    expect(session.body).toEqual({});
    expect(jar['next-auth.session-token']).toBeUndefined();
  });

  it('keeps redirects on the console origin', async () => {
    const redirect = getAuthOptions().callbacks!.redirect!;
    expect(await redirect({ url: '/operations', baseUrl: PUBLIC })).toBe(`${PUBLIC}/operations`);
    expect(await redirect({ url: 'https://evil.test/x', baseUrl: PUBLIC })).toBe(PUBLIC);
    expect(await redirect({ url: '//evil.test/x', baseUrl: PUBLIC })).toBe(PUBLIC);
    expect(await redirect({ url: `${PUBLIC}/accounts`, baseUrl: PUBLIC })).toBe(`${PUBLIC}/accounts`);
  });

  it('uses __Secure- cookies when PUBLIC_URL is https', async () => {
    const previous = process.env.PUBLIC_URL;
    process.env.PUBLIC_URL = 'https://console.example.com';
    delete process.env.NEXTAUTH_URL;
    resetEnvForTests();
    resetAuthOptionsForTests();
    try {
      await createUser({ name: 'Sec', email: 'sec@t.test', role: 'viewer', password: 'narrow-comet-96' }, db);
      expect(getAuthOptions().useSecureCookies).toBe(true);
      const jar: Jar = {};
      await signIn(jar, 'sec@t.test', 'narrow-comet-96');
      const res = await signIn(jar, 'sec@t.test', 'narrow-comet-96');
      const cookie = res.cookies.find((c: Cookie) => c.name === sessionCookieName(true))!;
      expect(cookie.name).toBe('__Secure-next-auth.session-token');
      expect(cookie.attrs.secure).toBe(true);
      expect(cookie.attrs.httponly).toBe(true);
    } finally {
      process.env.PUBLIC_URL = previous;
      delete process.env.NEXTAUTH_URL;
      resetEnvForTests();
      resetAuthOptionsForTests();
    }
  });
});
