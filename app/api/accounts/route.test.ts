import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/auth/session';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { ACCOUNT_ID, accountBody } from '@/lib/api/testing/fixtures';
import { fakeTime, makeJwt, recordingLogger, testConfig, TEST_CLIENT_SECRET } from '@/lib/api/testing/fakes';

const state = vi.hoisted(() => ({ user: null as SessionUser | null, client: null as ApiClient | null }));
vi.mock('@/lib/auth/session', () => ({ getCurrentUser: async () => state.user }));
vi.mock('@/lib/api/default-client', () => ({
  getApiClient: () => state.client,
  clientFor: (options?: { client?: ApiClient }) => options?.client ?? state.client,
}));

const { GET: listRoute } = await import('./route');
const { GET: oneRoute } = await import('./[accountId]/route');

const BASE = 'https://fx.test';
const server = setupServer();
const upstream: Request[] = [];
let token = '';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  upstream.length = 0;
  const time = fakeTime();
  token = makeJwt(Math.floor(time.now() / 1000) + 3600);
  state.client = createApiClient(testConfig(time, recordingLogger()));
  state.user = { id: 'u1', email: 'viewer@acme.test', name: 'Vitor Viewer', role: 'viewer', sessionId: 's1', mustChangePassword: false, locale: null, timeZone: null, stage: 'complete', amr: 'pwd+totp', factorVerifiedAt: null };
  server.use(http.post(`${BASE}/api/oauth/client/token`, () => HttpResponse.json({ accessToken: token, tokenType: 'Bearer', expiresIn: 3600 })));
});

function serve(path: string, respond: () => Response) {
  server.use(
    http.get(`${BASE}${path}`, ({ request }) => {
      upstream.push(request);
      return respond();
    }),
  );
}

const listCtx = { params: Promise.resolve({}) };
const oneCtx = (accountId: string) => ({ params: Promise.resolve({ accountId }) });

describe('GET /api/accounts', () => {
  it('401 without a session and 0 upstream calls', async () => {
    state.user = null;
    const res = await listRoute(new Request('http://console.test/api/accounts'), listCtx);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(upstream).toHaveLength(0);
  });

  it('403 while a password change is pending', async () => {
    state.user = { ...state.user!, mustChangePassword: true };
    const res = await listRoute(new Request('http://console.test/api/accounts'), listCtx);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
  });

  it('forwards the allowlisted query and returns the page without secrets', async () => {
    serve('/api/accounts', () =>
      HttpResponse.json(
        { data: [accountBody()], meta: { previousCursor: null, nextCursor: 'n1', total: 1 } },
        { headers: { 'X-Request-Id': 'req-list' } },
      ),
    );
    const res = await listRoute(
      new Request('http://console.test/api/accounts?limit=5&sortOrder=ASCENDING&filters=status%5Beq%5D%3DACTIVE'),
      listCtx,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.requestId).toBe('req-list');
    expect(body.meta.nextCursor).toBe('n1');
    expect(body.data[0].id).toBe(ACCOUNT_ID);
    expect(Object.fromEntries(new URL(upstream[0].url).searchParams)).toEqual({
      limit: '5',
      sortOrder: 'ASCENDING',
      filters: 'status[eq]=ACTIVE',
    });
    expect(text).not.toContain(token);
    expect(text).not.toContain(TEST_CLIENT_SECRET);
  });

  it('400 on a bad or unknown query parameter, without calling the service', async () => {
    const res = await listRoute(new Request('http://console.test/api/accounts?limit=500&evil=1'), listCtx);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('INVALID_QUERY');
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['evil', 'limit']);
    expect(upstream).toHaveLength(0);
  });

  it('maps a service rejection to its status with a sentence and the request id', async () => {
    serve('/api/accounts', () =>
      HttpResponse.json(
        { code: 'INVALID_FILTER_FORMAT', message: "Invalid filters: unknown field 'x'", details: {} },
        { status: 400, headers: { 'X-Request-Id': 'req-filter' } },
      ),
    );
    const res = await listRoute(new Request('http://console.test/api/accounts?filters=x%5Beq%5D%3D1'), listCtx);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      brand: 'fx.failure',
      code: 'INVALID_FILTER_FORMAT',
      sentence: 'The filter is not valid.',
      fieldErrors: {},
      fields: {},
      requestId: 'req-filter',
      httpStatus: 400,
    });
  });

  it('a bad cursor the service refuses (400 INVALID_DATA on query:cursor) stays a 400 with the field, worded by the catalogue', async () => {
    serve('/api/accounts', () =>
      HttpResponse.json(
        {
          code: 'INVALID_DATA',
          message: 'Object contains invalid data',
          details: { errors: [{ code: 'INVALID_CURSOR', message: 'The cursor is not valid', field: 'query:cursor' }] },
        },
        { status: 400, headers: { 'X-Request-Id': 'req-cursor' } },
      ),
    );
    const res = await listRoute(new Request('http://console.test/api/accounts?cursor=abc'), listCtx);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'INVALID_DATA',
      fields: { cursor: { code: 'INVALID_CURSOR' } },
      fieldErrors: { cursor: 'This page link is no longer valid. Go back to the first page.' },
      requestId: 'req-cursor',
    });
  });
});

