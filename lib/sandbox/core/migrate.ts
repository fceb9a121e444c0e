import type { Migration, Sql } from './types';

// Arbitrary constant shared by every process migrating the same database.
const LOCK_ID = 726_311_004;

/**
 * Applies every module's migrations not yet recorded in `sandbox.schema_migrations`, sorted by id, in one
 * transaction under an advisory lock, so two processes starting on one PostgreSQL don't race.
 */
export async function migrate(sql: Sql, migrations: Migration[]): Promise<string[]> {
  const sorted = [...migrations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = new Set<string>();
  for (const m of sorted) {
    if (ids.has(m.id)) throw new Error(`Duplicate sandbox migration id: ${m.id}`);
    ids.add(m.id);
  }
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.exec(`CREATE SCHEMA IF NOT EXISTS sandbox;
      CREATE TABLE IF NOT EXISTS sandbox.schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`);
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM sandbox.schema_migrations');
    const done = new Set(rows.map((r) => r.id));
    const applied: string[] = [];
    for (const m of sorted) {
      if (done.has(m.id)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO sandbox.schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}
