import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPgliteFast } from './pglite-sql';
import type { Sql } from './types';

let pg: PGlite;
let sql: Sql;

beforeAll(async () => {
  pg = new PGlite();
  sql = fromPgliteFast(pg);
  await sql.exec(`CREATE TABLE t (id int PRIMARY KEY, name text, amount numeric(20,6), at timestamptz, ok boolean, doc jsonb, tags text[])`);
});
afterAll(() => pg.close());

describe('fromPgliteFast', () => {
  it('round-trips scalars, dates, numerics, json and arrays like PGlite’s own query()', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    await sql.query('INSERT INTO t (id, name, amount, at, ok, doc, tags) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      1,
      "O'Brien \\ 😀",
      '12.345678',
      at,
      true,
      { a: [1, 'x'], b: null },
      ['x', 'y,z'],
    ]);
    // The same text again uses the prepared statement (and its described parameter types).
    await sql.query('INSERT INTO t (id, name, amount, at, ok, doc, tags) VALUES ($1, $2, $3, $4, $5, $6, $7)', [2, null, null, null, false, [1, 2], []]);
    const mine = await sql.query('SELECT id, name, amount::text AS amount, at, ok, doc, tags FROM t ORDER BY id');
    const theirs = await pg.query('SELECT id, name, amount::text AS amount, at, ok, doc, tags FROM t ORDER BY id');
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.rows[0]).toEqual({ id: 1, name: "O'Brien \\ 😀", amount: '12.345678', at, ok: true, doc: { a: [1, 'x'], b: null }, tags: ['x', 'y,z'] });
    expect((await sql.query('SELECT id FROM t WHERE id = ANY($1) ORDER BY id', [[2, 1]])).rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await sql.query('UPDATE t SET ok = $2 WHERE id = $1', [2, true])).affectedRows).toBe(1);
  });

  it('keeps the error code, and a statement that failed once runs again', async () => {
    const dup = 'INSERT INTO t (id) VALUES ($1)';
    await expect(sql.query(dup, [1])).rejects.toMatchObject({ code: '23505' });
    await expect(sql.query('SELEC nonsense')).rejects.toMatchObject({ code: '42601' });
    await sql.query(dup, [3]);
    await expect(sql.query(dup, [3])).rejects.toMatchObject({ code: '23505' });
    expect((await sql.query('SELECT count(*)::int AS n FROM t WHERE id = 3')).rows).toEqual([{ n: 1 }]);
  });

  it('commits, rolls back on throw, joins nested transactions, refuses to commit an aborted one', async () => {
    await sql.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES ($1)', [10]);
      await tx.transaction((inner) => inner.query('INSERT INTO t (id) VALUES ($1)', [11]));
    });
    await expect(
      sql.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES ($1)', [12]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(
      sql.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES ($1)', [13]);
        await tx.query('INSERT INTO t (id) VALUES ($1)', [1]).catch(() => undefined); // swallowed 23505
      }),
    ).rejects.toThrow(/aborted/);
    const ids = (await sql.query<{ id: number }>('SELECT id FROM t WHERE id >= 10 ORDER BY id')).rows.map((r) => r.id);
    expect(ids).toEqual([10, 11]);
  });

  it('waits for PGlite’s own transactions on the same instance, and they wait for ours', async () => {
    const order: string[] = [];
    const theirs = pg.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (20)');
      await new Promise((r) => setTimeout(r, 20));
      order.push('theirs');
    });
    const mine = sql.query('SELECT count(*)::int AS n FROM t WHERE id = 20').then((r) => {
      order.push('mine');
      return r.rows[0];
    });
    await Promise.all([theirs, mine]);
    expect(order).toEqual(['theirs', 'mine']);
    expect(await mine).toEqual({ n: 1 });
  });

  it('lets two adapters share one instance (statement names never collide)', async () => {
    const other = fromPgliteFast(pg);
    const q = 'SELECT count(*)::int AS n FROM t WHERE id = $1';
    expect((await sql.query(q, [1])).rows).toEqual([{ n: 1 }]);
    expect((await other.query(q, [1])).rows).toEqual([{ n: 1 }]);
    expect((await other.query('SELECT $1::int AS v', [5])).rows).toEqual([{ v: 5 }]);
  });

  it('re-prepares a statement after its table changed shape', async () => {
    await sql.exec('CREATE TABLE s (a int)');
    await sql.query('INSERT INTO s VALUES ($1)', [1]);
    const q = 'SELECT * FROM s WHERE a = $1';
    expect((await sql.query(q, [1])).rows).toEqual([{ a: 1 }]);
    await sql.exec('ALTER TABLE s ADD COLUMN b int DEFAULT 7');
    const first = await sql.query(q, [1]).catch((e: { code?: string }) => e);
    const again = await sql.query(q, [1]);
    expect(again.rows).toEqual([{ a: 1, b: 7 }]);
    if (!('rows' in first)) expect(first.code).toBe('0A000');
  });
});
