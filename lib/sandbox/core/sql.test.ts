import { describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { fromPgPool } from './sql';

/** A fake pg pool recording what each checked-out client saw (no PostgreSQL on this machine). */
function fakePool() {
  const log: string[] = [];
  let released = 0;
  const client = {
    async query(text: string) {
      log.push(text);
      if (text === 'SELECT boom') throw new Error('boom');
      return { rows: [{ text }], rowCount: 1 };
    },
    release() {
      released++;
    },
  };
  const pool = {
    async query(text: string) {
      log.push(`pool:${text}`);
      return { rows: [], rowCount: 0 };
    },
    async connect() {
      return client;
    },
  } as unknown as Pool;
  return { pool, log, released: () => released };
}

describe('fromPgPool', () => {
  it('runs a transaction on one client: BEGIN … COMMIT, nested calls join it, the client is released', async () => {
    const f = fakePool();
    const sql = fromPgPool(f.pool);
    const result = await sql.transaction(async (tx) => {
      await tx.query('SELECT 1');
      return tx.transaction(async (inner) => {
        await inner.query('SELECT 2');
        return 'done';
      });
    });
    expect(result).toBe('done');
    expect(f.log).toEqual(['BEGIN', 'SELECT 1', 'SELECT 2', 'COMMIT']);
    expect(f.released()).toBe(1);
  });

  it('rolls back and releases when the callback throws', async () => {
    const f = fakePool();
    const sql = fromPgPool(f.pool);
    await expect(sql.transaction((tx) => tx.query('SELECT boom'))).rejects.toThrow('boom');
    expect(f.log).toEqual(['BEGIN', 'SELECT boom', 'ROLLBACK']);
    expect(f.released()).toBe(1);
  });

  it('sends root queries to the pool', async () => {
    const f = fakePool();
    const r = await fromPgPool(f.pool).query('SELECT 3');
    expect(r).toEqual({ rows: [], affectedRows: 0 });
    expect(f.log).toEqual(['pool:SELECT 3']);
  });
});
