import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEvents } from '../audit/list-audit';
import { createLocalInvalidator } from '../auth/session-invalidation';
import { validateSession } from '../auth/sessions';
import { listEventsAfter, listEventsOfKind, latestSeq } from '../live/store';
import { countInbox, listPayouts } from '../payouts/store';
import { requestedOnDay } from '../payouts/approval-policy';
import { runPayoutSweep } from '../payouts/sweep';
import { followBatchRows } from '../payout-batches/follow';
import { registerConsoleRetention } from '../retention-rules';
import { createSandbox, type Sandbox } from '../sandbox';
import { findCustomerById } from '../sandbox/core/customers';
import { fromPglite, fromPgPool } from '../sandbox/core/sql';
import type { Sql } from '../sandbox/core/types';
import {
  SANDBOX_HOT_QUERIES,
  SANDBOX_HOT_REQUESTS,
  SANDBOX_TASKS_WITHOUT_HOT_QUERIES,
  type HotQueryContext,
} from '../sandbox/hot-queries';
import { DEMO_CLIENT_ID, seedDemo } from '../sandbox/seed/seed';
import { claimReplayJob } from '../webhooks/replay-runner';
import { consoleMaintenance, resetDatabaseForTests, useTestDatabase, type ConsoleDb, type RawClient } from './client';
import { runRetention } from './retention';

/**
 * Every statement that runs on each background tick or page view, however long the console has run, must read an
 * index: 20,000+ rows per growing table, then EXPLAIN of each hot query (sandbox: lib/sandbox/hot-queries.ts;
 * console: CONSOLE_HOT_QUERIES below) and of every statement the list endpoints and an idle tick actually send.
 * A sequential scan of a seeded table fails the test, and so does a sandbox background task with no registered
 * query. The embedded engine's statistics come from the start-up ANALYZE of lib/pglite/maintenance.ts and
 * lib/sandbox/core/maintenance.ts (without them the planner ignores the partial indexes); on PostgreSQL from an
 * explicit ANALYZE (standing in for autovacuum). PostgreSQL runs when SANDBOX_TEST_PG_URL or TEST_DATABASE_URL
 * is set: a throw-away database is created and dropped.
 */
const ROWS = 20_000;
const PG_URL = process.env.SANDBOX_TEST_PG_URL ?? process.env.TEST_DATABASE_URL;

