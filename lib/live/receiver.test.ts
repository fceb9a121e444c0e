import { createHmac, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '../db/client';
import { receivedEvents } from '../db/schema';
import type { LiveEvent } from '../domain/live/events';
import { runWithRequestContext } from '../observability/request-context';
import { createMemoryBus, type LiveBus } from './bus';
import { MAX_WEBHOOK_BYTES, receiveWebhook, type ReceiverDeps } from './receiver';
import { listEventsAfter, sweepReceivedEvents } from './store';

const creds = { clientId: 'acme-demo', clientSecret: 'receiver-test-secret' };
let client: PGlite;
let db: ConsoleDb;
let bus: LiveBus;
let published: LiveEvent[];
let deps: ReceiverDeps;

beforeAll(async () => {
  client = new PGlite();
  db = await useTestDatabase(client);
});
afterAll(async () => {
  resetDatabaseForTests();
  await client.close();
});
beforeEach(async () => {
  await db.delete(receivedEvents);
  bus = createMemoryBus();
  published = [];
  bus.subscribe({ onEvent: (e) => published.push(e) });
  deps = { getDb: async () => db, getCredentials: async () => creds, getBus: async () => bus };
});

const operationPayload = {
  customerId: '5d1a3c4e-1111-4222-8333-944455556666',
  account: { owner: 'Acme Importação Ltda' },
  sourceAmount: { value: '100.00', asset: 'BRL', decimals: 2 },
  destinationAmount: { value: '19.90', asset: 'USD', decimals: 2 },
  intent: { type: 'SWAP' },
  fees: [],
  transactions: [],
  currentState: { status: 'COMPLETED', createdAt: '2026-11-23T09:00:01.000Z' },
  atTime: '2026-11-23T09:00:01.000Z',
  quote: null,
  tags: [],
};

function delivery(
  opts: { messageId?: string; type?: string; body?: string | Uint8Array; signature?: string | null; secret?: string; headers?: Record<string, string> } = {},
): Request {
  const messageId = opts.messageId ?? randomUUID();
  const signature =
    opts.signature === undefined
      ? createHmac('sha256', opts.secret ?? creds.clientSecret).update(`${messageId}+${creds.clientId}`).digest('hex')
      : opts.signature;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-message-id': messageId,
    'x-event-type': opts.type ?? 'OPERATION_COMPLETED',
    'x-resource-name': 'OPERATION',
    'x-company-id': operationPayload.customerId,
    ...opts.headers,
  };
  if (signature !== null) headers['x-message-signature'] = signature;
  return new Request('http://localhost/api/webhooks', {
    method: 'POST',
    headers,
    body: (opts.body ?? JSON.stringify(operationPayload)) as BodyInit,
  });
}

async function rows() {
  return db.select().from(receivedEvents);
}

