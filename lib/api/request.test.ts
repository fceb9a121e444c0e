import { inspect } from 'node:util';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, getAccount, listAccounts } from './accounts';
import { getBalances } from './balances';
import { createApiClient, type ApiClient } from './client';
import type { ApiConfig } from './config';
import { uploadDocument } from './documents';
import { ApiError } from './errors';
import { toFailure } from '@/lib/errors';
import { englishFailureWording } from '@/lib/i18n/errors-translator';

// The sentence as an English reader sees it (the words live only in messages/).
const toUserMessage = async (error: unknown) => toFailure(error, { t: await englishFailureWording() }).sentence;
import { ACCOUNT_ID, accountBody, balancesBody } from './testing/fixtures';
import { fakeTime, makeJwt, recordingLogger, testConfig, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type FakeTime, type RecordingLogger } from './testing/fakes';

const BASE = 'https://fx.test';
const TOKEN_URL = `${BASE}/api/oauth/client/token`;
const KEY = '3c9a4e1b-7d2f-4a8e-9b6c-1f2e3d4c5b6a';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Harness {
  client: ApiClient;
  time: FakeTime;
  logger: RecordingLogger;
  tokens: string[];
  tokenRequests: Request[];
  apiRequests: Request[];
}

/** A client against fx.test whose token endpoint issues 1-hour JWTs (distinct per issue) and records every call. */
function harness(overrides: Partial<ApiConfig> = {}): Harness {
  const time = fakeTime();
  const logger = recordingLogger();
  const h: Harness = { client: undefined as unknown as ApiClient, time, logger, tokens: [], tokenRequests: [], apiRequests: [] };
  server.use(
    http.post(TOKEN_URL, async ({ request }) => {
      h.tokenRequests.push(request.clone());
      const token = makeJwt(Math.floor(time.now() / 1000) + 3600, { n: h.tokens.length });
      h.tokens.push(token);
      return HttpResponse.json({ accessToken: token, tokenType: 'Bearer', expiresIn: 3600 });
    }),
  );
  h.client = createApiClient(testConfig(time, logger, overrides));
  return h;
}

/** Serves `responses` in order for requests to `url` (the last one repeats), recording each request. */
function sequence(h: Harness, method: 'get' | 'post', url: string, responses: (() => Response | Promise<Response>)[]) {
  let i = 0;
  server.use(
    http[method](url, async ({ request }) => {
      h.apiRequests.push(request.clone());
      const respond = responses[Math.min(i++, responses.length - 1)];
      return respond();
    }),
  );
}

const ok = (body: unknown, status = 200, requestId = 'req-ok') => () =>
  HttpResponse.json(body as Record<string, unknown>, { status, headers: { 'X-Request-Id': requestId } });
const fail = (status: number, code: string, headers: Record<string, string> = {}, details: Record<string, unknown> = {}) => () =>
  HttpResponse.json({ code, message: `${code} happened`, details }, { status, headers: { 'X-Request-Id': `req-${status}`, ...headers } });

