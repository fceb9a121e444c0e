import { describe, expect, it } from 'vitest';
import { operationSchema, type Operation } from '@/lib/api/schemas/operation';
import { canonicalDecimal, classifyQuery, type SearchQuery } from '@/lib/domain/search/query';
import { groupHits, type SearchHit } from '@/lib/domain/search/results';
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

  it('with 10,000 operations finds exactly what a plain scan of every id, end-to-end id and amount finds', async () => {
    // A small deterministic generator: random-looking uuids, some end-to-end ids, amounts that repeat.
    let seed = 42;
    // mulberry32
    const rnd = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
    const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(rnd() * 16)]).join('');
    const all = Array.from({ length: 10_000 }, (_, i) => {
      const id = `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
      const value = `${(i % 5000) + 1}.${String((i * 7) % 100).padStart(2, '0')}`;
      const e2e = i % 3 === 0 ? `E${hex(8).toUpperCase()}2026112${String(i).padStart(5, '0')}X${hex(6)}` : null;
      return op(i + 1, {
        id,
        sourceAmount: { value, asset: 'BRL', decimals: 2 },
        targetAmount: { value: `${i % 97}.500000`, asset: 'USDC', decimals: 6 },
        transactions: e2e
          ? [{ type: 'PIX', direction: 'CREDIT', amount: { value, asset: 'BRL', decimals: 2 }, currentState: { status: 'COMPLETED', createdAt: '2026-11-23T09:00:00.000Z' }, endToEnd: e2e }]
          : [],
      });
    });
    // Served from one sorted copy: the shared fake sorts per page, too slow for 100 pages within the first wait.
    const newestFirst = [...all].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    const index = new SearchIndex({
      ...fakeSource(all).source,
      async listOperations({ limit, cursor }) {
        const start = cursor ? Number(cursor) : 0;
        return { data: newestFirst.slice(start, start + limit), nextCursor: start + limit < newestFirst.length ? String(start + limit) : null };
      },
    });
    await index.prepare();
    // The first search waits a few seconds at most; on a loaded machine the first read may take longer.
    while (!index.complete) await new Promise((r) => setTimeout(r, 20));
    expect(index.size).toBe(10_000);

    // The reference: every operation, every reading, compared the slow way (as the index did before).
    const scan = (query: SearchQuery): SearchHit[] => {
      const hits: SearchHit[] = [];
      const hit = (o: Operation, matchedBy: SearchHit['matchedBy'], side = o.sourceAmount) => ({
        kind: 'operation' as const, id: o.id.toLowerCase(), title: o.account.owner, detail: 'SWAP', status: o.currentState.status,
        amount: { value: side.value, asset: side.asset }, at: o.createdAt, href: `/operations/${o.id.toLowerCase()}`, matchedBy,
      });
      const frag = query.idFragment;
      if (frag) {
        for (const o of newestFirst) {
          if (o.id.toLowerCase().includes(frag)) hits.push(hit(o, 'id'));
          else if (o.transactions.some((t) => t.endToEnd?.toLowerCase().includes(frag))) hits.push(hit(o, 'endToEnd'));
        }
      }
      for (const amount of query.amounts) {
        for (const o of newestFirst) {
          if (canonicalDecimal(o.sourceAmount.value) === amount) hits.push(hit(o, 'amount'));
          else if (canonicalDecimal(o.targetAmount.value) === amount) hits.push(hit(o, 'amount', o.targetAmount));
        }
      }
      return hits;
    };
    const pick = (n: number) => all[(n * 7919) % all.length]!;
    const texts = [
      ...Array.from({ length: 10 }, (_, n) => pick(n).id.slice(0, 8)),
      ...Array.from({ length: 5 }, (_, n) => pick(n + 10).id.slice(-12)),
      ...Array.from({ length: 5 }, (_, n) => pick(n + 20).id),
      pick(30).id.toUpperCase(),
      pick(31).id.slice(9, 18),
      ...Array.from({ length: 5 }, (_, n) => String(1000 + n * 37)),
      ...Array.from({ length: 3 }, (_, n) => all[n * 3]!.transactions[0]!.endToEnd!.slice(9, 22)),
      '2026112',
      '1,234.56',
      '42.5',
      'e0000000-0000-4000-8000-000000000000',
    ];
    for (const text of texts) {
      const query = q(text);
      const found = index.find(query);
      const expected = scan(query);
      expect(groupHits(found, 'admin', 100_000), text).toEqual(groupHits(expected, 'admin', 100_000));
      expect(groupHits(found, 'admin'), text).toEqual(groupHits(expected, 'admin'));
    }
    // The sample is not vacuous: whole ids, prefixes, end-to-end ids and amounts all found something.
    expect(index.find(q(pick(20).id)).map((h) => h.id)).toEqual([pick(20).id]);
    expect(index.find(q(all[3]!.transactions[0]!.endToEnd!.slice(9, 22))).map((h) => h.matchedBy)).toContain('endToEnd');
    expect(index.find(q('1000')).length).toBeGreaterThan(0);
  }, 60_000);
});
