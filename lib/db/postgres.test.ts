import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../auth/authenticate';
import { GLOBAL_KEY } from '../auth/lockout';
import { closeSessionInvalidator } from '../auth/session-invalidation';
import { now } from '../clock';
import { changeRole, createUser, setDisabled } from '../team/users';
import { resetEnvForTests } from '../env';
import { getDb, getRawClient, resetDatabaseForTests, type ConsoleDb } from './client';
import { loginAttempts, users } from './schema';

// The node-postgres path (DATABASE_URL), against a real server: TEST_DATABASE_URL=postgres://… npx vitest run lib/db.
// The console schema in that database is dropped first.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL via DATABASE_URL', () => {
  let db: ConsoleDb;

  beforeAll(async () => {
    process.env.DATABASE_URL = url;
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
    resetEnvForTests();
    resetDatabaseForTests();
    const raw = await getRawClient();
    if (raw.kind !== 'pg') throw new Error('expected the pg client');
    await raw.pool.query('drop schema if exists console cascade');
    db = await getDb();
  });
  afterAll(async () => {
    await closeSessionInvalidator(); // setDisabled/changeRole opened its LISTEN connection
    const raw = await getRawClient();
    if (raw.kind === 'pg') await raw.pool.end();
    resetDatabaseForTests();
    delete process.env.DATABASE_URL;
    resetEnvForTests();
  });

  it('migrates into the console schema (migrations table included)', async () => {
    const raw = await getRawClient();
    if (raw.kind !== 'pg') throw new Error('expected pg');
    const { rows } = await raw.pool.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'console' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['__drizzle_migrations', 'audit_events', 'login_attempts', 'sessions', 'users']),
    );
  });

  it('two admins demoting or disabling each other at the same moment: exactly one succeeds, no deadlock', async () => {
    const a = await createUser({ name: 'A', email: 'a@pg.test', role: 'admin', password: 'a-long-password-1' }, db);
    const b = await createUser({ name: 'B', email: 'b@pg.test', role: 'admin', password: 'a-long-password-1' }, db);
    for (let round = 0; round < 10; round++) {
      const results = await Promise.allSettled(
        round % 2
          ? [setDisabled(a, b.id, true, db), setDisabled(b, a.id, true, db)]
          : [changeRole(a, b.id, 'viewer', db), changeRole(b, a.id, 'viewer', db)],
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ code: 'LAST_ADMIN' });
      const admins = await db.select().from(users).where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
      expect(admins).toHaveLength(1);
      // Restore both as enabled admins for the next round.
      await db.update(users).set({ role: 'admin', disabledAt: null }).where(inArray(users.id, [a.id, b.id]));
    }
  });

  it('parallel wrong passwords are all counted (atomic upsert) and lock the e-mail', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () => authenticate(db, { email: 'a@pg.test', password: 'wrong-password-x' }, now())),
    );
    const messages = attempts.map((r) => (r as PromiseRejectedResult).reason.message);
    expect(messages.filter((m) => m === 'LOCKED:15')).toHaveLength(1);
    // One row per (e-mail, client address) and one for the e-mail from anywhere. The address's fifth failure
    // locked it (its count restarts); the e-mail-wide counter saw all five and is still below its own threshold.
    const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.email, 'a@pg.test'));
    const pair = rows.find((r) => r.clientKey !== GLOBAL_KEY);
    const global = rows.find((r) => r.clientKey === GLOBAL_KEY);
    expect(pair).toMatchObject({ failedCount: 0, lockLevel: 1 });
    expect(pair?.lockedUntil).not.toBeNull();
    expect(global?.failedCount).toBe(5);
  });
});