const createBody = {
  assets: [{ code: 'BRL' as const, isVirtual: false }],
  owner: {
    type: 'COMPANY' as const,
    legalName: 'Acme Pagamentos Ltda',
    taxId: { value: '11222333000181', type: 'CNPJ' },
    industry: 'INFORMATION_TECHNOLOGY',
    address: { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' },
  },
};

describe('request headers and results', () => {
  it('sends bearer token, version and idempotency key; returns the validated body and the request id', async () => {
    const h = harness({ serviceVersion: '1' });
    sequence(h, 'post', `${BASE}/api/accounts`, [ok(accountBody(), 201, 'req-create-1')]);
    const result = await createAccount(createBody, { idempotencyKey: KEY, client: h.client });

    expect(result.requestId).toBe('req-create-1');
    expect(result.data.id).toBe(ACCOUNT_ID);
    const sent = h.apiRequests[0];
    expect(sent.headers.get('authorization')).toBe(`Bearer ${h.tokens[0]}`);
    expect(sent.headers.get('x-service-version')).toBe('1');
    expect(sent.headers.get('x-idempotency-key')).toBe(KEY);
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(await sent.json()).toEqual(createBody);
    const tokenBody = await h.tokenRequests[0].json();
    expect(tokenBody).toEqual({ clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET });
  });

  it('sends no idempotency key and no version header on reads unless configured', async () => {
    const h = harness();
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [ok(accountBody())]);
    await getAccount(ACCOUNT_ID, { client: h.client });
    expect(h.apiRequests[0].headers.get('x-idempotency-key')).toBeNull();
    expect(h.apiRequests[0].headers.get('x-service-version')).toBeNull();
  });

  it('passes list query parameters through and omits empty ones', async () => {
    const h = harness();
    sequence(h, 'get', `${BASE}/api/accounts`, [
      ok({ data: [accountBody()], meta: { previousCursor: null, nextCursor: 'c2', total: 1 } }),
    ]);
    const page = await listAccounts({ limit: 1, cursor: null, sortOrder: 'ASCENDING', filters: 'status[eq]=ACTIVE' }, { client: h.client });
    const url = new URL(h.apiRequests[0].url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '1', sortOrder: 'ASCENDING', filters: 'status[eq]=ACTIVE' });
    expect(page.meta.nextCursor).toBe('c2');
    expect(page.data).toHaveLength(1);
  });

  it('refuses a mutation without a UUID idempotency key before any traffic', async () => {
    const h = harness();
    sequence(h, 'post', `${BASE}/api/accounts`, [ok(accountBody(), 201)]);
    // @ts-expect-error -- the key is required by the type, checked again at run time
    const missing = createAccount(createBody, { client: h.client });
    await expect(missing).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    await expect(createAccount(createBody, { idempotencyKey: 'not-a-uuid', client: h.client })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
    });
    expect(h.apiRequests).toHaveLength(0);
    expect(h.tokenRequests).toHaveLength(0);
  });

  it('uploads a document as multipart with a JSON body part and the file, 204 → null', async () => {
    const h = harness();
    let form: FormData | null = null;
    server.use(
      http.post(`${BASE}/api/documents`, async ({ request }) => {
        h.apiRequests.push(request.clone());
        form = await request.formData();
        return new HttpResponse(null, { status: 204, headers: { 'X-Request-Id': 'req-doc' } });
      }),
    );
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'articles.pdf', { type: 'application/pdf' });
    const result = await uploadDocument(
      { documentType: 'ARTICLES_OF_ASSOCIATION', holder: { type: 'ACCOUNT', referenceId: ACCOUNT_ID }, file },
      { idempotencyKey: KEY, client: h.client },
    );
    expect(result).toEqual({ data: null, requestId: 'req-doc' });
    expect(h.apiRequests[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(h.apiRequests[0].headers.get('x-idempotency-key')).toBe(KEY);
    const received = form as unknown as FormData;
    const bodyPart = received.get('body') as File;
    expect(JSON.parse(await bodyPart.text())).toEqual({
      documentType: 'ARTICLES_OF_ASSOCIATION',
      holder: { type: 'ACCOUNT', referenceId: ACCOUNT_ID },
    });
    const filePart = received.get('file') as File;
    expect(filePart.name).toBe('articles.pdf');
    expect(new Uint8Array(await filePart.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  });
});

describe('retries', () => {
  it('retries a 500 with the SAME idempotency key after a jittered backoff, then succeeds', async () => {
    const h = harness();
    sequence(h, 'post', `${BASE}/api/accounts`, [fail(500, 'INTERNAL_ERROR'), ok(accountBody(), 201, 'req-second')]);
    const result = await createAccount(createBody, { idempotencyKey: KEY, client: h.client });
    expect(result.requestId).toBe('req-second');
    expect(h.apiRequests).toHaveLength(2);
    expect(h.apiRequests.map((r) => r.headers.get('x-idempotency-key'))).toEqual([KEY, KEY]);
    // full jitter with random() = 0.5 over min(5000, 500·2^0)
    expect(h.time.sleeps).toEqual([250]);
  });

  it('gives up after 3 retries with exponential backoff and throws the last service error', async () => {
    const h = harness();
    sequence(h, 'post', `${BASE}/api/accounts`, [fail(503, 'UNAVAILABLE')]);
    const error = await createAccount(createBody, { idempotencyKey: KEY, client: h.client }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', requestId: 'req-503' });
    expect(h.apiRequests).toHaveLength(4);
    expect(new Set(h.apiRequests.map((r) => r.headers.get('x-idempotency-key')))).toEqual(new Set([KEY]));
    expect(h.time.sleeps).toEqual([250, 500, 1000]);
  });

  it('caps the exponential backoff', async () => {
    const h = harness({ maxRetries: 5, random: () => 1 });
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [fail(502, 'BAD_GATEWAY')]);
    await expect(getAccount(ACCOUNT_ID, { client: h.client })).rejects.toMatchObject({ status: 502 });
    expect(h.time.sleeps).toEqual([500, 1000, 2000, 4000, 5000]);
  });

  it('honours Retry-After in seconds on 429', async () => {
    const h = harness();
    sequence(h, 'post', `${BASE}/api/accounts`, [fail(429, 'TOO_MANY_REQUESTS', { 'Retry-After': '2' }), ok(accountBody(), 201)]);
    await createAccount(createBody, { idempotencyKey: KEY, client: h.client });
    expect(h.time.sleeps).toEqual([2000]);
    expect(h.apiRequests.map((r) => r.headers.get('x-idempotency-key'))).toEqual([KEY, KEY]);
  });

  it('honours Retry-After as an HTTP-date and caps long waits', async () => {
    const h = harness({ retryAfterCapMs: 10_000 });
    const in3s = new Date(h.time.now() + 3000).toUTCString();
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [
      fail(429, 'TOO_MANY_REQUESTS', { 'Retry-After': in3s }),
      fail(429, 'TOO_MANY_REQUESTS', { 'Retry-After': '3600' }),
      ok(accountBody()),
    ]);
    await getAccount(ACCOUNT_ID, { client: h.client });
    expect(h.time.sleeps).toEqual([3000, 10_000]);
  });

  it('retries 408 like a time-out', async () => {
    const h = harness();
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [fail(408, 'REQUEST_TIMEOUT'), ok(accountBody())]);
    await getAccount(ACCOUNT_ID, { client: h.client });
    expect(h.apiRequests).toHaveLength(2);
  });

  it('never retries a 400, 404, 409 or 422 and maps validation fields for forms', async () => {
    for (const [status, code] of [[400, 'INVALID_DATA'], [404, 'RESOURCE_NOT_FOUND'], [409, 'IDEMPOTENCY_CONFLICT'], [422, 'ACCOUNT_NOT_MODIFIABLE']] as const) {
      const h = harness();
      sequence(h, 'post', `${BASE}/api/accounts`, [
        fail(status, code, {}, {
          errors: [
            { code: 'VALIDATE_TAX_ID', message: 'Invalid CNPJ', field: 'body:owner.taxId.value', params: {} },
            { code: 'REQUIRED', message: 'Required', field: 'body:assets[0].code', params: {} },
            { code: 'REQUIRED', message: 'Body required', field: 'body', params: {} },
          ],
        }),
      ]);
      const error = (await createAccount(createBody, { idempotencyKey: KEY, client: h.client }).catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(error.code).toBe(code);
      expect(error.requestId).toBe(`req-${status}`);
      expect(error.fieldErrors).toEqual({ 'owner.taxId.value': 'Invalid CNPJ', 'assets.0.code': 'Required' });
      expect(h.apiRequests).toHaveLength(1);
      expect(h.time.sleeps).toEqual([]);
    }
  });

  it('retries a network error with the same key; when it persists the error says the outcome is unknown', async () => {
    const h = harness();
    sequence(h, 'post', `${BASE}/api/accounts`, [() => HttpResponse.error(), ok(accountBody(), 201)]);
    await createAccount(createBody, { idempotencyKey: KEY, client: h.client });
    expect(h.apiRequests.map((r) => r.headers.get('x-idempotency-key'))).toEqual([KEY, KEY]);

    const h2 = harness();
    sequence(h2, 'post', `${BASE}/api/accounts`, [() => HttpResponse.error()]);
    const error = (await createAccount(createBody, { idempotencyKey: KEY, client: h2.client }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNREACHABLE', details: { outcomeUnknown: true, attempts: 4 } });
    expect(error.requestId).toMatch(/^local-/);
    expect(h2.apiRequests).toHaveLength(4);
    expect(await toUserMessage(error)).toMatch(/retrying is safe/i);
  });

  it('once this process is shutting down, a network failure ends the call at once: no retry, no wait, not held against the service', async () => {
    let stopping = false;
    const h = harness({ stopping: () => stopping, circuitThreshold: 1 });
    sequence(h, 'post', `${BASE}/api/accounts`, [() => HttpResponse.error(), ok(accountBody(), 201)]);
    stopping = true;
    const error = (await createAccount(createBody, { idempotencyKey: KEY, client: h.client }).catch((e: unknown) => e)) as ApiError;
    // Transient and of unknown outcome (the caller keeps its key), marked as cut off by the shutdown.
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNREACHABLE', details: { outcomeUnknown: true, interrupted: 'shutdown' } });
    expect(h.apiRequests).toHaveLength(1);
    expect(h.time.sleeps).toEqual([]);
    expect(h.logger.lines.filter((l) => l.includes('request.retry'))).toEqual([]);
    // A threshold of one failure would have opened the circuit: the next call is sent.
    await expect(createAccount(createBody, { idempotencyKey: KEY, client: h.client })).resolves.toMatchObject({ data: { id: ACCOUNT_ID } });
    expect(h.apiRequests).toHaveLength(2);
  });

  it('while shutting down, an answer from the service is still retried as usual (it is reachable)', async () => {
    const h = harness({ stopping: () => true });
    sequence(h, 'post', `${BASE}/api/accounts`, [fail(503, 'UNAVAILABLE'), ok(accountBody(), 201)]);
    await expect(createAccount(createBody, { idempotencyKey: KEY, client: h.client })).resolves.toMatchObject({ data: { id: ACCOUNT_ID } });
    expect(h.apiRequests).toHaveLength(2);
  });

  it('while shutting down, an unreachable token endpoint ends the call at once too', async () => {
    const h = harness({ stopping: () => true });
    let tokenCalls = 0;
    server.use(
      http.post(TOKEN_URL, () => {
        tokenCalls++;
        return HttpResponse.error();
      }),
    );
    const error = await getAccount(ACCOUNT_ID, { client: h.client }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'TOKEN_UNAVAILABLE' });
    expect(tokenCalls).toBe(1);
    expect(h.time.sleeps).toEqual([]);
    expect(h.apiRequests).toEqual([]);
  });

  it('times out a hung attempt, retries it, and ends with a TIMEOUT error', async () => {
    const h = harness({ timeoutMs: 200 });
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [
      async () => {
        await delay(10_000);
        return HttpResponse.json(accountBody());
      },
      ok(accountBody(), 200, 'req-after-timeout'),
    ]);
    const result = await getAccount(ACCOUNT_ID, { client: h.client });
    expect(result.requestId).toBe('req-after-timeout');
    expect(h.apiRequests).toHaveLength(2);

    const h2 = harness({ timeoutMs: 200 });
    sequence(h2, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [
      async () => {
        await delay(10_000);
        return HttpResponse.json(accountBody());
      },
    ]);
    const started = Date.now();
    const error = await getAccount(ACCOUNT_ID, { client: h2.client }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 504, code: 'TIMEOUT', details: { outcomeUnknown: false, attempts: 4 } });
    expect(h2.apiRequests).toHaveLength(4);
    // 4 attempts × 200 ms, far below the 10 s the service would have taken.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers within the whole-call deadline however the service hangs (real clock)', async () => {
    const logger = recordingLogger();
    let attempts = 0;
    server.use(
      http.post(TOKEN_URL, () => HttpResponse.json({ accessToken: makeJwt(Math.floor(Date.now() / 1000) + 3600), tokenType: 'Bearer', expiresIn: 3600 })),
      http.get(`${BASE}/api/accounts/${ACCOUNT_ID}`, async () => {
        attempts++;
        await delay(10_000);
        return HttpResponse.json(accountBody());
      }),
    );
    const client = createApiClient({
      baseUrl: BASE,
      credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
      deadlineMs: 600,
      backoffBaseMs: 20,
      logger,
    });
    const started = Date.now();
    const error = await getAccount(ACCOUNT_ID, { client }).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ status: 504, code: 'TIMEOUT' });
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(2_000);
    expect(attempts).toBeGreaterThanOrEqual(1);
  });

  it('does not wait for a Retry-After beyond the deadline', async () => {
    const h = harness({ deadlineMs: 5_000 });
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [fail(429, 'TOO_MANY_REQUESTS', { 'Retry-After': '8' })]);
    await expect(getAccount(ACCOUNT_ID, { client: h.client })).rejects.toMatchObject({ status: 429 });
    expect(h.apiRequests).toHaveLength(1);
    expect(h.time.sleeps).toEqual([]);
  });

  it('does not retry when the caller aborts', async () => {
    const h = harness();
    const controller = new AbortController();
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [
      async () => {
        controller.abort();
        await delay(50);
        return HttpResponse.json(accountBody());
      },
    ]);
    await expect(getAccount(ACCOUNT_ID, { client: h.client, signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
    expect(h.apiRequests).toHaveLength(1);
  });
});

