import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/auth/session';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { ACCOUNT_ID, accountBody } from '@/lib/api/testing/fixtures';
import { fakeTime, makeJwt, recordingLogger, testConfig } from '@/lib/api/testing/fakes';

const state = vi.hoisted(() => ({ user: null as SessionUser | null, client: null as ApiClient | null, audits: [] as unknown[] }));
vi.mock('@/lib/auth/session', () => ({ getCurrentUser: async () => state.user }));
vi.mock('@/lib/audit/record-audit', () => ({ recordAudit: async (input: unknown) => void state.audits.push(input) }));
vi.mock('@/lib/api/default-client', () => ({
  getApiClient: () => state.client,
  clientFor: (options?: { client?: ApiClient }) => options?.client ?? state.client,
}));

const { POST } = await import('./route');

const BASE = 'https://fx.test';
const CONSOLE = 'http://console.test';
const KEY = '9a1c3e4f-2b7d-4c8e-9f10-a1b2c3d4e5f6';
const UBO_ID = '5d0b0a4e-6c7f-4b8a-9e2d-1f3a5b7c9d0e';
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n') as Uint8Array<ArrayBuffer>;
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]);
const server = setupServer();
const upstream: { key: string | null; body: unknown; file: File }[] = [];

const compliance: SessionUser = { id: 'u2', email: 'compliance@acme.test', name: 'C', role: 'compliance', sessionId: 's2', mustChangePassword: false, locale: null, timeZone: null, stage: 'complete', amr: 'pwd+totp', factorVerifiedAt: null };
const finance: SessionUser = { ...compliance, id: 'u3', email: 'finance@acme.test', role: 'finance' };
const viewer: SessionUser = { ...compliance, id: 'u4', email: 'viewer@acme.test', role: 'viewer' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  process.env.PUBLIC_URL = CONSOLE;
  upstream.length = 0;
  state.audits.length = 0;
  const time = fakeTime();
  state.client = createApiClient(testConfig(time, recordingLogger()));
  state.user = compliance;
  server.use(
    http.post(`${BASE}/api/oauth/client/token`, () => HttpResponse.json({ accessToken: makeJwt(Math.floor(time.now() / 1000) + 3600), tokenType: 'Bearer', expiresIn: 3600 })),
    http.post(`${BASE}/api/documents`, async ({ request }) => {
      const form = await request.formData();
      upstream.push({ key: request.headers.get('x-idempotency-key'), body: JSON.parse(String(form.get('body'))), file: form.get('file') as File });
      return new HttpResponse(null, { status: 204, headers: { 'x-request-id': 'req-upload' } });
    }),
  );
});

