import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import { fromPgliteFast } from './pglite-sql';
import type { Sql } from './types';

type Rows<T> = { rows: T[]; affectedRows?: number };

/**
 * Adapts an (in-process, single-connection) PGlite: statements are sent as pipelined wire-protocol messages
 * (core/pglite-sql.ts). Queries on the root wait while a transaction is open.
 */
export function fromPglite(pg: PGlite): Sql {
  return fromPgliteFast(pg);
}

function pgClientTx(client: PoolClient): Sql {
  const self: Sql = {
    async query<T>(text: string, params?: readonly unknown[]): Promise<Rows<T>> {
      const r = await client.query(text, params as unknown[] | undefined);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? undefined };
    },
    async exec(text: string) {
      await client.query(text);
    },
    transaction<U>(fn: (inner: Sql) => Promise<U>) {
      return fn(self);
    },
  };
  return self;
}

/** Adapts a node-postgres pool: a transaction checks out one client and runs BEGIN/COMMIT/ROLLBACK on it. */
export function fromPgPool(pool: Pool): Sql {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<Rows<T>> {
      const r = await pool.query(text, params as unknown[] | undefined);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? undefined };
    },
    async exec(text: string) {
      await pool.query(text);
    },
    async transaction<U>(fn: (tx: Sql) => Promise<U>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(pgClientTx(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}
