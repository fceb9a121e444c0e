import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '@/lib/env';
import { drainAll, resetShutdownForTests } from '@/lib/observability/shutdown';
import { makeJwt } from './testing/fakes';

const demo = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@/lib/sandbox/host', () => ({
  getDemoCredentials: async () => {
    demo.calls++;
    return { clientId: 'demo-client', clientSecret: 'demo-secret' };
  },
}));

const { getApiClient } = await import('./default-client');
const globalForApi = globalThis as { __fxApiClient?: unknown };

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
  resetEnvForTests();
  resetShutdownForTests();
  delete globalForApi.__fxApiClient;
});
beforeEach(() => {
  demo.calls = 0;
  vi.stubEnv('NEXTAUTH_SECRET', 'x'.repeat(48));
});

function tokenEndpoint(url: string, seen: unknown[]) {
  server.use(
    http.post(url, async ({ request }) => {
      seen.push(await request.json());
      return HttpResponse.json({ accessToken: makeJwt(Math.floor(Date.now() / 1000) + 3600), tokenType: 'Bearer', expiresIn: 3600 });
    }),
  );
}

describe('getApiClient', () => {
  it('uses the configured service and credentials, once per process', async () => {
    vi.stubEnv('SANDBOX', 'off');
    vi.stubEnv('FX_API_BASE_URL', 'https://fx.example.com/');
    vi.stubEnv('FX_AUTH_URL', 'https://auth.example.com');
    vi.stubEnv('FX_CLIENT_ID', 'real-client');
    vi.stubEnv('FX_CLIENT_SECRET', 'real-secret');
    const seen: unknown[] = [];
    tokenEndpoint('https://auth.example.com/api/oauth/client/token', seen);
    const client = getApiClient();
    expect(getApiClient()).toBe(client);
    expect(client.baseUrl).toBe('https://fx.example.com');
    await client.tokens.getToken();
    expect(seen).toEqual([{ clientId: 'real-client', clientSecret: 'real-secret' }]);
    expect(demo.calls).toBe(0);
  });

  it('with the embedded sandbox: demo customer taken lazily, requests go over real HTTP to /sandbox', async () => {
    vi.stubEnv('SANDBOX', 'on');
    vi.stubEnv('FX_API_BASE_URL', '');
    vi.stubEnv('FX_CLIENT_ID', '');
    vi.stubEnv('FX_CLIENT_SECRET', '');
    vi.stubEnv('PUBLIC_URL', 'http://localhost:3999');
    const seen: unknown[] = [];
    tokenEndpoint('http://localhost:3999/sandbox/api/oauth/client/token', seen);
    const client = getApiClient();
    expect(client.baseUrl).toBe('http://localhost:3999/sandbox');
    expect(demo.calls).toBe(0);
    await client.tokens.getToken();
    expect(demo.calls).toBe(1);
    expect(seen).toEqual([{ clientId: 'demo-client', clientSecret: 'demo-secret' }]);
  });

  it('with the sandbox on but the service elsewhere, goes over HTTP', async () => {
    vi.stubEnv('SANDBOX', 'on');
    vi.stubEnv('FX_API_BASE_URL', 'https://fx.example.com');
    vi.stubEnv('FX_CLIENT_ID', 'real-client');
    vi.stubEnv('FX_CLIENT_SECRET', 'real-secret');
    const seen: unknown[] = [];
    tokenEndpoint('https://fx.example.com/api/oauth/client/token', seen);
    await getApiClient().tokens.getToken();
    expect(seen).toHaveLength(1);
    expect(demo.calls).toBe(0);
  });

  it('once this process drains, a call that cannot connect ends after one attempt (its listener, also the sandbox mount, is closed)', async () => {
    vi.stubEnv('SANDBOX', 'on');
    vi.stubEnv('FX_API_BASE_URL', '');
    vi.stubEnv('FX_CLIENT_ID', '');
    vi.stubEnv('FX_CLIENT_SECRET', '');
    vi.stubEnv('PUBLIC_URL', 'http://localhost:3999');
    tokenEndpoint('http://localhost:3999/sandbox/api/oauth/client/token', []);
    let calls = 0;
    server.use(
      http.get('http://localhost:3999/sandbox/api/accounts/:id', () => {
        calls++;
        return HttpResponse.error();
      }),
    );
    const { getAccount } = await import('./accounts');
    const client = getApiClient();
    await client.tokens.getToken();
    await drainAll();
    const error = await getAccount('00000000-0000-4000-8000-000000000001', { client }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNREACHABLE', details: { interrupted: 'shutdown' } });
    // One attempt: no backoff, no retry against the closed listener.
    expect(calls).toBe(1);
  });
});