type Statement = { text: string; params: unknown[] };
type Engine = {
  sql: Sql;
  raw: RawClient;
  explain(text: string, params: unknown[]): Promise<unknown>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

interface ConsoleCtx {
  db: ConsoleDb;
  adminId: string;
  financeId: string;
  sessionId: string;
  now: Date;
}

/** Console hot queries: each runs the real function; every statement it sends is checked. */
const CONSOLE_HOT_QUERIES: Array<{ name: string; run(c: ConsoleCtx): Promise<unknown> }> = [
  { name: 'session lookup (every request)', run: (c) => validateSession(c.db, c.sessionId, c.now, { sessions: createLocalInvalidator() }) },
  { name: 'audit page', run: () => listAuditEvents({ limit: 50 }) },
  { name: 'audit page of one actor', run: (c) => listAuditEvents({ limit: 50, actorId: c.adminId }) },
  { name: 'audit page of one action', run: () => listAuditEvents({ limit: 50, action: 'payouts.approve' }) },
  { name: 'payouts page (all)', run: (c) => listPayouts({ scope: 'all', userId: c.adminId }) },
  { name: 'payouts page (mine)', run: (c) => listPayouts({ scope: 'mine', userId: c.financeId }) },
  { name: 'payouts page (inbox) and its badge', run: async (c) => [await listPayouts({ scope: 'inbox', userId: c.adminId }), await countInbox(c.adminId)] },
  { name: 'received events: live resume', run: async (c) => listEventsAfter(c.db, (await latestSeq(c.db)) - 50, 100) },
  { name: 'received events of an operation', run: (c) => listEventsOfKind(c.db, 'operation', { since: new Date(c.now.getTime() - 3_600_000), limit: 50 }) },
  { name: 'payout sweep (expiry, lapsed leases, processing)', run: () => runPayoutSweep() },
  { name: 'payout sweep: batch rows whose withdrawal is still moving', run: () => followBatchRows() },
  { name: 'payout request: the requester’s day so far (daily cap)', run: (c) => requestedOnDay(c.financeId, 'BRL', c.now, c.db) },
  { name: 'replay executor claim', run: (c) => claimReplayJob({ db: c.db, owner: 'hot-queries-test', leaseMs: 15_000 }) },
  { name: 'retention sweeps (received events, sessions, rate-limit counters, …)', run: (c) => runRetention(c.db, c.now) },
];

function cloneSql(columns: string[], table: string, n: number, overrides: Record<string, string>, where = 'true'): string {
  const shifted = (c: string) => (c === 'created_at' || c === 'updated_at' ? `t.${c} - g * interval '1 second'` : `t.${c}`);
  const select = columns.map((c) => overrides[c] ?? shifted(c));
  return `INSERT INTO ${table} (${columns.join(', ')})
          SELECT ${select.join(', ')} FROM (SELECT * FROM ${table} WHERE ${where} LIMIT 1) t, generate_series(1, ${n}) g`;
}

async function insertableColumns(e: Engine, schema: string, table: string): Promise<string[]> {
  const rows = await e.query<{ c: string }>(
    `SELECT column_name AS c FROM information_schema.columns
     WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER' AND is_identity = 'NO'
       AND COALESCE(column_default, '') NOT LIKE 'nextval(%'
     ORDER BY ordinal_position`,
    [schema, table],
  );
  return rows.map((r) => r.c);
}

const uuidOf = (tag: string) => `md5('${tag}' || g)::uuid`;

/** Grows the demo customer's history: every table a tick or a page reads gets ROWS rows like its seeded ones. */
async function growSandbox(e: Engine): Promise<void> {
  // Payload columns shortened: the plans depend on row counts, not on bytes, and the copies cost less.
  const plan: Array<[string, number, Record<string, string>, string?]> = [
    ['quotes', ROWS, { id: uuidOf('q'), consumed_by_operation_id: uuidOf('o'), expires_at: `t.expires_at - g * interval '1 second'` }],
    ['operations', ROWS, { id: uuidOf('o'), quote_id: uuidOf('q'), next_action_at: 'NULL', status: `'COMPLETED'` }],
    ['webhook_events', ROWS, { id: uuidOf('e'), fanned_out: 'true', payload: `'{}'` }],
    [
      'webhook_deliveries',
      ROWS,
      { id: uuidOf('d'), event_id: uuidOf('e'), message_id: uuidOf('m'), done: 'true', locked_until: 'NULL', lease_token: 'NULL', payload: `'{}'`, next_attempt_at: `t.next_attempt_at - g * interval '1 second'` },
      `kind = 'EVENT'`,
    ],
    ['webhook_execution_logs', ROWS, { id: uuidOf('l'), delivery_id: uuidOf('d'), message_id: uuidOf('m'), payload: `'{}'`, status: `CASE WHEN g % 10 = 0 THEN 'FAILED' ELSE 'SUCCESS' END` }],
    ['idempotency_keys', ROWS, { key: `'seed-' || g`, response_body: `'{}'`, created_at: `t.created_at - g * interval '1 second'` }],
    // Tables that grow with onboarding, not with traffic: a quarter is enough to make a scan lose to an index.
    ['accounts', ROWS / 4, { id: uuidOf('a'), status: `'ACTIVE'`, review_due_at: 'NULL', activation_due_at: 'NULL' }],
    ['beneficiaries', ROWS / 4, { id: uuidOf('b') }],
    ['payment_instructions', ROWS / 4, { id: uuidOf('p'), beneficiary_id: uuidOf('b'), status: `'APPROVED'`, review_at: 'NULL' }],
  ];
  // Tables later rows point at: their foreign-key checks must be planned with the grown size (a plan cached while
  // the table was tiny scans it per row) — what the maintenance's ANALYZE after many changes does in production.
  const referenced = new Set(['quotes', 'webhook_events', 'beneficiaries']);
  for (const [table, n, overrides, where] of plan) {
    await e.query(cloneSql(await insertableColumns(e, 'sandbox', table), `sandbox.${table}`, n, overrides, where));
    if (referenced.has(table)) await e.query(`ANALYZE sandbox.${table}`);
  }
}

async function growConsole(e: Engine, adminId: string, financeId: string): Promise<void> {
  const q = (text: string) => e.query(text);
  await q(`INSERT INTO console.sessions (id, user_id, role_version, created_at, last_seen_at)
           SELECT 'seed-' || g, CASE WHEN g % 2 = 0 THEN '${adminId}'::uuid ELSE '${financeId}'::uuid END, 1,
                  now() - g * interval '1 minute', now() - g * interval '1 minute'
           FROM generate_series(1, ${ROWS}) g`);
  // Step-up challenges: the retention sweep deletes the expired ones by expiry.
  await q(`INSERT INTO console.step_up_challenges (user_id, purpose, subject, method, canonical, digest, created_at, expires_at)
           SELECT CASE WHEN g % 2 = 0 THEN '${adminId}'::uuid ELSE '${financeId}'::uuid END, 'payout.approve', md5('s' || g), 'totp',
                  'seed', md5('d' || g), now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '5 minutes'
           FROM generate_series(1, ${ROWS}) g`);
  await q(`INSERT INTO console.audit_events (at, actor_id, actor_email, action, target, outcome)
           SELECT now() - g * interval '1 second', CASE WHEN g % 2 = 0 THEN '${adminId}'::uuid ELSE '${financeId}'::uuid END,
                  'seed@acme.test', (ARRAY['payouts.approve', 'payouts.request', 'team.invite', 'webhooks.resend'])[1 + g % 4],
                  'target-' || g, 'success'
           FROM generate_series(1, ${ROWS}) g`);
  await q(`INSERT INTO console.received_events (message_id, event_type, resource_kind, resource_id, company_id, at_time, payload, received_at)
           SELECT 'seed-' || g, 'OPERATION_STATUS_CHANGED', (ARRAY['operation', 'account', 'beneficiary'])[1 + g % 3], md5('r' || g),
                  'acme', now() - g * interval '1 minute', '{}'::jsonb, now() - g * interval '1 minute'
           FROM generate_series(1, ${ROWS}) g`);
  await q(`INSERT INTO console.payout_requests (requester_id, requester_email, requester_name, source_account_id, source_account_name,
             source_asset, beneficiary_id, beneficiary_name, instruction_id, target_asset, dict_key_type, dict_key, fixed_side, amount,
             indicative_quote, required_approvals, status, states, created_at, updated_at, expires_at)
           SELECT CASE WHEN g % 2 = 0 THEN '${adminId}'::uuid ELSE '${financeId}'::uuid END, 'seed@acme.test', 'Seed', md5('a' || g)::uuid,
                  'Acme', 'BRL', md5('b' || g)::uuid, 'João', md5('p' || g)::uuid, 'BRL', 'EMAIL', 'joao@example.com', 'source', '10.00',
                  '{}'::jsonb, 1, (ARRAY['COMPLETED', 'REJECTED', 'FAILED', 'EXPIRED', 'CANCELLED'])[1 + g % 5], '[]'::jsonb,
                  now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '7 days'
           FROM generate_series(1, ${ROWS}) g`);
  // Payout batches (one a day per requester at most in real use; many here) and their rows, mostly settled.
  await q(`INSERT INTO console.payout_batches (id, status, requester_id, requester_email, requester_name, source_account_id,
             source_account_name, file_row_count, file_digest, row_count, payable_digest, totals, reference_currency,
             reference_total, reference_values, approval_plan, created_at, updated_at, finished_at)
           SELECT md5('pb' || g)::uuid, (ARRAY['COMPLETED', 'REJECTED', 'CANCELLED'])[1 + g % 3],
                  CASE WHEN g % 2 = 0 THEN '${adminId}'::uuid ELSE '${financeId}'::uuid END, 'seed@acme.test', 'Seed',
                  md5('a' || g)::uuid, 'Acme', 1, md5('f' || g), 1, md5('p' || g), '{"BRL":"10.00"}'::jsonb, 'BRL', '10.00',
                  '{"BRL":"10.00"}'::jsonb, '{"steps":[]}'::jsonb, now() - g * interval '1 minute', now() - g * interval '1 minute',
                  now() - g * interval '1 minute'
           FROM generate_series(1, ${ROWS}) g`);
  await q(`INSERT INTO console.payout_batch_rows (batch_id, line, beneficiary_id, beneficiary_name, instruction_id, tax_id, dict_key,
             amount, asset, status, updated_at)
           SELECT md5('pb' || g)::uuid, 2, md5('b' || g)::uuid, 'João', md5('i' || g)::uuid, '12345678909', 'joao@example.com',
                  '10.00', 'BRL', CASE WHEN g % 500 = 0 THEN 'CREATED' ELSE 'COMPLETED' END, now() - g * interval '1 minute'
           FROM generate_series(1, ${ROWS}) g`);
  await q(`INSERT INTO console.webhook_replay_jobs (id, subscription_id, status, event_types, total, created_at, updated_at, finished_at)
           SELECT md5('j' || g)::uuid, 'sub-' || (g % 20), (ARRAY['COMPLETED', 'CANCELLED'])[1 + g % 2], '[]'::jsonb, 1,
                  now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute'
           FROM generate_series(1, ${ROWS}) g`);
  await q(`INSERT INTO console.webhook_replay_items (job_id, log_id, message_id, event_type, log_created_at, status, idempotency_key)
           SELECT md5('j' || (1 + g % 50))::uuid, 'log-' || g, 'msg-' || g, 'OPERATION_STATUS_CHANGED', now() - g * interval '1 second', 'SENT',
                  md5('k' || g)::uuid
           FROM generate_series(1, ${ROWS}) g`);
  // Step-up challenges: one per approval attempt, swept a day after they expire.
  await q(`INSERT INTO console.step_up_challenges (user_id, purpose, subject, method, canonical, digest, created_at, expires_at, used_at)
           SELECT CASE WHEN g % 2 = 0 THEN '${adminId}'::uuid ELSE '${financeId}'::uuid END, 'payout.approve', 'payout-' || g, 'totp',
                  'v1', md5('d' || g), now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '5 minutes',
                  CASE WHEN g % 2 = 0 THEN now() - g * interval '1 minute' ELSE NULL END
           FROM generate_series(1, ${ROWS}) g`);
  // Request-limit counters (PostgreSQL's store; rate-limiter-flexible's layout, expiry in epoch ms): swept by expiry.
  await q(`INSERT INTO console.rate_limits (key, points, expire)
           SELECT 'signInAddress:' || g, 1, (extract(epoch from now()) * 1000)::bigint - g * 60000
           FROM generate_series(1, ${ROWS}) g`);
  await q(`INSERT INTO console.notifications (user_id, kind, dedupe_key, link, created_at, read_at)
           SELECT CASE WHEN g % 2 = 0 THEN '${adminId}'::uuid ELSE '${financeId}'::uuid END, 'operation.stuck', 'seed-' || g,
                  '/operations/x', now() - g * interval '10 minutes', CASE WHEN g % 3 = 0 THEN NULL ELSE now() END
           FROM generate_series(1, ${ROWS}) g`);
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

function rootPlan(explained: unknown): PlanNode {
  const json = explained as Array<{ Plan: PlanNode }> | string;
  const parsed = typeof json === 'string' ? (JSON.parse(json) as Array<{ Plan: PlanNode }>) : json;
  return parsed[0].Plan;
}

const CHECKED = /^\s*(SELECT|WITH|UPDATE|DELETE|INSERT)\b/i;
const SKIPPED = /pg_advisory|pg_notify|pg_class|information_schema/i;

function recordingSql(inner: Sql, sink: () => Statement[] | null): Sql {
  const wrap = (s: Sql): Sql => ({
    async query<T>(text: string, params?: readonly unknown[]) {
      sink()?.push({ text, params: [...(params ?? [])] });
      return s.query<T>(text, params);
    },
    exec: (text) => s.exec(text),
    transaction: (fn) => s.transaction((tx) => fn(wrap(tx))),
  });
  return wrap(inner);
}

async function openPglite(): Promise<Engine> {
  const client = new PGlite();
  return {
    sql: fromPglite(client),
    raw: { kind: 'pglite', client },
    async explain(text, params) {
      const r = await client.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
      return r.rows[0]['QUERY PLAN'];
    },
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query<T>(text, params)).rows;
    },
    close: () => client.close(),
  };
}

