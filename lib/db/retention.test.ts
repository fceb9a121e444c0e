import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerConsoleRetention } from '../retention-rules';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb, type RawClient } from './client';
import { retentionRules, runRetention, sweepRetention } from './retention';

/**
 * Retention is said (README, env), configurable, and swept in small batches: each batch one DELETE of at most
 * `batch` rows, oldest first, never a row inside the window. Received events, sessions and request-limit
 * counters (the table rate-limiter-flexible writes on PostgreSQL, epoch-ms expiry) on PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set (a throw-away database).
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-06-01T12:00:00Z');

type Opened = { raw: RawClient; query<T>(text: string, params?: unknown[]): Promise<T[]>; close(): Promise<void> };

async function openPglite(): Promise<Opened> {
  const client = new PGlite();
  return { raw: { kind: 'pglite', client }, query: async (t, p) => (await client.query(t, p)).rows as never, close: () => client.close() };
}

async function openPostgres(adminUrl: string): Promise<Opened> {
  const name = `fx_ret_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    raw: { kind: 'pg', pool },
    query: async (t, p) => (await pool.query(t, p)).rows,
    async close() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

const engines: Array<[string, () => Promise<Opened>]> = [['PGlite', openPglite]];
if (PG_URL) engines.push(['PostgreSQL', () => openPostgres(PG_URL)]);

describe.each(engines)('retention on %s', (_name, open) => {
  let e: Opened;
  let db: ConsoleDb;
  let deletes: string[] = [];

  beforeAll(async () => {
    e = await open();
    db = await useTestDatabase(e.raw, { observe: (text) => void (/^\s*DELETE/i.test(text) && deletes.push(text)) });
  }, 60_000);
  afterAll(async () => {
    resetDatabaseForTests();
    await e?.close();
  });
  beforeEach(async () => {
    deletes = [];
    await e.query('DELETE FROM console.received_events');
    await e.query('DELETE FROM console.rate_limits');
  });

  async function receivedAt(n: number, at: Date, tag: string): Promise<void> {
    await e.query(
      `INSERT INTO console.received_events (message_id, event_type, resource_kind, resource_id, company_id, at_time, payload, received_at)
       SELECT $1 || g, 'OPERATION_STATUS_CHANGED', 'operation', 'r' || g, 'acme', $2::timestamptz, '{}'::jsonb, $2::timestamptz - g * interval '1 second'
       FROM generate_series(1, $3::int) g`,
      [tag, at.toISOString(), n],
    );
  }

  it('received events older than RETENTION_RECEIVED_EVENTS_DAYS go in batches of at most 500, the newer stay', async () => {
    registerConsoleRetention({ RETENTION_RECEIVED_EVENTS_DAYS: 7, RETENTION_SESSIONS_DAYS: 1 });
    await receivedAt(1_234, new Date(NOW.getTime() - 8 * DAY), 'old-');
    await receivedAt(40, new Date(NOW.getTime() - 6 * DAY), 'new-');
    const rule = retentionRules().find((r) => r.name === 'received events')!;
    expect(await sweepRetention(db, rule, NOW)).toBe(1_234);
    // 500 + 500 + 234: three short statements, each a bounded batch.
    expect(deletes).toHaveLength(3);
    expect(deletes.every((d) => /LIMIT \$\d+/.test(d) && /ctid = ANY/.test(d))).toBe(true);
    const left = await e.query<{ n: number }>(`SELECT count(*)::int AS n FROM console.received_events`);
    expect(left[0].n).toBe(40);
  });

  it('a pass stops after its batch budget and the next pass goes on from the oldest', async () => {
    registerConsoleRetention({ RETENTION_RECEIVED_EVENTS_DAYS: 7, RETENTION_SESSIONS_DAYS: 1 });
    await receivedAt(250, new Date(NOW.getTime() - 9 * DAY), 'old-');
    const rule = retentionRules().find((r) => r.name === 'received events')!;
    expect(await sweepRetention(db, rule, NOW, 100, 2)).toBe(200);
    expect(await sweepRetention(db, rule, NOW, 100, 2)).toBe(50);
  });

  it('RETENTION_RECEIVED_EVENTS_DAYS=0 keeps every received event', async () => {
    registerConsoleRetention({ RETENTION_RECEIVED_EVENTS_DAYS: 0, RETENTION_SESSIONS_DAYS: 1 });
    await receivedAt(30, new Date(NOW.getTime() - 400 * DAY), 'ancient-');
    const out = await runRetention(db, NOW);
    expect(out['received events']).toBe(0);
    expect((await e.query<{ n: number }>(`SELECT count(*)::int AS n FROM console.received_events`))[0].n).toBe(30);
  });

  it('request-limit counters (epoch-ms expiry) go RETENTION_RATE_LIMITS_HOURS after their window ended', async () => {
    registerConsoleRetention({ RETENTION_RECEIVED_EVENTS_DAYS: 30, RETENTION_SESSIONS_DAYS: 1, RETENTION_RATE_LIMITS_HOURS: 2 });
    await e.query(
      `INSERT INTO console.rate_limits (key, points, expire)
       SELECT 'signInAddress:' || g, 1, $1::bigint - g * 60000 FROM generate_series(1, 600) g`,
      [NOW.getTime() - HOUR],
    );
    // 600 windows ended 1 h 1 min … 11 h ago: with 2 h of grace, the ones past 2 h go (540), in two batches.
    const out = await runRetention(db, NOW);
    expect(out['rate-limit counters']).toBe(540);
    const left = await e.query<{ n: number; newest: string }>(`SELECT count(*)::int AS n, max(expire)::text AS newest FROM console.rate_limits`);
    expect(left[0].n).toBe(60);
    expect(Number(left[0].newest)).toBe(NOW.getTime() - HOUR - 60_000);
    expect(deletes.filter((d) => d.includes('rate_limits'))).toHaveLength(2);
  });

  it('sessions are kept RETENTION_SESSIONS_DAYS after they ended', () => {
    registerConsoleRetention({ RETENTION_RECEIVED_EVENTS_DAYS: 30, RETENTION_SESSIONS_DAYS: 3 });
    const idle = retentionRules().find((r) => r.name === 'idle sessions')!;
    const absolute = retentionRules().find((r) => r.name === 'expired sessions')!;
    // Ended by the idle limit (30 min) or the absolute one (8 h), then three days of grace.
    expect(NOW.getTime() - idle.cutoff(NOW)!.getTime()).toBe(30 * 60_000 + 3 * DAY);
    expect(NOW.getTime() - absolute.cutoff(NOW)!.getTime()).toBe(8 * HOUR + 3 * DAY);
  });
});
