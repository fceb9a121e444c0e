import { describe, expect, it } from 'vitest';
import { operationSchema, type Operation } from '@/lib/api/schemas/operation';
import { classifyQuery } from '@/lib/domain/search/query';
import { SearchIndex, type SearchSource } from './search-index';

function op(n: number, overrides: Record<string, unknown> = {}): Operation {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return operationSchema.parse({
    id,
    customerId: 'c',
    account: { id: 'a', owner: 'Acme' },
    sourceAmount: { value: `${n}.00`, asset: 'BRL', decimals: 2 },
    targetAmount: { value: `${n}.00`, asset: 'BRL', decimals: 2 },
    intent: { type: 'SWAP' },
    quote: { id: 'q', effectiveRate: { value: '1', base: 'BRL', quote: 'BRL' }, expiresAt: '2026-11-23T09:00:30.000Z', consumedAt: null },
    fees: [],
    transactions: [],
    currentState: { status: 'REQUESTED', createdAt: '2026-11-23T09:00:00.000Z' },
    states: [],
    createdAt: new Date(Date.UTC(2026, 10, 1) + n * 1000).toISOString(),
    updatedAt: '2026-11-23T09:00:00.000Z',
    ...overrides,
  });
}

/** A fake service: newest first, pages of `limit`, counting the calls. */
function fakeSource(all: Operation[]) {
  const calls = { list: 0, get: 0 };
  const source: SearchSource = {
    async listOperations({ limit, cursor }) {
      calls.list++;
      const sorted = [...all].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
      const start = cursor ? Number(cursor) : 0;
      const data = sorted.slice(start, start + limit);
      return { data, nextCursor: start + limit < sorted.length ? String(start + limit) : null };
    },
    async getOperation(id) {
      calls.get++;
      return all.find((o) => o.id === id) ?? null;
    },
    async listAccounts() {
      return { data: [], nextCursor: null };
    },
    async listBeneficiaries() {
      return { data: [], nextCursor: null };
    },
  };
  return { source, calls };
}

const q = (text: string) => classifyQuery(text, 'en')!;

describe('SearchIndex', () => {
  it('reads every page once, then answers from memory', async () => {
    const all = Array.from({ length: 250 }, (_, i) => op(i + 1));
    const { source, calls } = fakeSource(all);
    const index = new SearchIndex(source);
    await index.prepare();
    expect(index.size).toBe(250);
    expect(calls.list).toBe(3);
    expect(index.find(q('137')).filter((h) => h.matchedBy === 'amount').map((h) => h.id)).toEqual([all[136]!.id]);
    await index.prepare();
    expect(calls.list).toBe(3);
  });

  it('catches up with operations created after the first read, reading only the newest page', async () => {
    const all = Array.from({ length: 250 }, (_, i) => op(i + 1));
    const { source, calls } = fakeSource(all);
    let now = 0;
    const index = new SearchIndex(source, () => now);
    await index.prepare();
    all.push(op(9001));
    expect(index.find(q('9001'))).toEqual([]);
    now += 5_000;
    expect(await index.catchUp()).toBe(true);
    expect(calls.list).toBe(4);
    expect(index.find(q('9001')).map((h) => h.id)).toContain(all[250]!.id);
  });

  it('a received event re-reads the operation it names: new status, new amount key', async () => {
    const all = [op(1), op(2)];
    const { source } = fakeSource(all);
    const index = new SearchIndex(source);
    await index.prepare();
    all[0] = op(1, { currentState: { status: 'COMPLETED', createdAt: '2026-11-23T09:01:00.000Z' }, targetAmount: { value: '7.50', asset: 'USD', decimals: 2 } });
    index.onEvent({ kind: 'OPERATION', id: all[0].id });
    await new Promise((r) => setTimeout(r, 0));
    const [hit] = index.find(q(all[0].id.slice(-12)));
    expect(hit?.status).toBe('COMPLETED');
    expect(index.find(q('7.5')).map((h) => h.id)).toEqual([all[0].id]);
    // The old target amount no longer finds it.
    expect(index.find(q('1')).filter((h) => h.matchedBy === 'amount').map((h) => h.id)).toEqual([all[0].id]);
  });

  it('finds by end-to-end id and shows the side of the amount that matched', async () => {
    const swap = op(3, {
      sourceAmount: { value: '100.00', asset: 'BRL', decimals: 2 },
      targetAmount: { value: '19.900000', asset: 'USDC', decimals: 6 },
      transactions: [
        { type: 'PIX', direction: 'CREDIT', amount: { value: '100.00', asset: 'BRL', decimals: 2 }, currentState: { status: 'COMPLETED', createdAt: '2026-11-23T09:00:00.000Z' }, endToEnd: 'E9999' + 'X'.repeat(20) },
      ],
    });
    const index = new SearchIndex(fakeSource([swap]).source);
    await index.prepare();
    expect(index.find(q('e9999xx'))).toMatchObject([{ id: swap.id, matchedBy: 'endToEnd' }]);
    expect(index.find(q('19.9'))).toMatchObject([{ matchedBy: 'amount', amount: { value: '19.900000', asset: 'USDC' } }]);
  });
});
