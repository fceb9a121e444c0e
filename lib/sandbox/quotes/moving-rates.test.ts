import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '@/lib/money/decimal';
import { startMoneyHarness, type MoneyHarness } from '../testing/money-harness';
import { formatRate, midRate } from './rates';

// The sandbox as the console runs it: rates move on the sandbox clock (the default), and every quote says which
// mid rate it was priced from (the `midRate` extension) and when (`createdAt`, service clock).
let h: MoneyHarness;
beforeAll(async () => {
  h = await startMoneyHarness(undefined, { rates: 'moving' });
});
afterAll(async () => {
  await h.close();
});

describe('POST /api/quotes with moving rates', () => {
  it('publishes the mid rate and issue time it priced from; the effective rate is the mid less the 0.5 % spread', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['BRL', 'USD']);
    const q = await c.post('/api/quotes', { accountId: account, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '5000.00' });
    const issued = new Date(q.createdAt);
    expect(new Date(q.expiresAt).getTime() - issued.getTime()).toBe(30_000);
    const mid = midRate('BRL', 'USD', { now: issued, mode: 'moving' });
    expect(q.midRate).toEqual({ value: formatRate(mid), base: 'BRL', quote: 'USD' });
    expect(q.effectiveRate.value).toBe(formatRate(mid.times('0.995')));
    expect(new Dec(q.targetAmount.value).eq(new Dec('5000.00').times(q.effectiveRate.value).toDecimalPlaces(2, Dec.ROUND_DOWN))).toBe(true);
  });

  it('re-prices after the sandbox clock moves a step (the quote a client gets later reflects the new mid)', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['EUR', 'BRL']);
    const body = { accountId: account, sourceAsset: 'EUR', targetAsset: 'BRL', targetAmount: '1000.00' };
    const first = await c.post('/api/quotes', body);
    await h.sandbox.services.clock.advance(10);
    const second = await c.post('/api/quotes', body);
    expect(new Date(second.createdAt).getTime() - new Date(first.createdAt).getTime()).toBeGreaterThanOrEqual(10_000);
    for (const q of [first, second]) {
      const mid = midRate('EUR', 'BRL', { now: new Date(q.createdAt), mode: 'moving' });
      expect(q.midRate.value).toBe(formatRate(mid));
      expect(q.targetAmount.value).toBe('1000.00');
    }
    // A different step, a different mid: the move is bounded by ±0.2 % per step.
    const change = new Dec(second.midRate.value).div(first.midRate.value).minus(1).abs();
    expect(change.lte('0.0041')).toBe(true);
  });

  it('the operation event carries the moving mid as spotRate', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['BRL', 'USD']);
    await c.credit(account, 'BRL', '100.00');
    const q = await c.post('/api/quotes', { accountId: account, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '100.00' });
    const op = await c.post('/api/operations/swap', { accountId: account, quoteId: q.id });
    const [e] = await h.events(c.customer.id, 'OPERATION_REQUESTED');
    expect(e.resource_id).toBe(op.id);
    expect(e.payload.quote.spotRate).toEqual(q.midRate);
  });

  it('documents the extension in the OpenAPI document', async () => {
    const res = await h.sandbox.handle(new Request('http://sandbox.test/openapi.json'));
    const doc = await res.json();
    const quote = doc.components.schemas.Quote;
    expect(quote.properties.midRate.description).toMatch(/Extension/);
    expect(quote.properties.createdAt.description).toMatch(/Extension/);
    expect(doc.paths['/api/quotes'].post.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Quote' });
  });
});
