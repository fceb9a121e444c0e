import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCustomer } from '../core/customers';
import { fromPglite } from '../core/sql';
import type { Customer, EmittedEvent, EventType, ResourceName, Sql } from '../core/types';
import { createSandbox, type Sandbox } from '../index';
import { INTERRUPTED_ERROR, claimDueDeliveries, performAttempt } from './delivery';
import { DEFAULT_DELIVERY_CONFIG } from './config';
import { fanOutEvents } from './fan-out';
import { settleInFlightDeliveries } from './delivery';
import { startLocalReceiver, type LocalReceiver } from '../testing/local-receiver';
import { createWebhooksModule } from './module';
import { emitEvent } from './outbox';

// Generous for the shared, loaded test machine; the time-out test uses its own short one.
const TIMEOUT_MS = 5_000;
const SHORT_TIMEOUT_MS = 300;

// Response bodies are asserted field by field below; a loose type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

let pg: PGlite;
let sql: Sql;
let sandbox: Sandbox;
let receiver: LocalReceiver;
let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;
let alice: Customer;
let bob: Customer;
let aliceToken: string;
let bobToken: string;

function newSandbox(overrides = {}): Sandbox {
  return createSandbox({
    sql,
    modules: [createWebhooksModule({ timeoutMs: TIMEOUT_MS, ...overrides })],
    fetch: fetchSpy as unknown as typeof fetch,
  });
}

beforeAll(async () => {
  pg = new PGlite();
  sql = fromPglite(pg);
  fetchSpy = vi.fn<typeof fetch>((input, init) => fetch(input, init));
  sandbox = newSandbox();
  await sandbox.ready;
  alice = await createCustomer(sql, { name: 'Alice Ltd', auto: false, now: new Date() });
  bob = await createCustomer(sql, { name: 'Bob Ltd', auto: false, now: new Date() });
  aliceToken = await sandbox.tokens.issue(alice);
  bobToken = await sandbox.tokens.issue(bob);
  receiver = await startLocalReceiver();
});

afterAll(async () => {
  await sandbox.stop();
  await settleInFlightDeliveries(sandbox.services);
  await receiver.close();
  await pg.close();
});

beforeEach(async () => {
  receiver.received.length = 0;
  receiver.respond(() => ({ status: 200 }));
  fetchSpy.mockClear();
  // Each test starts from no subscriptions and no pending work.
  await sql.exec(`DELETE FROM sandbox.webhook_subscriptions; DELETE FROM sandbox.webhook_deliveries;
    DELETE FROM sandbox.webhook_events; DELETE FROM sandbox.webhook_fail_rules;`);
});

