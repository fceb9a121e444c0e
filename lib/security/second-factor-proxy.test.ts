import { NextRequest } from 'next/server';
import { encode } from 'next-auth/jwt';
import { afterEach, describe, expect, it } from 'vitest';
import { handleProxy, stepPathFor } from './proxy-handler';
import { decodeSessionToken, resetSessionTokensForTests } from './session-token';

const PUBLIC = 'http://localhost:3100';
const env = { PUBLIC_URL: PUBLIC };
const get = (path: string) => new NextRequest(new URL(path, PUBLIC), { method: 'GET', headers: { host: 'localhost:3100' } });
const at = (stage: string) => ({ env, hasSession: async () => stage });

afterEach(() => resetSessionTokensForTests());

describe('proxy: a half-signed-in session opens only its next step', () => {
  it('second factor owed: every console page goes to /login/second-factor, keeping where it was headed', async () => {
    const res = await handleProxy(get('/payouts?x=1'), at('second-factor'));
    expect(res.status).toBe(307);
    const target = new URL(res.headers.get('location')!);
    expect(target.pathname).toBe('/login/second-factor');
    expect(target.searchParams.get('callbackUrl')).toBe('/payouts?x=1');
    // The step itself (under the public /login) and route handlers (which answer 401 themselves) pass.
    expect((await handleProxy(get('/login/second-factor'), at('second-factor'))).status).toBe(200);
  });

  it('enrolment owed: only /enrol and /change-password open', async () => {
    expect(new URL((await handleProxy(get('/team'), at('enrol'))).headers.get('location')!).pathname).toBe('/enrol');
    expect(new URL((await handleProxy(get('/account/security'), at('enrol'))).headers.get('location')!).pathname).toBe('/enrol');
    expect((await handleProxy(get('/enrol'), at('enrol'))).status).toBe(200);
    expect((await handleProxy(get('/change-password'), at('enrol'))).status).toBe(200);
  });

  it('a complete sign-in is not redirected; an unknown stage is treated as owing the second factor', async () => {
    expect((await handleProxy(get('/team'), at('complete'))).status).toBe(200);
    expect(stepPathFor('something-else', '/')).toBe('/login/second-factor');
  });

  it('reads the stage from the session token; tokens without one (issued before) count as complete', async () => {
    const secret = 'a-test-secret-that-is-long-enough-1234';
    const pending = await encode({ token: { sub: 'u', sid: 's1', stage: 'second-factor' }, secret });
    const legacy = await encode({ token: { sub: 'u', sid: 's2' }, secret });
    expect((await decodeSessionToken(pending, secret))?.stage).toBe('second-factor');
    expect((await decodeSessionToken(legacy, secret))?.stage).toBe('complete');
  });
});
