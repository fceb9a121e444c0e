import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPgPool } from '../core/sql';
import { startMoneyHarness, type Client, type Loose, type MoneyHarness } from '../testing/money-harness';

/**
 * Real concurrency, which PGlite (one connection, transactions run one after another) cannot show: run with
 * `SANDBOX_TEST_PG_URL=postgres://user@host:port/postgres npx vitest run lib/sandbox/operations/postgres-races.test.ts`.
 * A throw-away database is created and dropped. Skipped when the variable is unset.
 */
const ADMIN_URL = process.env.SANDBOX_TEST_PG_URL;

describe.skipIf(!ADMIN_URL)('money races on PostgreSQL', () => {
  let h: MoneyHarness;
  let admin: pg.Client;
  const dbName = `sbx_money_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${dbName}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 12 });
    h = await startMoneyHarness({ sql: fromPgPool(pool), close: () => pool.end() });
  });

  afterAll(async () => {
    await h?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.end();
  });

  const usd = (value: string) => ({ value, asset: 'USD' });

  async function quote(c: Client, accountId: string) {
    return c.post('/api/quotes', { accountId, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '100.00' });
  }

  it('ten concurrent swaps on one quote: exactly one is created', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['BRL', 'USD']);
    const q = await quote(c, a);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => c.call('POST', '/api/operations/swap', { body: { accountId: a, quoteId: q.id } })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    const winner = results.find((r) => r.status === 201)!.body.id;
    for (const r of results.filter((x) => x.status === 422)) {
      expect(r.body).toMatchObject({ code: 'QUOTE_ALREADY_CONSUMED', details: { consumedByOperationId: winner } });
    }
  });

  it('twenty concurrent completions of 10.00 each from 100.00: ten complete, ten fail, the balance never goes negative', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['USD']);
    const b = await c.activeAccount(['USD']);
    await c.credit(a, 'USD', '100.00');
    const ops: Loose[] = [];
    for (let i = 0; i < 20; i++) ops.push(await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('10.00') }));
    const done = await Promise.all(ops.map((op) => c.post(`/_sandbox/operations/${op.id}/complete`, undefined, 200)));
    const byStatus = (s: string) => done.filter((o) => o.currentState.status === s);
    expect(byStatus('COMPLETED')).toHaveLength(10);
    expect(byStatus('FAILED')).toHaveLength(10);
    for (const f of byStatus('FAILED')) expect(f.currentState.reason.code).toBe('INSUFFICIENT_BALANCE');
    expect(await c.balance(a, 'USD')).toBe('0.00');
    expect(await c.balance(b, 'USD')).toBe('100.00');
  });

  it('opposite transfers completed at the same time do not deadlock and conserve the total', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['USD']);
    const b = await c.activeAccount(['USD']);
    await c.credit(a, 'USD', '500.00');
    await c.credit(b, 'USD', '500.00');
    const ops: Loose[] = [];
    for (let i = 0; i < 10; i++) {
      ops.push(await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('7.00') }));
      ops.push(await c.post('/api/operations/transfer', { sourceAccountId: b, targetAccountId: a, amount: usd('3.00') }));
    }
    const results = await Promise.all(ops.map((op) => c.call('POST', `/_sandbox/operations/${op.id}/complete`)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(await c.balance(a, 'USD')).toBe('460.00');
    expect(await c.balance(b, 'USD')).toBe('540.00');
  });

  it('the background loop and the helpers racing on the same operations move money exactly once', async () => {
    const c = await h.client({ auto: true });
    const a = await c.activeAccount(['USD']);
    const b = await c.activeAccount(['USD']);
    await c.credit(a, 'USD', '50.00');
    const ops: Loose[] = [];
    for (let i = 0; i < 5; i++) ops.push(await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('10.00') }));
    await h.advance(1);
    // The loop (two drains at once, as two processes would) and a helper call per operation, all concurrently.
    await Promise.all([
      h.drain(),
      h.drain(),
      ...ops.map((op) => c.call('POST', `/_sandbox/operations/${op.id}/complete`)),
    ]);
    await h.advance(5);
    await Promise.all([h.drain(), h.drain()]);
    for (const op of ops) expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('COMPLETED');
    expect(await c.balance(a, 'USD')).toBe('0.00');
    expect(await c.balance(b, 'USD')).toBe('50.00');
  });
});
