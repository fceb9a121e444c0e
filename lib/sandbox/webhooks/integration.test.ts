import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMoneyHarness, type MoneyHarness } from '../testing/money-harness';
import { settleInFlightDeliveries } from './delivery';
import { startLocalReceiver, type LocalReceiver } from '../testing/local-receiver';

/**
 * End to end with the real modules: transitions made through the API (account activation, transfer, settlement,
 * beneficiary review) reach a real receiver on 127.0.0.1 with the payload the emitting module wrote.
 */
let h: MoneyHarness;
let receiver: LocalReceiver;

beforeAll(async () => {
  h = await startMoneyHarness();
  receiver = await startLocalReceiver();
});

afterAll(async () => {
  await settleInFlightDeliveries(h.sandbox.services);
  await receiver.close();
  await h.close();
});

async function deliver() {
  for (let i = 0; i < 3; i++) {
    await h.drain();
    await settleInFlightDeliveries(h.sandbox.services);
  }
}

describe('webhooks driven by real transitions', () => {
  it('delivers one webhook after another over one kept-alive connection (the answer is read, not cancelled)', async () => {
    const c = await h.client();
    const local = await startLocalReceiver();
    // Headers first, the body 20 ms later, as the console's receiver (Next.js) answers.
    local.respond(() => ({ status: 200, bodyDelayMs: 20 }));
    try {
      await c.post('/api/subscriptions', { url: `${local.origin}/keep-alive`, includeAll: true });
      const source = await c.activeAccount(['BRL']);
      const target = await c.activeAccount(['BRL']);
      await c.credit(source, 'BRL', '100.00');
      await deliver();
      const before = local.received.length;
      for (let i = 0; i < 5; i++) {
        await c.post('/api/operations/transfer', { sourceAccountId: source, targetAccountId: target, amount: { value: '1.00', asset: 'BRL' } });
        await deliver();
      }
      expect(local.received.length - before).toBeGreaterThanOrEqual(5);
      // Cancelling each answer closed its connection: one connection per delivery.
      expect(local.connections()).toBeLessThanOrEqual(3);
    } finally {
      await settleInFlightDeliveries(h.sandbox.services);
      await local.close();
    }
  });

  it('delivers ASSET_ACTIVATED, OPERATION_REQUESTED and OPERATION_COMPLETED with the emitted payloads', async () => {
    const c = await h.client();
    await c.post('/api/subscriptions', { url: `${receiver.origin}/e2e`, includeAll: true });
    const source = await c.activeAccount(['BRL']);
    const target = await c.activeAccount(['BRL']);
    await c.credit(source, 'BRL', '100.00');
    const op = await c.post('/api/operations/transfer', { sourceAccountId: source, targetAccountId: target, amount: { value: '10.00', asset: 'BRL' } });
    await c.post(`/_sandbox/operations/${op.id}/complete`, undefined, 200);
    await deliver();

    const outbox = await h.events(c.customer.id);
    const types = outbox.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['ASSET_ACTIVATED', 'OPERATION_REQUESTED', 'OPERATION_COMPLETED']));
    expect(receiver.received).toHaveLength(outbox.length);
    for (const event of outbox) {
      // Exactly one delivery carries this event's bytes (the outbox stores the serialised payload).
      const matches = receiver.received.filter((r) => r.body === JSON.stringify(event.payload));
      expect(matches, event.type).toHaveLength(1);
      const got = matches[0];
      expect(got.headers['x-event-type']).toBe(event.type);
      expect(got.headers['x-resource-name']).toBe(event.resource_name);
      expect(got.headers['x-company-id']).toBe(c.customer.id);
      const expected = createHmac('sha256', c.customer.clientSecret).update(`${got.headers['x-message-id']}+${c.customer.clientId}`).digest();
      expect(timingSafeEqual(Buffer.from(got.headers['x-message-signature'] as string, 'hex'), expected)).toBe(true);
    }
    const completed = receiver.received.find((r) => r.headers['x-event-type'] === 'OPERATION_COMPLETED')!;
    expect(JSON.parse(completed.body).currentState.status).toBe('COMPLETED');
  });
});
