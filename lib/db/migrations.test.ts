import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrizzle, getDb, getRawClient, MIGRATIONS_FOLDER, migrateConsole, resetDatabaseForTests, useTestDatabase } from './client';

let client: PGlite;

beforeAll(async () => {
  client = new PGlite();
  await useTestDatabase(client);
});
afterAll(async () => {
  resetDatabaseForTests();
  await client.close();
});

describe('console migrations on a fresh PGlite', () => {
  it('create the console tables in the console schema, with the migrations table there too', async () => {
    const { rows } = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'console' order by table_name`,
    );
    // Sections add their own tables; the ones every console has must be there.
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['__drizzle_migrations', 'audit_events', 'login_attempts', 'sessions', 'users']),
    );
    const publicTables = await client.query(`select 1 from information_schema.tables where table_schema = 'public'`);
    expect(publicTables.rows).toHaveLength(0);
  });

  it('are idempotent when applied again', async () => {
    const raw = await getRawClient();
    const db = await createDrizzle(raw);
    await migrateConsole(raw, db);
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from console.__drizzle_migrations');
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(rows[0].n).toBe(journal.entries.length);
  });

  it('enforce lower-case unique e-mails and valid roles/outcomes', async () => {
    const insert = (email: string, role = 'viewer') =>
      client.query(`insert into console.users (email, name, role, password_hash) values ($1, 'n', $2, 'h')`, [email, role]);
    await insert('a@x.test');
    await expect(insert('a@x.test')).rejects.toThrow(/unique/i);
    await expect(insert('B@x.test')).rejects.toThrow(/users_email_lower/);
    await expect(insert('c@x.test', 'root')).rejects.toThrow(/users_role_valid/);
    await expect(
      client.query(`insert into console.audit_events (action, outcome) values ('x', 'maybe')`),
    ).rejects.toThrow(/audit_events_outcome_valid/);
  });

  it('getDb() returns the injected, migrated instance and the raw client is shared', async () => {
    const db = await getDb();
    const raw = await getRawClient();
    expect(raw.kind).toBe('pglite');
    expect(raw.kind === 'pglite' && raw.client).toBe(client);
    const result = await db.query.users.findMany();
    expect(result.map((u) => u.email)).toEqual(['a@x.test']);
  });

  it('sessions cascade when their user is deleted', async () => {
    const { rows } = await client.query<{ id: string }>(`select id from console.users where email = 'a@x.test'`);
    await client.query(`insert into console.sessions (id, user_id, role_version) values ('s1', $1, 1)`, [rows[0].id]);
    await client.query(`delete from console.users where id = $1`, [rows[0].id]);
    const left = await client.query(`select 1 from console.sessions`);
    expect(left.rows).toHaveLength(0);
  });
});

describe('build-phase guard', () => {
  it('refuses to open the database during next build', async () => {
    resetDatabaseForTests();
    const previous = process.env.NEXT_PHASE;
    process.env.NEXT_PHASE = 'phase-production-build';
    try {
      await expect(getRawClient()).rejects.toThrow(/next build/);
    } finally {
      if (previous === undefined) delete process.env.NEXT_PHASE;
      else process.env.NEXT_PHASE = previous;
      await useTestDatabase(client);
    }
  });
});