describe('GET /api/accounts/[accountId]', () => {
  it('returns one account', async () => {
    serve(`/api/accounts/${ACCOUNT_ID}`, () => HttpResponse.json(accountBody(), { headers: { 'X-Request-Id': 'req-one' } }));
    const res = await oneRoute(new Request(`http://console.test/api/accounts/${ACCOUNT_ID}`), oneCtx(ACCOUNT_ID));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ requestId: 'req-one', data: { id: ACCOUNT_ID, owner: { legalName: 'Acme Pagamentos Ltda' } } });
  });

  it('403 for a role without accounts:read (every known role has it, so an unknown role stands in)', async () => {
    state.user = { ...state.user!, role: 'auditor' as SessionUser['role'] };
    const res = await oneRoute(new Request(`http://console.test/api/accounts/${ACCOUNT_ID}`), oneCtx(ACCOUNT_ID));
    expect(res.status).toBe(403);
    expect(upstream).toHaveLength(0);
  });

  it('404 for a malformed id without calling the service', async () => {
    const res = await oneRoute(new Request('http://console.test/api/accounts/..'), oneCtx('..'));
    expect(res.status).toBe(404);
    expect(upstream).toHaveLength(0);
  });

  it('passes the service 404 through', async () => {
    serve(`/api/accounts/${ACCOUNT_ID}`, () =>
      HttpResponse.json(
        { code: 'RESOURCE_NOT_FOUND', message: `Account with given parameters [id:${ACCOUNT_ID}] not found`, details: {} },
        { status: 404, headers: { 'X-Request-Id': 'req-404' } },
      ),
    );
    const res = await oneRoute(new Request(`http://console.test/api/accounts/${ACCOUNT_ID}`), oneCtx(ACCOUNT_ID));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'RESOURCE_NOT_FOUND', requestId: 'req-404' });
  });

  it('a 404 thrown by another bundle’s copy of ApiError (the process-wide client) is still a 404, not a 500', async () => {
    vi.resetModules();
    const { ApiError: OtherApiError } = await import('@/lib/api/errors');
    state.client = {
      ...state.client!,
      request: () => Promise.reject(new OtherApiError({ status: 404, code: 'RESOURCE_NOT_FOUND', message: 'gone', requestId: 'req-x' })),
    };
    const res = await oneRoute(new Request(`http://console.test/api/accounts/${ACCOUNT_ID}`), oneCtx(ACCOUNT_ID));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'RESOURCE_NOT_FOUND', requestId: 'req-x' });
  });

  it('an upstream 401 (console credentials refused) is a 502, not a sign-out', async () => {
    serve(`/api/accounts/${ACCOUNT_ID}`, () =>
      HttpResponse.json({ code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token', details: {} }, { status: 401 }),
    );
    const res = await oneRoute(new Request(`http://console.test/api/accounts/${ACCOUNT_ID}`), oneCtx(ACCOUNT_ID));
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(text).not.toContain(token);
  });

  it('an unexpected error is a 500 with a reference and no stack', async () => {
    serve(`/api/accounts/${ACCOUNT_ID}`, () => HttpResponse.json(accountBody()));
    state.client = { ...state.client!, request: () => Promise.reject(new TypeError('boom at secret place')) };
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await oneRoute(new Request(`http://console.test/api/accounts/${ACCOUNT_ID}`), oneCtx(ACCOUNT_ID));
    spy.mockRestore();
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'INTERNAL', httpStatus: 500, requestId: expect.any(String) });
    expect(text).not.toContain('boom');
  });
});