describe('circuit breaker', () => {
  it('opens after consecutive failures, fails fast without sending, and closes after a successful probe', async () => {
    const h = harness({ circuitThreshold: 2, circuitCooldownMs: 10_000, maxRetries: 0 });
    sequence(h, 'post', `${BASE}/api/accounts`, [fail(503, 'UNAVAILABLE'), fail(503, 'UNAVAILABLE'), ok(accountBody(), 201)]);
    const send = () => createAccount(createBody, { idempotencyKey: KEY, client: h.client });
    await expect(send()).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    await expect(send()).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    const fast = (await send().catch((e: unknown) => e)) as ApiError;
    expect(fast).toMatchObject({ status: 503, code: 'CIRCUIT_OPEN', details: { outcomeUnknown: false, retryAfterSeconds: 10 } });
    expect(await toUserMessage(fast)).toMatch(/nothing was sent/);
    expect(h.apiRequests).toHaveLength(2);
    h.time.advance(10_000);
    await expect(send()).resolves.toMatchObject({ data: { id: ACCOUNT_ID } });
    expect(h.apiRequests).toHaveLength(3);
  });

  it('opening mid-call stops the retries and reports the real failure', async () => {
    const h = harness({ circuitThreshold: 2 });
    sequence(h, 'post', `${BASE}/api/accounts`, [() => HttpResponse.error()]);
    const error = await createAccount(createBody, { idempotencyKey: KEY, client: h.client }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SERVICE_UNREACHABLE', details: { outcomeUnknown: true } });
    expect(h.apiRequests).toHaveLength(2);
  });

  it('4xx answers prove the service is up: they never open it', async () => {
    const h = harness({ circuitThreshold: 2 });
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [fail(404, 'RESOURCE_NOT_FOUND')]);
    for (let i = 0; i < 5; i++) await expect(getAccount(ACCOUNT_ID, { client: h.client })).rejects.toMatchObject({ status: 404 });
    expect(h.apiRequests).toHaveLength(5);
  });
});