describe('POST /api/webhooks receiver', () => {
  it('stores a signed delivery (message id, type, kind, atTime, payload, received-at) and publishes it once', async () => {
    const messageId = randomUUID();
    const res = await receiveWebhook(delivery({ messageId }), deps);
    expect(res.status).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({
      messageId,
      eventType: 'OPERATION_COMPLETED',
      resourceKind: 'OPERATION',
      resourceId: null, // the contract's operation event carries no id
      companyId: operationPayload.customerId,
      payload: operationPayload,
    });
    expect(row.atTime?.toISOString()).toBe('2026-11-23T09:00:01.000Z');
    expect(row.receivedAt).toBeInstanceOf(Date);
    expect(published).toEqual([{ seq: row.seq, type: 'OPERATION_COMPLETED', kind: 'OPERATION', id: null, atTime: '2026-11-23T09:00:01.000Z' }]);
  });

  it('takes the resource id when the delivery carries one (upstream `id`, ASSET_ACTIVATED `accountId`)', async () => {
    const accountId = randomUUID();
    await receiveWebhook(
      delivery({ type: 'ASSET_ACTIVATED', headers: { 'x-resource-name': 'ACCOUNT' }, body: JSON.stringify({ accountId, assets: ['BRL'], atTime: '2026-11-23T09:00:00Z' }) }),
      deps,
    );
    expect(published[0]).toMatchObject({ kind: 'ACCOUNT', id: accountId });
  });

  it('keeps the request id of the first receipt (the one its access log line names); a repeat does not change it', async () => {
    const messageId = randomUUID();
    await runWithRequestContext({ requestId: 'receipt-1' }, () => receiveWebhook(delivery({ messageId }), deps));
    await runWithRequestContext({ requestId: 'receipt-2' }, () => receiveWebhook(delivery({ messageId }), deps));
    expect((await rows()).map((r) => r.receiptRequestId)).toEqual(['receipt-1']);
  });

  it('takes the X-Resource-Id header when the service sends it', async () => {
    const opId = randomUUID();
    await receiveWebhook(delivery({ headers: { 'x-resource-id': opId } }), deps);
    expect((await rows())[0]).toMatchObject({ resourceKind: 'OPERATION', resourceId: opId });
    expect(published[0]).toMatchObject({ kind: 'OPERATION', id: opId });
  });

  it('answers 401 and stores nothing for a missing, wrong or other-secret signature', async () => {
    for (const req of [delivery({ signature: null }), delivery({ signature: 'f'.repeat(64) }), delivery({ secret: 'someone-else' }), delivery({ headers: { 'x-message-id': '' } })]) {
      const res = await receiveWebhook(req, deps);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    }
    expect(await rows()).toHaveLength(0);
    expect(published).toHaveLength(0);
  });

  it('answers 413 over 256 kB — by Content-Length before reading, and by counting when the length is not declared', async () => {
    const big = JSON.stringify({ ...operationPayload, pad: 'x'.repeat(MAX_WEBHOOK_BYTES) });
    const declared = await receiveWebhook(delivery({ body: big, headers: { 'content-length': String(big.length) } }), deps);
    expect(declared.status).toBe(413);
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const base = delivery();
    const streamed = new Request(base.url, { method: 'POST', headers: base.headers, body: endless, duplex: 'half' } as RequestInit);
    const res = await receiveWebhook(streamed, deps);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(8); // stopped right after the limit, not drained
    // exactly at the limit is fine
    const exact = JSON.stringify({ pad: '' });
    const atLimit = JSON.stringify({ pad: 'y'.repeat(MAX_WEBHOOK_BYTES - exact.length) });
    expect(new TextEncoder().encode(atLimit).byteLength).toBe(MAX_WEBHOOK_BYTES);
    expect((await receiveWebhook(delivery({ body: atLimit }), deps)).status).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('answers 400 for a body that is not JSON (or not an object), storing nothing', async () => {
    for (const body of ['not json', '', '"a string"', '42', new Uint8Array([0xff, 0xfe, 0x7b, 0x7d])]) {
      expect((await receiveWebhook(delivery({ body }), deps)).status).toBe(400);
    }
    expect(await rows()).toHaveLength(0);
  });

  it('stores an event type it does not know, filed under the service-named resource', async () => {
    const res = await receiveWebhook(delivery({ type: 'PAYOUT_BATCH_CLOSED', headers: { 'x-resource-name': 'payout_batch' }, body: '{"batch":1}' }), deps);
    expect(res.status).toBe(200);
    expect((await rows())[0]).toMatchObject({ eventType: 'PAYOUT_BATCH_CLOSED', resourceKind: 'PAYOUT_BATCH', payload: { batch: 1 } });
  });

  it('20 concurrent identical deliveries: all answered 2xx, one row, one publish', async () => {
    const messageId = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => receiveWebhook(delivery({ messageId }), deps)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ duplicate: boolean }>));
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
    expect(published).toHaveLength(1);
    // a later re-delivery (the service retrying after a crash) changes nothing either
    expect((await receiveWebhook(delivery({ messageId }), deps)).status).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('resume reads what was stored after a sequence number; the sweep keeps 30 days', async () => {
    const at = new Date('2026-11-23T09:00:00Z');
    const old = { ...deps, now: () => new Date(at.getTime() - 31 * 86_400_000) };
    await receiveWebhook(delivery(), old);
    await receiveWebhook(delivery(), { ...deps, now: () => new Date(at.getTime() - 29 * 86_400_000) });
    const all = await listEventsAfter(db, 0, 10);
    expect(all).toHaveLength(2);
    expect(await listEventsAfter(db, all[0].seq, 10)).toEqual([all[1]]);
    expect(await sweepReceivedEvents(db, at)).toBe(1);
    expect((await rows()).map((r) => r.seq)).toEqual([all[1].seq]);
  });
});
