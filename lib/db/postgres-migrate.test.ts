import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrizzle, migrateConsole, type RawClient } from './client';

// Several console instances starting at once on one PostgreSQL (the scale-out set-up in the README) each apply the
// console migrations at start-up. Runs when a server is reachable (`npm run pg:start`; scripts/with-pg.mjs).
const ADMIN_URL = process.env.SANDBOX_TEST_PG_URL;

describe.skipIf(!ADMIN_URL)('console migrations on PostgreSQL', () => {
  const dbName = `console_migrate_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let admin: pg.Client;
  let url: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const u = new URL(ADMIN_URL!);
    u.pathname = `/${dbName}`;
    url = u.toString();
  });

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('four processes migrating an empty database at the same moment: all succeed, each migration applied once', async () => {
    const pools = Array.from({ length: 4 }, () => {
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      // The database is dropped WITH (FORCE) at the end: a connection still closing must not crash the run.
      pool.on('error', () => {});
      return pool;
    });
    try {
      await Promise.all(
        pools.map(async (pool) => {
          const raw: RawClient = { kind: 'pg', pool };
          await migrateConsole(raw, await createDrizzle(raw));
        }),
      );
      const { rows } = await pools[0].query<{ hash: string }>('select hash from console.__drizzle_migrations');
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});
