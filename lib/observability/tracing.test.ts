/**
 * One payout approval is one connected trace: the action's span, every service call under it with one child span
 * per attempt (a retried call shows both), every database statement under the span that ran it, and the W3C
 * `traceparent` each attempt sent to the service names that attempt's span. The real sandbox handler behind
 * MSW and an in-memory PGlite, as in lib/payouts/payouts.test.ts; spans go to an in-memory exporter.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { ROOT_CONTEXT, context, propagation, trace, type Context, type ContextManager } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { decideKey } from '@/lib/beneficiaries/key-reviews';
import { newIdempotencyKey } from '@/lib/api/request';
import { recordingLogger } from '@/lib/api/testing/fakes';
import { resetDatabaseForTests, useTestDatabase } from '@/lib/db/client';
import type { PayoutActor } from '@/lib/payouts/actor';
import { approvePayout, previewQuote } from '@/lib/payouts/approval';
import { requestPayout } from '@/lib/payouts/request';
import { createSandbox, type Sandbox } from '@/lib/sandbox';
import { fromPglite } from '@/lib/sandbox/core/sql';
import { setTracingActive, withSpan } from './tracing';

/** What @vercel/otel installs in the app: the active span follows async continuations. */
class AlsContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(ctx, () => fn.apply(thisArg, args));
  }
  bind<T>(ctx: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const run = (...args: unknown[]) => this.with(ctx, () => (target as (...a: unknown[]) => unknown)(...args));
    return run as T;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

const BASE = 'https://fx-trace.test';
const exporter = new InMemorySpanExporter();
let pg: PGlite;
let sandbox: Sandbox;
const traceparents: string[] = [];
/** Answers the next N calls to the service (not the token endpoint) with a 503 before they reach it. */
let failNext = 0;
const server = setupServer(
  http.all(`${BASE}/*`, async ({ request }) => {
    const header = request.headers.get('traceparent');
    if (header) traceparents.push(header);
    if (failNext > 0 && !request.url.includes('/oauth/')) {
      failNext--;
      return Response.json({ code: 'UNAVAILABLE', message: 'Try again' }, { status: 503 });
    }
    return sandbox.handle(request);
  }),
);

beforeAll(async () => {
  process.env.APPROVER_COOL_OFF_HOURS = '0';
  context.setGlobalContextManager(new AlsContextManager());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  // What startTracing does once it registered the SDK: the database client is then wrapped in statement spans.
  setTracingActive(true);
  pg = new PGlite();
  await useTestDatabase(pg);
  sandbox = createSandbox({ sql: fromPglite(pg), basePath: '' });
  await sandbox.ready;
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(async () => {
  delete process.env.APPROVER_COOL_OFF_HOURS;
  setTracingActive(false);
  server.close();
  trace.disable();
  context.disable();
  propagation.disable();
  resetDatabaseForTests();
  await sandbox.stop();
  await pg.close();
});

async function post(path: string, body: unknown, token?: string): Promise<Record<string, unknown> & { id: string }> {
  const headers = new Headers({ 'Content-Type': 'application/json', 'X-Idempotency-Key': newIdempotencyKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await sandbox.handle(new Request(`${BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown> & { id: string };
}

const actor = (name: string): PayoutActor => ({ id: crypto.randomUUID(), email: `${name}@t.test`, name, role: 'finance' });
const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };

describe('tracing', () => {
  it('one payout approval produces one connected trace, propagated to the service', async () => {
    const creds = (await post('/_sandbox/customers', { name: 'Trace Co', auto: false })) as unknown as { clientId: string; clientSecret: string };
    const client = createApiClient({ baseUrl: BASE, credentials: creds, sleep: async () => {}, random: () => 0, logger: recordingLogger() });
    const token = await client.tokens.getToken();
    const account = await post(
      '/api/accounts',
      {
        assets: [{ code: 'USD', isVirtual: false }, { code: 'BRL', isVirtual: false }],
        owner: { type: 'COMPANY', legalName: 'Trace Co Ltda', taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', address },
      },
      token,
    );
    await post(`/_sandbox/accounts/${account.id}/activate`, {}, token);
    await post(`/_sandbox/accounts/${account.id}/balances`, { asset: 'USD', value: '10000.00' }, token);
    const holder = { type: 'INDIVIDUAL', firstName: 'João', lastName: 'Pereira', taxId: { type: 'CPF', value: '52998224725' }, dateOfBirth: '1990-05-17', address };
    const b = await post('/api/beneficiaries', { holder, relationshipType: 'THIRD_PARTY', paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'joao@example.com' } }, token);
    const instructionId = (b.paymentInstructions as Array<{ id: string }>)[0]!.id;
    await post(`/_sandbox/payment-instructions/${instructionId}/approve`, {}, token);
    // The team's own review of the key (lib/beneficiaries/key-reviews.ts): a payout needs it on top of the service's.
    await decideKey({ ...actor('carla'), role: 'compliance' }, { beneficiaryId: b.id, instructionId, decision: 'APPROVED' }, { client });
    const requester = actor('felipe');
    const approver = actor('fernanda');
    const payout = await requestPayout(
      requester,
      { requestId: newIdempotencyKey(), sourceAccountId: account.id, sourceAsset: 'USD', beneficiaryId: b.id, instructionId, fixedSide: 'source', amount: '100.00', memo: 'Invoice 7' },
      { client },
    );
    const preview = await previewQuote(approver, payout.id, { client });

    exporter.reset();
    traceparents.length = 0;
    // The first call the approval makes is answered 503 once: its retry must show in the same trace.
    failNext = 1;
    const approved = await withSpan('action payouts.approve', { 'console.action': 'payouts.approve' }, () =>
      approvePayout(approver, { requestId: payout.id, previewQuoteId: preview.quoteId, acknowledged: false }, { client }),
    );
    expect(approved.status).not.toBe('APPROVING');

    const spans = exporter.getFinishedSpans();
    const root = spans.find((s) => s.name === 'action payouts.approve')!;
    expect(root).toBeDefined();
    const traceId = root.spanContext().traceId;
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const parentOf = (span: (typeof spans)[number]) => byId.get(span.parentSpanContext?.spanId ?? '');
    // One trace: every span shares the root's trace id and hangs under a span of this trace.
    for (const span of spans) {
      expect(span.spanContext().traceId).toBe(traceId);
      if (span !== root) expect(parentOf(span), `${span.name} has no parent in the trace`).toBeDefined();
    }

    // Service calls: templates, never ids, in span names; each with its attempts as child spans.
    const calls = spans.filter((s) => /^service (GET|POST|PUT|PATCH|DELETE) /.test(s.name));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.name).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    const attempts = spans.filter((s) => s.name.startsWith('service attempt '));
    for (const attempt of attempts) expect(calls).toContain(parentOf(attempt));
    for (const call of calls) expect(attempts.some((a) => parentOf(a) === call)).toBe(true);
    const retried = calls.find((c) => attempts.filter((a) => parentOf(a) === c).length === 2);
    expect(retried, 'the call answered 503 once shows two attempts').toBeDefined();
    const [first, second] = attempts.filter((a) => parentOf(a) === retried).sort((a, b) => a.name.localeCompare(b.name));
    expect(first!.name).toBe('service attempt 1');
    expect(first!.status.code).toBe(2); // ERROR: the 503
    expect(second!.name).toBe('service attempt 2');
    expect(retried!.attributes['console.attempts']).toBe(2);

    // Database statements of the approval (the request's row, its approvals, the audit) under the spans that ran them.
    const statements = spans.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.map((s) => s.name)).toContain('SELECT console.payout_requests');
    expect(statements.some((s) => s.name.startsWith('UPDATE console.payout_requests'))).toBe(true);
    for (const statement of statements) expect(String(statement.attributes['db.query.text'])).not.toContain(payout.id);

    // The service saw the trace on every attempt it got, each naming the attempt's own span as its parent.
    expect(traceparents.length).toBe(attempts.length);
    const attemptIds = new Set(attempts.map((a) => a.spanContext().spanId));
    for (const header of traceparents) {
      const [, headerTrace, parentId] = header.split('-');
      expect(headerTrace).toBe(traceId);
      expect(attemptIds.has(parentId!)).toBe(true);
    }
  });
});