async function call(
  method: string,
  path: string,
  opts: { token?: string | null; body?: unknown; key?: string | null } = {},
): Promise<{ status: number; body: Loose; headers: Headers }> {
  const headers = new Headers();
  const token = opts.token === undefined ? aliceToken : opts.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (method === 'POST' || method === 'PATCH') {
    const key = opts.key === undefined ? randomUUID() : opts.key;
    if (key) headers.set('X-Idempotency-Key', key);
  }
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.body);
  }
  const res = await sandbox.handle(new Request(`http://sandbox.test${path}`, { method, headers, body }));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function subscribe(body: Record<string, unknown>, token = aliceToken) {
  const res = await call('POST', '/api/subscriptions', { body, token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; url: string; resources: Array<{ name: string; events: string[] }> };
}

const RESOURCE_OF: Record<EventType, ResourceName> = {
  ASSET_ACTIVATED: 'ACCOUNT',
  BENEFICIARY_PAYMENT_INSTRUCTION_CREATED: 'BENEFICIARY',
  BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED: 'BENEFICIARY',
  BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED: 'BENEFICIARY',
  OPERATION_REQUESTED: 'OPERATION',
  OPERATION_COMPLETED: 'OPERATION',
  OPERATION_FAILED: 'OPERATION',
};

function eventFor(customer: Customer, type: EventType, extra: Record<string, unknown> = {}): EmittedEvent {
  const resourceId = randomUUID();
  return {
    customerId: customer.id,
    type,
    resourceName: RESOURCE_OF[type],
    resourceId,
    payload: { customerId: customer.id, resourceId, note: 'ação ✓', amount: { value: '10.50', asset: 'BRL', decimals: 2 }, ...extra },
  };
}

async function emit(...events: EmittedEvent[]) {
  await sql.transaction(async (tx) => {
    for (const e of events) await sandbox.services.emit(tx, e);
  });
}

/** Runs the worker until idle and every started attempt is recorded. */
async function deliver(s: Sandbox = sandbox) {
  for (let i = 0; i < 5; i++) {
    await s.worker.drain();
    await settleInFlightDeliveries(s.services);
  }
}

async function logs(subscriptionId: string, query = '', token = aliceToken) {
  const res = await call('GET', `/api/subscriptions/${subscriptionId}/executionLogs${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Loose[]; meta: { nextCursor: string | null; previousCursor: string | null; total: number } };
}

function verifySignature(messageId: string, signature: string, customer: Customer): boolean {
  const expected = createHmac('sha256', customer.clientSecret).update(`${messageId}+${customer.clientId}`).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function closedPortUrl(): Promise<string> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return `http://127.0.0.1:${port}/hooks`;
}

describe('subscription creation', () => {
  const valid = { url: 'https://hooks.example.com/fx', resources: [{ name: 'OPERATION', events: ['OPERATION_COMPLETED'] }] };
  const rows: Array<[string, unknown, number, string, string]> = [
    ['missing url', { resources: valid.resources }, 400, 'REQUIRED', 'body:url'],
    ['relative url', { ...valid, url: '/hooks' }, 400, 'INVALID_URL', 'body:url'],
    ['plain http to a public host', { ...valid, url: 'http://hooks.example.com/fx' }, 400, 'INVALID_URL', 'body:url'],
    ['ftp url', { ...valid, url: 'ftp://127.0.0.1/fx' }, 400, 'INVALID_URL', 'body:url'],
    ['url with credentials', { ...valid, url: 'https://u:p@hooks.example.com/' }, 400, 'INVALID_URL', 'body:url'],
    ['url not a string', { ...valid, url: 42 }, 400, 'INVALID_TYPE', 'body:url'],
    ['resources missing without includeAll', { url: valid.url }, 400, 'REQUIRED', 'body:resources'],
    ['resources empty', { url: valid.url, resources: [] }, 400, 'MIN_ITEMS', 'body:resources'],
    [
      'duplicate resource names',
      { url: valid.url, resources: [{ name: 'OPERATION', events: ['OPERATION_FAILED'] }, { name: 'OPERATION', events: ['OPERATION_COMPLETED'] }] },
      400,
      'DUPLICATE_RESOURCE',
      'body:resources[1].name',
    ],
    ['unknown resource name', { url: valid.url, resources: [{ name: 'QUOTE', events: ['OPERATION_FAILED'] }] }, 400, 'INVALID_ENUM', 'body:resources[0].name'],
    ['events empty', { url: valid.url, resources: [{ name: 'OPERATION', events: [] }] }, 400, 'MIN_ITEMS', 'body:resources[0].events'],
    ['events missing', { url: valid.url, resources: [{ name: 'OPERATION' }] }, 400, 'REQUIRED', 'body:resources[0].events'],
    [
      'unknown event type (upstream spelling)',
      { url: valid.url, resources: [{ name: 'BENEFICIARY', events: ['BENEFICIARY_INSTRUCTION_CREATED'] }] },
      400,
      'INVALID_ENUM',
      'body:resources[0].events[0]',
    ],
    [
      'event of another resource',
      { url: valid.url, resources: [{ name: 'ACCOUNT', events: ['ASSET_ACTIVATED', 'OPERATION_FAILED'] }] },
      400,
      'EVENT_NOT_IN_RESOURCE',
      'body:resources[0].events[1]',
    ],
    ['allowRetry not boolean', { ...valid, allowRetry: 'yes' }, 400, 'INVALID_TYPE', 'body:allowRetry'],
    ['includeAll not boolean', { ...valid, includeAll: 1 }, 400, 'INVALID_TYPE', 'body:includeAll'],
    ['body not an object', [1, 2], 400, 'INVALID_TYPE', 'body'],
  ];

  it.each(rows)('refuses %s', async (_name, body, status, code, field) => {
    const res = await call('POST', '/api/subscriptions', { body });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe('INVALID_DATA');
    expect(res.body.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code, field })]));
  });

  it('reports every bad field at once', async () => {
    const res = await call('POST', '/api/subscriptions', {
      body: { url: 'http://evil.example', resources: [{ name: 'OPERATION', events: ['NOPE'] }, { name: 'X', events: ['ASSET_ACTIVATED'] }] },
    });
    expect(res.status).toBe(400);
    const fields = res.body.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['body:resources[0].events[0]', 'body:resources[1].name', 'body:url']);
  });

  it.each(['https://hooks.example.com/fx', 'http://localhost:3000/api/webhooks', 'http://127.0.0.1:9/x', 'http://[::1]:8080/'])(
    'accepts %s',
    async (url) => {
      const sub = await subscribe({ url, resources: [{ name: 'OPERATION', events: ['OPERATION_COMPLETED'] }] });
      expect(sub.url).toBe(url);
    },
  );

  it('returns the Subscription with defaults and normalised resources', async () => {
    const res = await call('POST', '/api/subscriptions', {
      body: {
        url: 'https://hooks.example.com/fx',
        resources: [
          { name: 'BENEFICIARY', events: ['BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED', 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'] },
          { name: 'OPERATION', includeAll: true },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      companyId: alice.id,
      url: 'https://hooks.example.com/fx',
      includeAll: false,
      resources: [
        { name: 'BENEFICIARY', events: ['BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'] },
        { name: 'OPERATION', events: ['OPERATION_REQUESTED', 'OPERATION_COMPLETED', 'OPERATION_FAILED'] },
      ],
      allowRetry: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('includeAll covers every resource and ignores resources', async () => {
    const sub = await subscribe({ url: 'https://hooks.example.com/all', includeAll: true, resources: 'ignored', allowRetry: true });
    expect(sub).toMatchObject({ includeAll: true, allowRetry: true });
    expect(sub.resources.map((r) => r.name)).toEqual(['ACCOUNT', 'BENEFICIARY', 'OPERATION']);
    expect(sub.resources.flatMap((r) => r.events)).toHaveLength(7);
  });

  it('needs a token and an idempotency key, and replays a retried create', async () => {
    expect((await call('POST', '/api/subscriptions', { token: null, body: { url: 'https://a.example', includeAll: true } })).status).toBe(401);
    expect((await call('POST', '/api/subscriptions', { key: null, body: { url: 'https://a.example', includeAll: true } })).status).toBe(400);
    const key = randomUUID();
    const first = await call('POST', '/api/subscriptions', { key, body: { url: 'https://a.example', includeAll: true } });
    const again = await call('POST', '/api/subscriptions', { key, body: { url: 'https://a.example', includeAll: true } });
    expect(again.body.id).toBe(first.body.id);
    expect((await call('GET', '/api/subscriptions')).body.data).toHaveLength(1);
  });
});

describe('subscription list, get, patch, delete', () => {
  it('pages the customer’s subscriptions and hides other customers’', async () => {
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await subscribe({ url: `https://hooks.example.com/${i}`, includeAll: true }));
    await subscribe({ url: 'https://bob.example/hooks', includeAll: true }, bobToken);
    const first = await call('GET', '/api/subscriptions?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((s: { id: string }) => s.id)).toEqual([created[2].id, created[1].id]);
    expect(first.body.meta).toMatchObject({ total: 2, previousCursor: null, nextCursor: expect.any(String) });
    const second = await call('GET', `/api/subscriptions?limit=2&cursor=${first.body.meta.nextCursor}`);
    expect(second.body.data.map((s: { id: string }) => s.id)).toEqual([created[0].id]);
    expect(second.body.meta.nextCursor).toBeNull();
    const bobs = await call('GET', '/api/subscriptions', { token: bobToken });
    expect(bobs.body.data.map((s: { url: string }) => s.url)).toEqual(['https://bob.example/hooks']);
  });

  it('gets, deletes and then 404s naming the kind and the id', async () => {
    const sub = await subscribe({ url: 'https://hooks.example.com/x', includeAll: true });
    expect((await call('GET', `/api/subscriptions/${sub.id}`)).body).toEqual(sub);
    const foreign = await call('GET', `/api/subscriptions/${sub.id}`, { token: bobToken });
    expect(foreign.status).toBe(404);
    expect((await call('DELETE', `/api/subscriptions/${sub.id}`, { token: bobToken })).status).toBe(404);
    const del = await call('DELETE', `/api/subscriptions/${sub.id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    for (const method of ['GET', 'DELETE']) {
      const res = await call(method, `/api/subscriptions/${sub.id}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('RESOURCE_NOT_FOUND');
      expect(res.body.message).toContain('Subscription');
      expect(res.body.message).toContain(sub.id);
    }
    const bad = await call('GET', '/api/subscriptions/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0]).toMatchObject({ code: 'INVALID_UUID', field: 'path:subscriptionId' });
  });

  it('patches url, retry and resources (upstream extension)', async () => {
    const sub = await subscribe({ url: 'https://hooks.example.com/a', includeAll: true });
    const res = await call('PATCH', `/api/subscriptions/${sub.id}`, {
      body: { url: 'http://localhost:4000/b', allowRetry: true, resources: [{ name: 'ACCOUNT', events: ['ASSET_ACTIVATED'] }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      url: 'http://localhost:4000/b',
      allowRetry: true,
      includeAll: false,
      resources: [{ name: 'ACCOUNT', events: ['ASSET_ACTIVATED'] }],
    });
    const empty = await call('PATCH', `/api/subscriptions/${sub.id}`, { body: {} });
    expect(empty.status).toBe(400);
    const badUrl = await call('PATCH', `/api/subscriptions/${sub.id}`, { body: { url: 'http://example.org' } });
    expect(badUrl.body.details.errors[0]).toMatchObject({ code: 'INVALID_URL', field: 'body:url' });
    expect((await call('PATCH', `/api/subscriptions/${sub.id}`, { token: bobToken, body: { allowRetry: false } })).status).toBe(404);
  });

  it('serves the public resource catalog', async () => {
    const res = await call('GET', '/references/ResourceName/all', { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { resourceName: 'ACCOUNT', eventTypes: ['ASSET_ACTIVATED'] },
      {
        resourceName: 'BENEFICIARY',
        eventTypes: ['BENEFICIARY_PAYMENT_INSTRUCTION_CREATED', 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED', 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'],
      },
      { resourceName: 'OPERATION', eventTypes: ['OPERATION_REQUESTED', 'OPERATION_COMPLETED', 'OPERATION_FAILED'] },
    ]);
  });
});

describe('delivery', () => {
  it('delivers every event type with the five headers, a valid signature and the exact payload', async () => {
    const sub = await subscribe({ url: `${receiver.origin}/hooks/all`, includeAll: true });
    const events = (Object.keys(RESOURCE_OF) as EventType[]).map((t) => eventFor(alice, t));
    await emit(...events);
    await deliver();
    expect(receiver.received).toHaveLength(7);
    const byType = new Map(receiver.received.map((r) => [r.headers['x-event-type'], r]));
    const messageIds = new Set<string>();
    for (const e of events) {
      const got = byType.get(e.type)!;
      expect(got, e.type).toBeDefined();
      expect(got.path).toBe('/hooks/all');
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['x-company-id']).toBe(alice.id);
      expect(got.headers['x-resource-name']).toBe(e.resourceName);
      expect(got.headers['x-resource-id']).toBe(e.resourceId);
      const messageId = got.headers['x-message-id'] as string;
      expect(messageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      messageIds.add(messageId);
      expect(verifySignature(messageId, got.headers['x-message-signature'] as string, alice)).toBe(true);
      expect(verifySignature(messageId, got.headers['x-message-signature'] as string, bob)).toBe(false);
      expect(JSON.parse(got.body)).toEqual(e.payload);
      expect(got.body).toBe(JSON.stringify(e.payload));
    }
    expect(messageIds.size).toBe(7);
    const page = await logs(sub.id, '?limit=100');
    expect(page.data).toHaveLength(7);
    for (const log of page.data) {
      expect(log).toMatchObject({ companyId: alice.id, subscriptionId: sub.id, url: `${receiver.origin}/hooks/all`, httpStatus: 200, status: 'SUCCESS', retryAttempts: 0, error: null });
      expect(messageIds.has(log.messageId)).toBe(true);
      expect(log.payload).toBe(byType.get(log.eventType)!.body);
      // Extension: the resource the message is about, as its X-Resource-Id said.
      expect(log.resourceId).toBe(byType.get(log.eventType)!.headers['x-resource-id']);
    }
    const one = await call('GET', `/api/subscriptions/${sub.id}/executionLogs/${page.data[0].id}`);
    expect(one.body).toEqual(page.data[0]);
  });

  it('fans out only matching events, only to subscriptions that existed at emit time, one message each', async () => {
    const completedOnly = await subscribe({ url: `${receiver.origin}/completed`, resources: [{ name: 'OPERATION', events: ['OPERATION_COMPLETED'] }] });
    const all = await subscribe({ url: `${receiver.origin}/all`, includeAll: true });
    const early = eventFor(alice, 'OPERATION_COMPLETED');
    await emit(early, eventFor(alice, 'OPERATION_FAILED'));
    const late = await subscribe({ url: `${receiver.origin}/late`, includeAll: true });
    await deliver();
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/all', '/all', '/completed']);
    const [c, a] = [receiver.received.find((r) => r.path === '/completed')!, receiver.received.find((r) => r.path === '/all' && r.headers['x-event-type'] === 'OPERATION_COMPLETED')!];
    expect(c.headers['x-message-id']).not.toBe(a.headers['x-message-id']);
    expect((await logs(completedOnly.id)).data).toHaveLength(1);
    expect((await logs(all.id)).data).toHaveLength(2);
    expect((await logs(late.id)).data).toHaveLength(0);
  });

  it('keeps tenants apart: another customer’s event never reaches my subscription', async () => {
    const mine = await subscribe({ url: `${receiver.origin}/alice`, includeAll: true });
    await subscribe({ url: `${receiver.origin}/bob`, includeAll: true }, bobToken);
    await emit(eventFor(bob, 'OPERATION_REQUESTED'));
    await deliver();
    expect(receiver.received.map((r) => [r.path, r.headers['x-company-id']])).toEqual([['/bob', bob.id]]);
    expect(verifySignature(receiver.received[0].headers['x-message-id'] as string, receiver.received[0].headers['x-message-signature'] as string, bob)).toBe(true);
    expect((await logs(mine.id)).data).toHaveLength(0);
    expect((await call('GET', `/api/subscriptions/${mine.id}/executionLogs`, { token: bobToken })).status).toBe(404);
  });

  it('records a non-2xx response as FAILED with its status and does not retry without allowRetry', async () => {
    receiver.respond(() => ({ status: 500 }));
    const sub = await subscribe({ url: `${receiver.origin}/err`, includeAll: true });
    await emit(eventFor(alice, 'OPERATION_FAILED'));
    await deliver();
    await sandbox.services.clock.advance(60);
    await deliver();
    const page = await logs(sub.id);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ status: 'FAILED', httpStatus: 500, retryAttempts: 0, error: expect.stringContaining('500') });
    expect(receiver.received).toHaveLength(1);
  });

  it('records a refused connection as FAILED with httpStatus 0 and the error', async () => {
    const sub = await subscribe({ url: await closedPortUrl(), includeAll: true });
    const byName = await subscribe({ url: (await closedPortUrl()).replace('127.0.0.1', 'localhost'), includeAll: true });
    await emit(eventFor(alice, 'ASSET_ACTIVATED'));
    await deliver();
    for (const id of [sub.id, byName.id]) {
      const [log] = (await logs(id)).data;
      expect(log).toMatchObject({ status: 'FAILED', httpStatus: 0, error: expect.stringContaining('ECONNREFUSED') });
    }
  });

  it('times out a receiver that does not answer in time', async () => {
    const impatient = newSandbox({ timeoutMs: SHORT_TIMEOUT_MS });
    await impatient.ready;
    receiver.respond(() => ({ status: 200, delayMs: 4_000 }));
    const sub = await subscribe({ url: `${receiver.origin}/slow`, includeAll: true });
    await emit(eventFor(alice, 'OPERATION_REQUESTED'));
    const started = performance.now();
    await deliver(impatient);
    const [log] = (await logs(sub.id)).data;
    expect(log).toMatchObject({ status: 'FAILED', httpStatus: 0, error: `Timed out after ${SHORT_TIMEOUT_MS} ms without a response` });
    // Gave up long before the receiver would have answered.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(DEFAULT_DELIVERY_CONFIG.timeoutMs).toBe(10_000);
    await impatient.stop();
  });

  it('retries up to 3 times, 5 s apart on the sandbox clock, with the same message id', async () => {
    receiver.respond(() => ({ status: 503 }));
    const sub = await subscribe({ url: `${receiver.origin}/retry`, includeAll: true, allowRetry: true });
    await emit(eventFor(alice, 'OPERATION_COMPLETED'));
    await deliver();
    expect(receiver.received).toHaveLength(1);
    await sandbox.services.clock.advance(4);
    await deliver();
    expect(receiver.received).toHaveLength(1); // not due yet
    for (let i = 2; i <= 4; i++) {
      await sandbox.services.clock.advance(5);
      await deliver();
      expect(receiver.received).toHaveLength(i);
    }
    await sandbox.services.clock.advance(60);
    await deliver();
    expect(receiver.received).toHaveLength(4);
    const ids = new Set(receiver.received.map((r) => r.headers['x-message-id']));
    const sigs = new Set(receiver.received.map((r) => r.headers['x-message-signature']));
    expect(ids.size).toBe(1);
    expect(sigs.size).toBe(1);
    const page = await logs(sub.id, '?sortOrder=ASCENDING');
    expect(page.data.map((l) => [l.retryAttempts, l.status, l.httpStatus])).toEqual([
      [0, 'FAILED', 503],
      [1, 'FAILED', 503],
      [2, 'FAILED', 503],
      [3, 'FAILED', 503],
    ]);
    const gaps = page.data.slice(1).map((l, i) => Date.parse(l.createdAt) - Date.parse(page.data[i].createdAt));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(5000);
  });

  it('stops retrying once a retry succeeds', async () => {
    let n = 0;
    receiver.respond(() => ({ status: ++n <= 2 ? 500 : 204 }));
    const sub = await subscribe({ url: `${receiver.origin}/flaky`, includeAll: true, allowRetry: true });
    await emit(eventFor(alice, 'OPERATION_COMPLETED'));
    await deliver();
    for (let i = 0; i < 4; i++) {
      await sandbox.services.clock.advance(5);
      await deliver();
    }
    const page = await logs(sub.id, '?sortOrder=ASCENDING');
    expect(page.data.map((l) => [l.retryAttempts, l.status, l.httpStatus])).toEqual([
      [0, 'FAILED', 500],
      [1, 'FAILED', 500],
      [2, 'SUCCESS', 204],
    ]);
  });

  it('does not follow redirects: a 3xx is a failed delivery', async () => {
    receiver.respond((req) => (req.path === '/moved' ? { status: 302 } : { status: 200 }));
    const sub = await subscribe({ url: `${receiver.origin}/moved`, includeAll: true });
    await emit(eventFor(alice, 'OPERATION_REQUESTED'));
    await deliver();
    expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
    expect((await logs(sub.id)).data[0]).toMatchObject({ status: 'FAILED', httpStatus: 302 });
  });

  it('stops retrying when allowRetry is switched off, and retries go to the current URL', async () => {
    receiver.respond(() => ({ status: 500 }));
    const sub = await subscribe({ url: `${receiver.origin}/v1`, includeAll: true, allowRetry: true });
    await emit(eventFor(alice, 'OPERATION_COMPLETED'));
    await deliver();
    expect((await call('PATCH', `/api/subscriptions/${sub.id}`, { body: { url: `${receiver.origin}/v2` } })).status).toBe(200);
    await sandbox.services.clock.advance(5);
    await deliver();
    expect(receiver.received.map((r) => r.path)).toEqual(['/v1', '/v2']);
    expect((await call('PATCH', `/api/subscriptions/${sub.id}`, { body: { allowRetry: false } })).status).toBe(200);
    await sandbox.services.clock.advance(5);
    await deliver();
    await sandbox.services.clock.advance(5);
    await deliver();
    // Switching retries off drops the retry that was already planned.
    expect(receiver.received.map((r) => r.path)).toEqual(['/v1', '/v2']);
    expect(new Set(receiver.received.map((r) => r.headers['x-message-id'])).size).toBe(1);
  });

  it('two workers on one database deliver each message once', async () => {
    const other = newSandbox();
    await other.ready;
    await subscribe({ url: `${receiver.origin}/race`, includeAll: true });
    await emit(...Array.from({ length: 12 }, () => eventFor(alice, 'OPERATION_REQUESTED')));
    await Promise.all([deliver(), deliver(other)]);
    expect(receiver.received).toHaveLength(12);
    expect(new Set(receiver.received.map((r) => r.headers['x-message-id'])).size).toBe(12);
    await other.stop();
  });

  it('never connects to a non-loopback host', async () => {
    const sub = await subscribe({ url: 'https://hooks.example.com/fx', includeAll: true });
    await emit(eventFor(alice, 'OPERATION_REQUESTED'));
    await deliver();
    expect(fetchSpy).not.toHaveBeenCalled();
    const [log] = (await logs(sub.id)).data;
    expect(log).toMatchObject({ status: 'FAILED', httpStatus: 0, error: expect.stringContaining('non-loopback') });
  });

  it('delivers after commit only: a rolled-back emit leaves nothing', async () => {
    await subscribe({ url: `${receiver.origin}/rb`, includeAll: true });
    await expect(
      sql.transaction(async (tx) => {
        await emitEvent(tx, eventFor(alice, 'OPERATION_REQUESTED'));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await deliver();
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses an event whose resource does not match its type', async () => {
    await expect(
      sql.transaction((tx) => emitEvent(tx, { ...eventFor(alice, 'OPERATION_REQUESTED'), resourceName: 'ACCOUNT' })),
    ).rejects.toThrow(/belongs to resource OPERATION/);
  });

  it('delivers within a few hundred milliseconds when the worker runs by itself', async () => {
    const live = newSandbox();
    await live.ready;
    live.start();
    try {
      await subscribe({ url: `${receiver.origin}/live`, includeAll: true });
      const t0 = performance.now();
      await sql.transaction((tx) => live.services.emit(tx, eventFor(alice, 'OPERATION_COMPLETED')));
      live.services.wake();
      const [got] = await receiver.waitFor(1, 3000);
      expect(got.receivedAt - t0).toBeLessThan(2500);
    } finally {
      await live.stop();
      await settleInFlightDeliveries(live.services);
    }
  });
});

describe('resend and fail-next', () => {
  it('resends a failed attempt as a new attempt with the same message id and signature', async () => {
    receiver.respond(() => ({ status: 500 }));
    const sub = await subscribe({ url: `${receiver.origin}/resend`, includeAll: true });
    await emit(eventFor(alice, 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'));
    await deliver();
    const [failed] = (await logs(sub.id)).data;
    expect(failed.status).toBe('FAILED');
    receiver.respond(() => ({ status: 200 }));
    const res = await call('POST', `/api/subscriptions/${sub.id}/executionLogs/${failed.id}/resend`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    await deliver();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second.headers['x-message-id']).toBe(first.headers['x-message-id']);
    expect(second.headers['x-message-signature']).toBe(first.headers['x-message-signature']);
    expect(second.body).toBe(first.body);
    const page = await logs(sub.id);
    expect(page.data).toHaveLength(2);
    const newest = page.data[0];
    expect(newest).toMatchObject({ status: 'SUCCESS', messageId: failed.messageId, payload: failed.payload, retryAttempts: 0 });
    // A resend repeats the original's message, so it is about the same resource.
    expect(newest.resourceId).toBe(first.headers['x-resource-id']);
    expect(failed.resourceId).toBe(first.headers['x-resource-id']);
    expect(newest.id).not.toBe(failed.id);

    const refused = await call('POST', `/api/subscriptions/${sub.id}/executionLogs/${newest.id}/resend`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'DELIVERY_ALREADY_SUCCEEDED', details: { executionLogId: newest.id, status: 'SUCCESS' } });

    const unknownSub = randomUUID();
    const nf = await call('POST', `/api/subscriptions/${unknownSub}/executionLogs/${failed.id}/resend`);
    expect(nf.status).toBe(404);
    expect(nf.body.message).toContain(`Subscription with given parameters [id:${unknownSub}]`);
    const foreign = await call('POST', `/api/subscriptions/${sub.id}/executionLogs/${failed.id}/resend`, { token: bobToken });
    expect(foreign.status).toBe(404);
    const unknownLog = randomUUID();
    const nl = await call('POST', `/api/subscriptions/${sub.id}/executionLogs/${unknownLog}/resend`);
    expect(nl.status).toBe(404);
    expect(nl.body.message).toContain(`ExecutionLog with given parameters [id:${unknownLog}]`);
    expect((await call('POST', `/api/subscriptions/${sub.id}/executionLogs/${failed.id}/resend`, { key: null })).status).toBe(400);
  });

  it('a replayed resend request makes no second attempt', async () => {
    receiver.respond(() => ({ status: 500 }));
    const sub = await subscribe({ url: `${receiver.origin}/replay`, includeAll: true });
    await emit(eventFor(alice, 'OPERATION_FAILED'));
    await deliver();
    const [failed] = (await logs(sub.id)).data;
    const key = randomUUID();
    expect((await call('POST', `/api/subscriptions/${sub.id}/executionLogs/${failed.id}/resend`, { key })).status).toBe(204);
    expect((await call('POST', `/api/subscriptions/${sub.id}/executionLogs/${failed.id}/resend`, { key })).status).toBe(204);
    await deliver();
    expect(receiver.received).toHaveLength(2);
  });

  it('fail-next makes the next N deliveries to a URL fail without calling it', async () => {
    const url = `${receiver.origin}/fail-next`;
    const sub = await subscribe({ url, includeAll: true });
    const set = await call('POST', '/_sandbox/deliveries/fail-next', { body: { url, count: 2 } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ url, count: 2, httpStatus: 0 });
    await emit(eventFor(alice, 'OPERATION_REQUESTED'));
    await deliver();
    await emit(eventFor(alice, 'OPERATION_COMPLETED'));
    await deliver();
    await emit(eventFor(alice, 'OPERATION_FAILED'));
    await deliver();
    const page = await logs(sub.id, '?sortOrder=ASCENDING');
    expect(page.data.map((l) => [l.eventType, l.status, l.httpStatus])).toEqual([
      ['OPERATION_REQUESTED', 'FAILED', 0],
      ['OPERATION_COMPLETED', 'FAILED', 0],
      ['OPERATION_FAILED', 'SUCCESS', 200],
    ]);
    expect(page.data[0].error).toContain('Simulated network error');
    expect(receiver.received.map((r) => r.headers['x-event-type'])).toEqual(['OPERATION_FAILED']);

    await call('POST', '/_sandbox/deliveries/fail-next', { body: { url, count: 1, httpStatus: 503 } });
    // Bob's rule for the same URL must not affect Alice.
    await call('POST', '/_sandbox/deliveries/fail-next', { body: { url, count: 5 }, token: bobToken });
    await emit(eventFor(alice, 'ASSET_ACTIVATED'), eventFor(alice, 'OPERATION_REQUESTED'));
    await deliver();
    const statuses = (await logs(sub.id, '?limit=2')).data.map((l) => l.httpStatus).sort();
    expect(statuses).toEqual([200, 503]);

    const bad = await call('POST', '/_sandbox/deliveries/fail-next', { body: { url: 'nope', count: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['body:count', 'body:url']);
    expect((await call('POST', '/_sandbox/deliveries/fail-next', { token: null, body: { url, count: 1 } })).status).toBe(401);
  });
});

describe('execution log pages', () => {
  it('pages with keyset cursors both ways and filters by status, event type, message id and dates', async () => {
    const sub = await subscribe({ url: `${receiver.origin}/pages`, includeAll: true });
    await sql.query(
      `INSERT INTO sandbox.webhook_execution_logs
         (id, customer_id, subscription_id, message_id, event_type, url, payload, http_status, status, retry_attempts, error, created_at, updated_at)
       SELECT gen_random_uuid(), $1, $2, gen_random_uuid(),
              CASE WHEN g % 2 = 0 THEN 'OPERATION_COMPLETED' ELSE 'ASSET_ACTIVATED' END,
              $3, '{}', CASE WHEN g % 5 = 0 THEN 500 ELSE 200 END, CASE WHEN g % 5 = 0 THEN 'FAILED' ELSE 'SUCCESS' END,
              0, NULL, timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute', timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'
       FROM generate_series(1, 25) g`,
      [alice.id, sub.id, `${receiver.origin}/pages`],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    const pages: Loose[] = [];
    do {
      const page = await logs(sub.id, `?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(page);
      seen.push(...page.data.map((l) => l.createdAt));
      cursor = page.meta.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.meta.total)).toEqual([10, 10, 5]);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort().reverse()).toEqual(seen);
    const back = await logs(sub.id, `?limit=10&cursor=${pages[2].meta.previousCursor}`);
    expect(back.data.map((l) => l.createdAt)).toEqual(pages[1].data.map((l: { createdAt: string }) => l.createdAt));

    const failed = await logs(sub.id, '?status=FAILED&limit=100');
    expect(failed.data).toHaveLength(5);
    expect(failed.data.every((l) => l.status === 'FAILED')).toBe(true);
    const completed = await logs(sub.id, '?eventType=OPERATION_COMPLETED&limit=100');
    expect(completed.data).toHaveLength(12);
    const range = await logs(sub.id, '?createdFrom=2026-01-01T00:10:00Z&createdTo=2026-01-01T00:14:00Z&limit=100');
    expect(range.data).toHaveLength(5);
    const byMessage = await logs(sub.id, `?messageId=${failed.data[0].messageId}`);
    expect(byMessage.data.map((l) => l.id)).toEqual([failed.data[0].id]);
    const bad = await call('GET', `/api/subscriptions/${sub.id}/executionLogs?status=OK&createdFrom=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['query:createdFrom', 'query:status']);
    const missing = await call('GET', `/api/subscriptions/${randomUUID()}/executionLogs`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('Subscription');
  });
});

describe('hardening', () => {
  it('resend takes no body: 400, and no attempt is queued', async () => {
    const sub = await subscribe({ url: await closedPortUrl(), includeAll: true });
    await emit(eventFor(alice, 'OPERATION_FAILED'));
    await deliver();
    const [log] = (await logs(sub.id)).data;
    const withBody = await call('POST', `/api/subscriptions/${sub.id}/executionLogs/${log.id}/resend`, { body: { payload: 'x' } });
    expect(withBody.status).toBe(400);
    expect(withBody.body.details.errors[0]).toMatchObject({ code: 'BODY_NOT_ALLOWED', field: 'body' });
    const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM sandbox.webhook_deliveries WHERE kind = 'RESEND'`);
    expect(rows[0].n).toBe(0);
    expect((await call('POST', `/api/subscriptions/${sub.id}/executionLogs/${log.id}/resend`)).status).toBe(204);
  });

  it('a cursor is bound to the list and the filters it came from', async () => {
    const sub = await subscribe({ url: await closedPortUrl(), includeAll: true });
    const other = await subscribe({ url: await closedPortUrl(), includeAll: true });
    await emit(eventFor(alice, 'OPERATION_FAILED'), eventFor(alice, 'OPERATION_COMPLETED'), eventFor(alice, 'OPERATION_REQUESTED'));
    await deliver();
    const page = await logs(sub.id, '?limit=1&status=FAILED');
    const cursor = page.meta.nextCursor!;
    expect((await logs(sub.id, `?limit=1&status=FAILED&cursor=${cursor}`)).data).toHaveLength(1);
    // Same filters in another order, another limit: the same list.
    expect((await logs(sub.id, `?status=FAILED&limit=2&cursor=${cursor}`)).data).toHaveLength(2);
    for (const elsewhere of [
      `/api/subscriptions/${sub.id}/executionLogs?limit=1&cursor=${cursor}`,
      `/api/subscriptions/${sub.id}/executionLogs?limit=1&status=SUCCESS&cursor=${cursor}`,
      `/api/subscriptions/${other.id}/executionLogs?limit=1&status=FAILED&cursor=${cursor}`,
      `/api/subscriptions?cursor=${cursor}`,
    ]) {
      const r = await call('GET', elsewhere);
      expect(r.status, elsewhere).toBe(400);
      expect(r.body.details.errors[0]).toMatchObject({ code: 'INVALID_CURSOR', field: 'query:cursor' });
    }
  });

  it('with an allow list, local targets are limited to it at subscription time and at delivery time', async () => {
    const allowed = `${receiver.origin}/api/webhooks`;
    const narrowed = createSandbox({
      sql,
      modules: [createWebhooksModule({ timeoutMs: TIMEOUT_MS })],
      fetch: fetchSpy as unknown as typeof fetch,
      policy: { webhookAllow: [allowed, 'http://127.0.0.1:1/'] },
    });
    await narrowed.ready;
    const post = (url: string) =>
      narrowed.handle(
        new Request('http://sandbox.test/api/subscriptions', {
          method: 'POST',
          headers: { Authorization: `Bearer ${aliceToken}`, 'X-Idempotency-Key': randomUUID(), 'Content-Type': 'application/json' },
          body: JSON.stringify({ url, includeAll: true }),
        }),
      );
    const port = new URL(receiver.origin).port;
    for (const url of [
      `${receiver.origin}/other`,
      `${receiver.origin}/api/webhooksX`,
      `http://localhost:${port}/api/webhooks`,
      'http://127.0.0.1:22/',
      `https://127.0.0.2:${port}/api/webhooks`,
      `https://[::ffff:127.0.0.1]:${port}/api/webhooks`,
      `https://0.0.0.0:${port}/api/webhooks`,
      'https://foo.localhost/x',
    ]) {
      const r = await post(url);
      expect(r.status, url).toBe(400);
      const body = (await r.json()) as Loose;
      expect(body.details.errors[0]).toMatchObject({ code: 'INVALID_URL', field: 'body:url' });
      expect(body.details.errors[0].message).toContain('SANDBOX_WEBHOOK_ALLOW');
    }
    for (const url of [allowed, `${allowed}/sub`, 'http://127.0.0.1:1/any/path', 'https://hooks.example.com/x']) {
      expect((await post(url)).status, url).toBe(201);
    }
    // A subscription made before the list narrowed is not delivered to either.
    const old = await subscribe({ url: `${receiver.origin}/before`, includeAll: true });
    await emit(eventFor(alice, 'OPERATION_REQUESTED'));
    await deliver(narrowed);
    const oldLog = (await logs(old.id)).data[0];
    expect(oldLog).toMatchObject({ status: 'FAILED', httpStatus: 0 });
    expect(oldLog.error).toContain('SANDBOX_WEBHOOK_ALLOW');
    // Only the allowed local targets were called (the two subscriptions made above under the allowed prefix).
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/api/webhooks', '/api/webhooks/sub']);
    await narrowed.stop();
  });
});

describe('cost of a delivery', () => {
  it('a batch of deliveries costs the claim plus three statements each (no transaction per attempt) and asks for no compression', async () => {
    // Counts every call into the engine the webhook task makes: each one is a round of the embedded engine's single
    // connection, which the console's requests wait for.
    const calls: string[] = [];
    const counting: Sql = {
      query: (text, params) => {
        calls.push(text.trim().split(/\s+/).slice(0, 3).join(' '));
        return sql.query(text, params);
      },
      exec: (text) => {
        calls.push(text.trim().split(/\s+/)[0]);
        return sql.exec(text);
      },
      transaction: (fn) => {
        calls.push('BEGIN … COMMIT');
        return sql.transaction(fn);
      },
    };
    const counted = createSandbox({ sql: counting, modules: [createWebhooksModule({ timeoutMs: TIMEOUT_MS })], fetch: fetchSpy as unknown as typeof fetch });
    await counted.ready;
    const sub = await subscribe({ url: `${receiver.origin}/cost`, includeAll: true });
    await emit(...Array.from({ length: 10 }, () => eventFor(alice, 'OPERATION_COMPLETED')));
    calls.length = 0;
    const task = counted.worker.taskList.find((t) => t.name === 'webhooks.deliver')!;
    await task.run(counted.services);
    await settleInFlightDeliveries(counted.services);
    expect(receiver.received).toHaveLength(10);
    // Probe, fan-out, claim (which opens every attempt), then per delivery: the fail-next rule, the customer's
    // secret and the outcome. Before: a transaction to open each attempt and another to record it (ten calls each).
    expect(calls.filter((c) => c === 'BEGIN … COMMIT')).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(3 + 3 * 10);
    expect((await logs(sub.id, '?limit=100')).data.map((l: Loose) => l.status)).toEqual(Array(10).fill('SUCCESS'));
    // The answer is only drained: a compressed one costs the receiver a gzip and the sandbox a gunzip per delivery.
    expect(receiver.received.every((r) => r.headers['accept-encoding'] === 'identity')).toBe(true);
    await counted.stop();
  });

  it('the claim counts and logs each attempt before anything is sent', async () => {
    const sub = await subscribe({ url: `${receiver.origin}/opened`, includeAll: true });
    await emit(eventFor(alice, 'OPERATION_COMPLETED'));
    expect(await fanOutEvents(sql, sandbox.services.clock.now())).toBe(1);
    const [claimed] = await claimDueDeliveries(sql, DEFAULT_DELIVERY_CONFIG, sandbox.services.clock.now(), 5);
    expect(claimed.attempts_made).toBe(0);
    expect(receiver.received).toHaveLength(0);
    expect((await logs(sub.id)).data).toEqual([
      expect.objectContaining({ id: claimed.log_id, messageId: claimed.message_id, status: 'FAILED', httpStatus: 0, retryAttempts: 0, error: INTERRUPTED_ERROR }),
    ]);
    const { rows } = await sql.query<{ attempts_made: number }>('SELECT attempts_made FROM sandbox.webhook_deliveries WHERE id = $1', [claimed.id]);
    expect(rows[0].attempts_made).toBe(1);
    await performAttempt(sandbox.services, DEFAULT_DELIVERY_CONFIG, claimed);
    expect((await logs(sub.id)).data).toEqual([expect.objectContaining({ id: claimed.log_id, status: 'SUCCESS', httpStatus: 200, retryAttempts: 0 })]);
  });
});

describe('crash safety', () => {
  it('a sandbox stopped before delivering leaves work a new sandbox on the same DB delivers exactly once', async () => {
    const first = newSandbox({ leaseMs: 1500 });
    await first.ready;
    const subA = await subscribe({ url: `${receiver.origin}/crash-a`, includeAll: true });
    const subB = await subscribe({ url: `${receiver.origin}/crash-b`, resources: [{ name: 'OPERATION', events: ['OPERATION_COMPLETED'] }] });
    // Three events emitted; one of them is fanned out, and one delivery is claimed by a process that then dies.
    await sql.transaction(async (tx) => {
      await first.services.emit(tx, eventFor(alice, 'OPERATION_COMPLETED'));
      await first.services.emit(tx, eventFor(alice, 'OPERATION_REQUESTED'));
    });
    expect(await fanOutEvents(sql, first.services.clock.now())).toBe(2);
    expect(await fanOutEvents(sql, first.services.clock.now())).toBe(0);
    const claimed = await claimDueDeliveries(sql, { ...DEFAULT_DELIVERY_CONFIG, leaseMs: 1500 }, first.services.clock.now(), 1);
    expect(claimed).toHaveLength(1);
    await sql.transaction((tx) => first.services.emit(tx, eventFor(alice, 'OPERATION_COMPLETED')));
    await first.stop();

    const second = newSandbox();
    await second.ready;
    await deliver(second);
    // The leased delivery is not stolen while its lease runs...
    expect(receiver.received).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 1600));
    await deliver(second);
    // ...and is attempted once the lease expired (same message id as the claim).
    expect(receiver.received).toHaveLength(5);
    const ids = receiver.received.map((r) => r.headers['x-message-id']);
    expect(new Set(ids).size).toBe(5);
    expect(ids).toContain(claimed[0].message_id);
    await deliver(second);
    expect(receiver.received).toHaveLength(5);
    // The claim opened its attempt (counted, logged as interrupted) before the process died: that message has two
    // logs, the interrupted one and its re-delivery as a retry; every other message one.
    const all = [...(await logs(subA.id, '?limit=100')).data, ...(await logs(subB.id, '?limit=100')).data];
    expect(all).toHaveLength(6);
    const ofClaimed = all
      .filter((l: Loose) => l.messageId === claimed[0].message_id)
      .map((l: Loose) => [l.status, l.retryAttempts, l.error ?? null])
      .sort((a: unknown[], b: unknown[]) => Number(a[1]) - Number(b[1]));
    expect(ofClaimed).toEqual([
      ['FAILED', 0, INTERRUPTED_ERROR],
      ['SUCCESS', 1, null],
    ]);
    const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox.webhook_deliveries WHERE NOT done');
    expect(rows[0].n).toBe(0);
  });

  it('an attempt interrupted mid-delivery keeps its execution log; the re-delivery is a retry with the same message id', async () => {
    const sub = await subscribe({ url: `${receiver.origin}/interrupted`, includeAll: true, allowRetry: false });
    await emit(eventFor(alice, 'OPERATION_COMPLETED'));
    expect(await fanOutEvents(sql, sandbox.services.clock.now())).toBe(1);
    // A process whose receiver call never returns (it is about to be killed).
    let release: (r: Response) => void = () => undefined;
    const hanging = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const dying = createSandbox({ sql, modules: [createWebhooksModule({ timeoutMs: TIMEOUT_MS })], fetch: () => hanging });
    await dying.ready;
    const cfg = { ...DEFAULT_DELIVERY_CONFIG, timeoutMs: TIMEOUT_MS };
    const [claimed] = await claimDueDeliveries(sql, cfg, dying.services.clock.now(), 1);
    const inFlight = performAttempt(dying.services, cfg, claimed);
    await vi.waitFor(async () => expect((await logs(sub.id)).data).toHaveLength(1));
    // Logged before the call: what the log says if the process dies now.
    const first = (await logs(sub.id)).data[0];
    expect(first).toMatchObject({ messageId: claimed.message_id, status: 'FAILED', httpStatus: 0, retryAttempts: 0, error: INTERRUPTED_ERROR });

    // kill -9: the lease is never released; once it expires another process delivers the same message again.
    await sql.query(`UPDATE sandbox.webhook_deliveries SET locked_until = now() - interval '1 minute' WHERE id = $1`, [claimed.id]);
    await deliver();
    expect(receiver.received.map((r) => r.headers['x-message-id'])).toEqual([claimed.message_id]);
    const after = (await logs(sub.id, '?sortOrder=ASCENDING')).data;
    expect(after.map((l: Loose) => [l.status, l.retryAttempts, l.messageId])).toEqual([
      ['FAILED', 0, claimed.message_id],
      ['SUCCESS', 1, claimed.message_id],
    ]);

    // The stale attempt finally learns its real outcome: its own log says so, the schedule stays the new owner's.
    release(new Response('late', { status: 503 }));
    await inFlight;
    const final = (await logs(sub.id, '?sortOrder=ASCENDING')).data;
    expect(final[0]).toMatchObject({ status: 'FAILED', httpStatus: 503, error: 'Endpoint responded with HTTP 503' });
    const { rows } = await sql.query<{ done: boolean; attempts_made: number }>('SELECT done, attempts_made FROM sandbox.webhook_deliveries WHERE id = $1', [claimed.id]);
    expect(rows[0]).toEqual({ done: true, attempts_made: 2 });
    await dying.stop();
  });

  it('deleting a subscription drops its pending deliveries', async () => {
    const sub = await subscribe({ url: `${receiver.origin}/gone`, includeAll: true });
    await emit(eventFor(alice, 'OPERATION_COMPLETED'));
    await fanOutEvents(sql, sandbox.services.clock.now());
    expect((await call('DELETE', `/api/subscriptions/${sub.id}`)).status).toBe(204);
    await deliver();
    expect(receiver.received).toHaveLength(0);
  });
});
