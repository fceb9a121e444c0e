import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Maintenance, countingSql, maintenanceTask } from './maintenance';
import { fromPglite } from './sql';
import type { SandboxServices, Sql } from './types';

const PROBE = `SELECT EXISTS (SELECT 1 FROM m.deliveries WHERE NOT done AND next_at <= now()) AS due`;

async function plan(sql: Sql, text: string): Promise<string> {
  const { rows } = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('embedded-engine maintenance', () => {
  let pg: PGlite;
  let base: Sql;
  let clock = 0;
  const lines: string[] = [];
  let maintenance: Maintenance;
  let sql: Sql;

  beforeAll(async () => {
    pg = new PGlite();
    base = fromPglite(pg);
    await base.exec(`CREATE SCHEMA m;
      CREATE TABLE m.deliveries (id serial PRIMARY KEY, done boolean NOT NULL, next_at timestamptz NOT NULL);
      CREATE INDEX deliveries_due ON m.deliveries (next_at) WHERE NOT done;
      CREATE TABLE m.other (id int PRIMARY KEY);`);
    maintenance = new Maintenance({
      schema: 'm',
      analyzeBase: 100,
      analyzeScale: 0.1,
      checkEveryMs: 1_000,
      vacuumEveryMs: 60_000,
      now: () => clock,
      log: (l) => lines.push(l),
    });
    sql = countingSql(base, maintenance);
  });
  afterAll(() => pg.close());

  it('without statistics the delivered history is scanned; the start-up ANALYZE makes the probe an index read', async () => {
    // 20,000 delivered webhooks, written before statistics existed (a fresh engine on an existing data directory).
    await base.query(`INSERT INTO m.deliveries (done, next_at) SELECT true, now() - g * interval '1 second' FROM generate_series(1, 20000) g`);
    expect(await plan(base, PROBE)).toMatch(/Seq Scan on deliveries/);
    const runs = await maintenance.analyzeAll(sql);
    expect(runs.map((r) => r.table).sort()).toEqual(['deliveries', 'other']);
    expect(await plan(base, PROBE)).toMatch(/Index Only Scan using deliveries_due/);
    expect(lines.at(-1)).toMatch(/^\[db\] maintenance: ANALYZE of 2 m tables at start-up in \d+ ms/);
  });

  it('counts changed rows per table from each write and ANALYZEs past the threshold (base + 10 % of the rows)', async () => {
    await sql.query(`UPDATE m.deliveries SET done = false WHERE id <= 50`);
    await sql.transaction(async (tx) => {
      await tx.query(`INSERT INTO m.other (id) SELECT g FROM generate_series(1, 10) g`);
    });
    // deliveries (20,000 rows): 50 of 100 + 2,000; other (empty at its ANALYZE): 10 of 100.
    expect(maintenance.due()).toEqual([]);
    clock += 1_000;
    const first = await maintenance.tick(base);
    expect(first.map((r) => `${r.action} ${r.table} ${r.changes}`)).toEqual([]);
    await sql.query(`INSERT INTO m.other (id) SELECT g FROM generate_series(11, 200) g`);
    await sql.query(`UPDATE m.deliveries SET done = true WHERE id <= 2500`);
    expect(maintenance.due().sort()).toEqual(['deliveries', 'other']);
    // Not before checkEveryMs has passed since the last look.
    expect(await maintenance.tick(base)).toEqual([]);
    clock += 1_000;
    const runs = await maintenance.tick(base);
    expect(runs.map((r) => `${r.action} ${r.table} ${r.changes}`).sort()).toEqual(['ANALYZE deliveries 2550', 'ANALYZE other 200']);
    expect(lines.some((l) => /ANALYZE "m"\."deliveries" after 2550 changed rows \(20000 rows\) in \d+ ms/.test(l))).toBe(true);
    expect(maintenance.due()).toEqual([]);
  });

  it('VACUUMs the tables changed since the last VACUUM on its schedule, and only those', async () => {
    const { rows: before } = await base.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_user_tables WHERE last_vacuum IS NOT NULL`);
    expect(before[0].n).toBe(0);
    clock += 60_000;
    const runs = await maintenance.tick(base);
    expect(runs.filter((r) => r.action === 'VACUUM ANALYZE').map((r) => r.table).sort()).toEqual(['deliveries', 'other']);
    clock += 60_000;
    expect(await maintenance.tick(base)).toEqual([]);
    expect(lines.some((l) => /VACUUM ANALYZE "m"\."deliveries"/.test(l))).toBe(true);
  });

  it('runs as a sandbox background task that never reports moved work', async () => {
    await sql.query(`INSERT INTO m.other (id) SELECT g FROM generate_series(1000, 1200) g`);
    clock += 1_000;
    const task = maintenanceTask(maintenance);
    expect(task.runOnWake).toBe(false);
    expect(await task.run({ sql } as SandboxServices)).toBe(0);
    expect(maintenance.due()).toEqual([]);
  });

  it('ignores writes to other schemas and reads', () => {
    const m = new Maintenance({ schema: 'm', analyzeBase: 1, now: () => 0, log: () => undefined });
    m.note('SELECT * FROM m.deliveries', 0);
    m.note('INSERT INTO other.t (a) VALUES (1)', 1);
    m.note('UPDATE "m"."deliveries" SET done = true', 3);
    m.note('WITH p AS (SELECT 1) INSERT INTO m.a SELECT 1 RETURNING 1; UPDATE m.b SET x = 1', 2);
    expect(m.due().sort()).toEqual(['a', 'b', 'deliveries']);
  });
});