describe('access token', () => {
  it('reuses one token until 60 s before exp, then fetches a new one', async () => {
    const h = harness();
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [ok(accountBody())]);
    await getAccount(ACCOUNT_ID, { client: h.client });
    h.time.advance(3600_000 - 61_000);
    await getAccount(ACCOUNT_ID, { client: h.client });
    expect(h.tokenRequests).toHaveLength(1);
    h.time.advance(2_000);
    await getAccount(ACCOUNT_ID, { client: h.client });
    expect(h.tokenRequests).toHaveLength(2);
    expect(h.apiRequests.map((r) => r.headers.get('authorization'))).toEqual([
      `Bearer ${h.tokens[0]}`,
      `Bearer ${h.tokens[0]}`,
      `Bearer ${h.tokens[1]}`,
    ]);
  });

  it('1,000 concurrent calls at token expiry cause exactly one token request', async () => {
    const h = harness();
    sequence(h, 'get', `${BASE}/api/balances`, [ok(balancesBody())]);
    await getBalances(ACCOUNT_ID, { client: h.client });
    expect(h.tokenRequests).toHaveLength(1);
    h.time.advance(3600_000);
    const results = await Promise.all(Array.from({ length: 1000 }, () => getBalances(ACCOUNT_ID, { client: h.client })));
    expect(results).toHaveLength(1000);
    expect(h.tokenRequests).toHaveLength(2);
    expect(new Set(h.apiRequests.slice(1).map((r) => r.headers.get('authorization')))).toEqual(new Set([`Bearer ${h.tokens[1]}`]));
  });

  it('on 401 refreshes the token once and retries once', async () => {
    const h = harness();
    sequence(h, 'post', `${BASE}/api/accounts`, [fail(401, 'EXPIRED_ACCESS_TOKEN'), ok(accountBody(), 201, 'req-after-refresh')]);
    const result = await createAccount(createBody, { idempotencyKey: KEY, client: h.client });
    expect(result.requestId).toBe('req-after-refresh');
    expect(h.tokenRequests).toHaveLength(2);
    expect(h.apiRequests.map((r) => r.headers.get('authorization'))).toEqual([`Bearer ${h.tokens[0]}`, `Bearer ${h.tokens[1]}`]);
    expect(h.apiRequests.map((r) => r.headers.get('x-idempotency-key'))).toEqual([KEY, KEY]);
  });

  it('a second 401 is final: no refresh loop', async () => {
    const h = harness();
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [fail(401, 'INVALID_ACCESS_TOKEN')]);
    await expect(getAccount(ACCOUNT_ID, { client: h.client })).rejects.toMatchObject({ status: 401, code: 'INVALID_ACCESS_TOKEN' });
    expect(h.tokenRequests).toHaveLength(2);
    expect(h.apiRequests).toHaveLength(2);
  });

  it('concurrent 401s share one refresh', async () => {
    const h = harness();
    let first = true;
    server.use(
      http.get(`${BASE}/api/balances`, ({ request }) => {
        h.apiRequests.push(request.clone());
        if (request.headers.get('authorization') === `Bearer ${h.tokens[0]}` && !first) return fail(401, 'EXPIRED_ACCESS_TOKEN')();
        first = false;
        return ok(balancesBody())();
      }),
    );
    await getBalances(ACCOUNT_ID, { client: h.client });
    await Promise.all(Array.from({ length: 50 }, () => getBalances(ACCOUNT_ID, { client: h.client })));
    expect(h.tokenRequests).toHaveLength(2);
  });

  it('a failing token endpoint becomes TOKEN_UNAVAILABLE and no API request goes out', async () => {
    const time = fakeTime();
    const logger = recordingLogger();
    let tokenCalls = 0;
    let apiCalls = 0;
    server.use(
      http.post(TOKEN_URL, () => {
        tokenCalls++;
        return HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'boom', details: {} }, { status: 500 });
      }),
      http.all(`${BASE}/api/*`, () => {
        apiCalls++;
        return HttpResponse.json({});
      }),
    );
    const client = createApiClient(testConfig(time, logger));
    const error = (await createAccount(createBody, { idempotencyKey: KEY, client }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'TOKEN_UNAVAILABLE' });
    expect(tokenCalls).toBe(4);
    expect(apiCalls).toBe(0);
    expect(await toUserMessage(error)).toMatch(/could not sign in to the payments service/);
  });

  it('refused credentials are not retried', async () => {
    const time = fakeTime();
    let tokenCalls = 0;
    server.use(
      http.post(TOKEN_URL, () => {
        tokenCalls++;
        return HttpResponse.json({ code: 'INVALID_CLIENT', message: `unknown client ${TEST_CLIENT_ID}`, details: {} }, { status: 401 });
      }),
    );
    const client = createApiClient(testConfig(time, recordingLogger()));
    await expect(getAccount(ACCOUNT_ID, { client })).rejects.toMatchObject({ code: 'TOKEN_UNAVAILABLE', details: { upstreamStatus: 401 } });
    expect(tokenCalls).toBe(1);
  });
});