function post(file: Uint8Array, opts: { origin?: string | null; key?: string; meta?: unknown; name?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  form.append('meta', JSON.stringify(opts.meta ?? { documentType: 'ARTICLES_OF_ASSOCIATION', holder: { type: 'ACCOUNT', referenceId: ACCOUNT_ID } }));
  form.append('file', new Blob([file as Uint8Array<ArrayBuffer>]), opts.name ?? 'articles.pdf');
  const headers: Record<string, string> = { host: 'console.test', 'x-idempotency-key': opts.key ?? KEY, ...opts.headers };
  if (opts.origin !== null) headers.origin = opts.origin ?? CONSOLE;
  const request = new Request(`${CONSOLE}/api/uploads/${ACCOUNT_ID}`, { method: 'POST', body: form, headers });
  return POST(request, { params: Promise.resolve({ accountId: ACCOUNT_ID }) });
}

describe('POST /api/uploads/{accountId}', () => {
  it('streams the document to the service with the intent’s idempotency key and audits holder, type, name, size and SHA-256', async () => {
    const res = await post(PDF);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, size: PDF.length, requestId: 'req-upload' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(upstream).toHaveLength(1);
    expect(upstream[0].key).toBe(KEY);
    expect(upstream[0].body).toEqual({ documentType: 'ARTICLES_OF_ASSOCIATION', holder: { type: 'ACCOUNT', referenceId: ACCOUNT_ID } });
    expect(upstream[0].file.name).toBe('articles.pdf');
    expect(upstream[0].file.size).toBe(PDF.length);
    expect(state.audits).toEqual([
      expect.objectContaining({
        action: 'accounts.uploadDocument',
        target: ACCOUNT_ID,
        outcome: 'success',
        details: {
          holder: { type: 'ACCOUNT', referenceId: ACCOUNT_ID },
          documentType: 'ARTICLES_OF_ASSOCIATION',
          fileName: 'articles.pdf',
          size: PDF.length,
          sha256: body.sha256,
          mime: 'application/pdf',
        },
      }),
    ]);
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes the audit correlation id itself: a client-chosen X-Request-Id is never stored', async () => {
    const chosen = 'x'.repeat(3_000);
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ok = await post(PDF, { headers: { 'x-request-id': chosen } });
    expect(ok.status).toBe(200);
    state.user = viewer;
    const denied = await post(PDF, { headers: { 'x-request-id': chosen } });
    expect(denied.status).toBe(403);
    const ids = (state.audits as { correlationId: string }[]).map((a) => a.correlationId);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    // The answer names the same id, so a user's report can be found in the audit log.
    expect([ok.headers.get('x-request-id'), denied.headers.get('x-request-id')]).toEqual(ids);
  });

  it('refuses a foreign or missing Origin (this path is outside the proxy) before reading anything', async () => {
    expect((await post(PDF, { origin: 'https://evil.test' })).status).toBe(403);
    expect((await post(PDF, { origin: null })).status).toBe(403);
    expect(upstream).toHaveLength(0);
  });

  it('401 signed out; 403 for finance and viewer, audited as denied, nothing sent', async () => {
    state.user = null;
    expect((await post(PDF)).status).toBe(401);
    for (const user of [finance, viewer]) {
      state.user = user;
      const res = await post(PDF);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('FORBIDDEN');
    }
    expect(state.audits).toEqual([
      expect.objectContaining({ outcome: 'denied', action: 'accounts.uploadDocument', details: { permission: 'accounts:documents', role: 'finance' } }),
      expect.objectContaining({ outcome: 'denied', action: 'accounts.uploadDocument', details: { permission: 'accounts:documents', role: 'viewer' } }),
    ]);
    expect(upstream).toHaveLength(0);
  });

  it('admin may upload too', async () => {
    state.user = { ...compliance, id: 'u1', email: 'admin@acme.test', role: 'admin' };
    expect((await post(PDF)).status).toBe(200);
    expect(upstream).toHaveLength(1);
  });

  it('refuses a renamed executable and a missing key without calling the service', async () => {
    const exe = await post(EXE, { name: 'contract.pdf' });
    expect(exe.status).toBe(400);
    expect((await exe.json()).code).toBe('UNSUPPORTED_FILE_TYPE');
    const noKey = await post(PDF, { key: 'not-a-uuid' });
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(upstream).toHaveLength(0);
    expect(state.audits).toEqual([expect.objectContaining({ outcome: 'error', details: expect.objectContaining({ code: 'UNSUPPORTED_FILE_TYPE', fileName: 'contract.pdf' }) })]);
  });

  it('refuses a UBO that is not on this account before uploading', async () => {
    server.use(http.get(`${BASE}/api/accounts/${ACCOUNT_ID}`, () => HttpResponse.json(accountBody())));
    const res = await post(PDF, { meta: { documentType: 'PASSPORT', holder: { type: 'UBO', referenceId: UBO_ID } } });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('HOLDER_NOT_ON_ACCOUNT');
    expect(upstream).toHaveLength(0);
  });

  it('passes the service’s refusal on with its status and code', async () => {
    server.use(
      http.post(`${BASE}/api/documents`, () =>
        HttpResponse.json({ code: 'DOCUMENT_NOT_DUE', message: 'Not due', details: {} }, { status: 422, headers: { 'x-request-id': 'req-422' } }),
      ),
    );
    const res = await post(PDF);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'DOCUMENT_NOT_DUE', requestId: 'req-422' });
  });
});