async function openPostgres(adminUrl: string): Promise<Engine> {
  const name = `fx_hot_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    sql: fromPgPool(pool),
    raw: { kind: 'pg', pool },
    async explain(text, params) {
      const r = await pool.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
      return (r.rows[0] as { 'QUERY PLAN': unknown })['QUERY PLAN'];
    },
    async query<T>(text: string, params?: unknown[]) {
      return (await pool.query(text, params)).rows as T[];
    },
    async close() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

const engines: Array<[string, () => Promise<Engine>]> = [['PGlite', openPglite]];
if (PG_URL) engines.push(['PostgreSQL', () => openPostgres(PG_URL)]);

describe.each(engines)('hot queries at %s scale', (engineName, open) => {
  let e: Engine;
  let sandbox: Sandbox;
  let recording: Statement[] | null = null;
  let ctx: HotQueryContext;
  let consoleCtx: ConsoleCtx;
  let big: Set<string>;
  let token: string;

  beforeAll(async () => {
    e = await open();
    sandbox = createSandbox({
      sql: recordingSql(e.sql, () => recording),
      basePath: '',
      rates: 'pinned',
      maintenance: e.raw.kind === 'pglite',
      // Deliveries answered in-process: the seed's webhooks become events, deliveries and execution logs.
      fetch: async () => new Response(null, { status: 204 }),
      policy: { webhookAllow: null },
    });
    await sandbox.ready;
    await seedDemo(sandbox, { webhookUrl: 'http://127.0.0.1:9/api/webhooks' });
    for (let i = 0; i < 4; i++) {
      await sandbox.services.clock.advance(60);
      await sandbox.worker.drain();
    }
    await growSandbox(e);

    const db = await useTestDatabase(e.raw, { observe: (text, params) => recording?.push({ text, params }) });
    // Two users (no password hashing: nobody signs in here).
    const users = await e.query<{ id: string; role: string }>(
      `INSERT INTO console.users (email, name, role, password_hash) VALUES
         ('admin@hot.test', 'Admin', 'admin', 'x'), ('finance@hot.test', 'Finance', 'finance', 'x')
       RETURNING id, role`,
    );
    const adminId = users.find((u) => u.role === 'admin')!.id;
    const financeId = users.find((u) => u.role === 'finance')!.id;
    await growConsole(e, adminId, financeId);
    const sessionId = 'live-session';
    await e.query(`INSERT INTO console.sessions (id, user_id, role_version) VALUES ($1, $2, 1)`, [sessionId, adminId]);
    registerConsoleRetention({ RETENTION_RECEIVED_EVENTS_DAYS: 30, RETENTION_SESSIONS_DAYS: 1 });

    if (e.raw.kind === 'pglite') {
      // What start-up does on the embedded engine (and all it needs to do for these plans).
      await sandbox.maintenance!.analyzeAll(sandbox.services.sql);
      await consoleMaintenance()!.analyzeAll(e.raw.client);
    } else {
      await e.query('ANALYZE');
    }
    big = new Set(
      (
        await e.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname IN ('sandbox', 'console') AND c.relkind = 'r' AND c.reltuples >= 4000`,
        )
      ).map((r) => r.name),
    );

    const [customer] = await e.query<{ id: string }>(`SELECT id::text AS id FROM sandbox.customers WHERE client_id = $1`, [DEMO_CLIENT_ID]);
    const [subscription] = await e.query<{ id: string }>(`SELECT id::text AS id FROM sandbox.webhook_subscriptions WHERE customer_id = $1 LIMIT 1`, [customer.id]);
    const [account] = await e.query<{ id: string }>(
      `SELECT account_id::text AS id FROM sandbox.operations WHERE customer_id = $1 GROUP BY account_id ORDER BY count(*) DESC LIMIT 1`,
      [customer.id],
    );
    ctx = { now: sandbox.services.clock.now(), customerId: customer.id, subscriptionId: subscription.id, accountId: account.id };
    consoleCtx = { db, adminId, financeId, sessionId, now: new Date() };
    const demo = await findCustomerById(sandbox.services.sql, customer.id);
    token = await sandbox.tokens.issue(demo!);
  }, 180_000);

  afterAll(async () => {
    await sandbox?.stop();
    resetDatabaseForTests();
    await e?.close();
  });

  /** Fails on a sequential scan of a seeded table; `needIndex`: the statement must read some index too. */
  async function expectIndexed(label: string, stmt: Statement, needIndex: boolean): Promise<void> {
    const plan = rootPlan(await e.explain(stmt.text, stmt.params));
    const nodes = planNodes(plan);
    const scans = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] && big.has(n['Relation Name']));
    const summary = nodes.map((n) => `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`);
    expect(scans, `${label}: sequential scan of a large table\n${stmt.text}\nplan: ${summary.join(' / ')}`).toEqual([]);
    if (needIndex) {
      expect(
        nodes.some((n) => /Index|Tid/.test(n['Node Type'])),
        `${label}: no index read\n${stmt.text}\nplan: ${summary.join(' / ')}`,
      ).toBe(true);
    }
  }

  async function recorded(run: () => Promise<unknown>): Promise<Statement[]> {
    recording = [];
    try {
      await run();
      return recording.filter((s) => CHECKED.test(s.text) && !SKIPPED.test(s.text));
    } finally {
      recording = null;
    }
  }

  it(`seeded ${ROWS}+ rows in every growing table`, () => {
    for (const table of ['operations', 'webhook_events', 'webhook_deliveries', 'webhook_execution_logs', 'idempotency_keys', 'sessions', 'audit_events', 'received_events', 'payout_requests', 'rate_limits']) {
      expect(big.has(table), table).toBe(true);
    }
  });

  it('every sandbox background task has its hot queries registered', () => {
    const covered = new Set([...SANDBOX_HOT_QUERIES.map((q) => q.serves), ...Object.keys(SANDBOX_TASKS_WITHOUT_HOT_QUERIES)]);
    expect(sandbox.worker.taskNames.filter((t) => !covered.has(t))).toEqual([]);
  });

  it.each(SANDBOX_HOT_QUERIES.map((q) => [q.name, q] as const))('sandbox: %s reads an index', async (name, q) => {
    await expectIndexed(name, { text: q.sql, params: q.params(ctx) }, true);
  });

  it('sandbox: an idle tick of every task and the idle-sleep probes read only indexes', async () => {
    const statements = await recorded(async () => {
      await sandbox.worker.tick();
      for (const task of sandbox.worker.taskList) await task.nextDueAt?.(sandbox.services);
    });
    expect(statements.length).toBeGreaterThan(3);
    for (const s of statements) await expectIndexed('idle tick', s, false);
  });

  it.each(SANDBOX_HOT_REQUESTS.map((r) => [r.name, r] as const))('sandbox: %s reads only indexes', async (name, r) => {
    const statements = await recorded(async () => {
      const res = await sandbox.handle(new Request(`http://sandbox.test${r.path(ctx)}`, { headers: { Authorization: `Bearer ${token}` } }));
      expect(res.status, await res.clone().text()).toBe(200);
    });
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) await expectIndexed(name, s, false);
  });

  it.each(CONSOLE_HOT_QUERIES.map((q) => [q.name, q] as const))('console: %s reads only indexes', async (name, q) => {
    const statements = await recorded(() => q.run(consoleCtx));
    expect(statements.length, `${name}: no statement seen`).toBeGreaterThan(0);
    for (const s of statements) await expectIndexed(name, s, true);
  });

  it('a query added later without an index fails the check (console and sandbox tables)', async () => {
    // What a careless new list filter or probe would send: a column no index covers.
    await expect(
      expectIndexed('unindexed received-events filter', { text: `SELECT count(*) FROM console.received_events WHERE event_type = $1`, params: ['X'] }, true),
    ).rejects.toThrow(/sequential scan of a large table/);
    await expect(
      expectIndexed('unindexed delivery probe', { text: `SELECT EXISTS (SELECT 1 FROM sandbox.webhook_deliveries WHERE attempts_made > $1) AS due`, params: [5] }, false),
    ).rejects.toThrow(/sequential scan of a large table/);
    await expect(expectIndexed('session lookup', { text: `SELECT 1 FROM console.sessions WHERE id = $1`, params: ['x'] }, true)).resolves.toBeUndefined();
  });

  it(`runs on ${engineName}`, () => {
    expect(e.raw.kind).toBe(engineName === 'PGlite' ? 'pglite' : 'pg');
  });
});