describe('response validation', () => {
  it('lets unknown enum values and extra fields through', async () => {
    const h = harness();
    const body = accountBody({
      currentState: { status: 'DORMANT', createdAt: '2026-11-21T12:00:00.000Z', note: 'new in v2' },
      assets: [{ asset: 'JPY', allowsVirtualAccounts: true, status: 'SUSPENDED', network: 'x' }],
      riskScore: 7,
    });
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [ok(body)]);
    const { data } = await getAccount(ACCOUNT_ID, { client: h.client });
    expect(data.currentState.status).toBe('DORMANT');
    expect(data.assets[0]).toMatchObject({ asset: 'JPY', status: 'SUSPENDED', network: 'x' });
    expect((data as Record<string, unknown>).riskScore).toBe(7);
  });

  it.each([
    ['a number', 1500],
    ['too many decimals', '1500.001'],
    ['an exponent', '1.5e3'],
    ['wrong decimals field', '1500.00', 6],
  ])('rejects a malformed amount (%s) as INVALID_RESPONSE with the request id', async (_label, value, decimals = 2) => {
    const h = harness();
    const body = { ...balancesBody(), fiat: [{ amount: { value, asset: 'BRL', decimals }, synced: true }] };
    sequence(h, 'get', `${BASE}/api/balances`, [ok(body, 200, 'req-bad-amount')]);
    const error = (await getBalances(ACCOUNT_ID, { client: h.client }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', requestId: 'req-bad-amount', status: 502 });
    expect(JSON.stringify(error.details)).toContain('fiat');
    expect(h.apiRequests).toHaveLength(1);
  });

  it('normalises a short amount to the canonical scale', async () => {
    const h = harness();
    const body = { ...balancesBody(), fiat: [{ amount: { value: '10.5', asset: 'BRL', decimals: 2 }, synced: true }] };
    sequence(h, 'get', `${BASE}/api/balances`, [ok(body)]);
    const { data } = await getBalances(ACCOUNT_ID, { client: h.client });
    expect(data.fiat[0].amount).toEqual({ value: '10.50', asset: 'BRL', decimals: 2 });
  });

  it('a missing required field or a non-JSON body is INVALID_RESPONSE', async () => {
    const h = harness();
    const { owner: _owner, ...withoutOwner } = accountBody();
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [
      ok(withoutOwner, 200, 'req-missing'),
      () => new HttpResponse('<html>gateway</html>', { status: 200, headers: { 'X-Request-Id': 'req-html' } }),
    ]);
    await expect(getAccount(ACCOUNT_ID, { client: h.client })).rejects.toMatchObject({ code: 'INVALID_RESPONSE', requestId: 'req-missing' });
    await expect(getAccount(ACCOUNT_ID, { client: h.client })).rejects.toMatchObject({ code: 'INVALID_RESPONSE', requestId: 'req-html' });
  });

  it('an error body that is not the envelope still becomes a typed error', async () => {
    const h = harness();
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [() => new HttpResponse('nope', { status: 404 })]);
    await expect(getAccount(ACCOUNT_ID, { client: h.client })).rejects.toMatchObject({ status: 404, code: 'HTTP_404' });
  });
});

