import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { createUser } from '../team/users';
import { decodeSessionId } from '../security/session-token';
import { validateSession } from './sessions';

const SECRET = 's'.repeat(48);
vi.mock('../env', () => ({ getEnv: () => ({ PUBLIC_ORIGIN: 'http://console.test', NEXTAUTH_SECRET: SECRET, SECURE_COOKIES: false }) }));

const { signInFromForm } = await import('./form-sign-in');

let client: PGlite;
let db: ConsoleDb;

beforeAll(async () => {
  client = new PGlite();
  db = await useTestDatabase(client);
});
afterAll(async () => {
  resetDatabaseForTests();
  await client.close();
});

const post = (fields: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
  signInFromForm(
    new Request('http://console.test/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': type, 'x-forwarded-for': '203.0.113.9' },
      body: new URLSearchParams(fields).toString(),
    }),
  );

describe('the sign-in form without scripts (POST /api/auth/sign-in)', () => {
  it('signs in with a session cookie next-auth reads and goes to the sanitised callback page', async () => {
    const user = await createUser({ name: 'Form User', email: 'form@t.test', role: 'viewer', password: 'a-long-password-1' }, db);
    const res = await post({ email: 'form@t.test', password: 'a-long-password-1', callbackUrl: '/operations?x=1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://console.test/operations?x=1');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^next-auth\.session-token=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    const sid = await decodeSessionId(/^next-auth\.session-token=([^;]+)/.exec(cookie)![1], SECRET);
    const check = await validateSession(db, sid!, new Date());
    expect(check.ok && check.user.id).toBe(user.id);
  });

  it('a wrong password, a foreign callback or a non-form body go back to /login with the error, never the password', async () => {
    const wrong = await post({ email: 'form@t.test', password: 'wrong-password-123', callbackUrl: 'https://evil.test/' });
    expect(wrong.status).toBe(303);
    const location = new URL(wrong.headers.get('location')!);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('CredentialsSignin');
    expect(location.searchParams.get('callbackUrl')).toBe('/');
    expect(wrong.headers.get('location')).not.toContain('wrong-password');
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const json = await post({ email: 'form@t.test', password: 'a-long-password-1' }, 'application/json');
    expect(new URL(json.headers.get('location')!).searchParams.get('error')).toBe('CredentialsSignin');
    expect(json.headers.get('set-cookie')).toBeNull();
  });
});