describe('secrets', () => {
  function serialisations(error: unknown): string {
    return [JSON.stringify(error), String(error), (error as Error).stack ?? '', inspect(error, { depth: 10 })].join('\n');
  }

  it('never puts credentials or tokens in errors or logs', async () => {
    const h = harness();
    const collected: unknown[] = [];
    sequence(h, 'get', `${BASE}/api/accounts/${ACCOUNT_ID}`, [
      fail(401, 'INVALID_ACCESS_TOKEN'),
      fail(500, 'INTERNAL_ERROR'),
      () => HttpResponse.error(),
      ok({ ...accountBody(), owner: 42 }),
    ]);
    collected.push(await getAccount(ACCOUNT_ID, { client: h.client }).catch((e: unknown) => e)); // 401 twice
    collected.push(await getAccount(ACCOUNT_ID, { client: h.client }).catch((e: unknown) => e)); // 500 … network … invalid

    const time = fakeTime();
    const logger = recordingLogger();
    server.use(
      http.post(`${BASE}/api/oauth/client/token`, () =>
        HttpResponse.json({ code: 'BAD', message: `bad secret ${TEST_CLIENT_SECRET}`, details: { clientSecret: TEST_CLIENT_SECRET } }, { status: 503 }),
      ),
    );
    const failingClient = createApiClient(testConfig(time, logger));
    collected.push(await getAccount(ACCOUNT_ID, { client: failingClient }).catch((e: unknown) => e));

    expect(collected.every((e) => e instanceof ApiError)).toBe(true);
    const haystack = [...collected.map(serialisations), ...h.logger.lines, ...logger.lines, ...collected.map((e) => toUserMessage(e))].join('\n');
    expect(h.tokens.length).toBeGreaterThan(0);
    for (const secret of [TEST_CLIENT_SECRET, ...h.tokens]) expect(haystack).not.toContain(secret);
    expect(haystack).not.toMatch(/Bearer /);
    expect(h.logger.lines.length + logger.lines.length).toBeGreaterThan(0);
  });
});
