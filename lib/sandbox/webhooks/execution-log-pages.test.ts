import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../index';
import { fromPglite } from '../core/sql';
import type { Sql } from '../core/types';

/**
 * The execution-log list with its extension filters stays a keyset range scan with 100,000 logs on one
 * subscription: every filter combination, first page and a page deep in the history, reads at most limit + 1 rows
 * from an index and never sorts. Asserted on the plan PostgreSQL actually ran (EXPLAIN ANALYZE of the statement
 * the handler sent), which does not depend on how busy the machine is; the wall time is printed for the record.
 */

const LOGS = 100_000;
const EVENT_TYPES = ['OPERATION_REQUESTED', 'OPERATION_COMPLETED', 'OPERATION_FAILED', 'ASSET_ACTIVATED'];

type PlanNode = { 'Node Type': string; 'Actual Rows': number; 'Index Name'?: string; Plans?: PlanNode[] };

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

let pg: PGlite;
let sandbox: Sandbox;
let token: string;
let subscriptionId: string;
let deepPosition: { t: string; i: string };
const captured: { text: string; params: readonly unknown[] }[] = [];

/** Records every statement that reads the execution-log table, so the test can EXPLAIN exactly what ran. */
function capturing(inner: Sql): Sql {
  const wrap = (sql: Sql): Sql => ({
    query: (text, params) => {
      if (text.includes('FROM sandbox.webhook_execution_logs') && text.includes('__cursor_t')) captured.push({ text, params: params ?? [] });
      return sql.query(text, params);
    },
    exec: (text) => sql.exec(text),
    transaction: (fn) => sql.transaction((tx) => fn(wrap(tx))),
  });
  return wrap(inner);
}

async function req(method: string, path: string, body?: unknown, auth = true) {
  const headers = new Headers();
  if (auth) headers.set('Authorization', `Bearer ${token}`);
  if (method === 'POST') headers.set('X-Idempotency-Key', randomUUID());
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const res = await sandbox.handle(
    new Request(`http://sandbox.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}

beforeAll(async () => {
  pg = new PGlite();
  sandbox = createSandbox({ sql: capturing(fromPglite(pg)), basePath: '' });
  await sandbox.ready;
  const customer = await req('POST', '/_sandbox/customers', { name: 'Paging Co', auto: false }, false);
  const issued = await req('POST', '/api/oauth/client/token', { clientId: customer.body.clientId, clientSecret: customer.body.clientSecret }, false);
  token = issued.body.accessToken;
  const sub = await req('POST', '/api/subscriptions', { url: 'http://127.0.0.1:9/never-called', includeAll: true });
  subscriptionId = sub.body.id;
  // One log a second going back from 2026-03-01; every 10th failed; four event types in turn.
  await pg.query(
    `INSERT INTO sandbox.webhook_execution_logs
       (id, customer_id, subscription_id, message_id, event_type, url, payload, http_status, status, retry_attempts, error,
        created_at, updated_at)
     SELECT gen_random_uuid(), $1, $2, gen_random_uuid(), ($4::text[])[1 + g % 4], 'http://127.0.0.1:9/never-called', '{}',
            CASE WHEN g % 10 = 0 THEN 500 ELSE 200 END, CASE WHEN g % 10 = 0 THEN 'FAILED' ELSE 'SUCCESS' END, 0,
            CASE WHEN g % 10 = 0 THEN 'Endpoint responded with HTTP 500' END,
            timestamptz '2026-03-01T00:00:00Z' - g * interval '1 second', timestamptz '2026-03-01T00:00:00Z' - g * interval '1 second'
     FROM generate_series(1, $3::int) g`,
    [customer.body.customerId, subscriptionId, LOGS, EVENT_TYPES],
  );
  await pg.exec('ANALYZE sandbox.webhook_execution_logs');
  // A position in the middle of the history (what a user paging deep into old attempts holds).
  const { rows } = await pg.query<{ t: string; id: string }>(
    `SELECT created_at::text AS t, id::text AS id FROM sandbox.webhook_execution_logs
     WHERE subscription_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [subscriptionId, LOGS / 2],
  );
  deepPosition = { t: rows[0].t, i: rows[0].id };
}, 240_000);

afterAll(async () => {
  await sandbox.stop();
  await pg.close();
});

const FILTERS: Record<string, string> = {
  none: '',
  status: '&status=FAILED',
  eventType: '&eventType=OPERATION_FAILED',
  'status+eventType': '&status=FAILED&eventType=OPERATION_FAILED',
  dates: '&createdFrom=2026-02-27T00:00:00Z&createdTo=2026-02-28T18:00:00Z',
  all: '&status=FAILED&eventType=OPERATION_REQUESTED&createdFrom=2026-02-27T00:00:00Z&createdTo=2026-02-28T23:59:59Z',
};

describe(`execution-log pages with ${LOGS.toLocaleString('en')} logs on one subscription`, () => {
  for (const [name, filter] of Object.entries(FILTERS)) {
    for (const where of ['first page', 'deep page'] as const) {
      it(`${name}, ${where}: an index range scan of at most limit + 1 rows, no sort`, async () => {
        let path = `/api/subscriptions/${subscriptionId}/executionLogs?limit=10${filter}`;
        if (where === 'deep page') {
          // The deep cursor is the first page's own cursor (so it carries whatever binding to this list and these
          // filters the service puts in it) moved to the middle of the history.
          const first = await req('GET', path);
          const payload = JSON.parse(Buffer.from(first.body.meta.nextCursor, 'base64url').toString('utf8'));
          const moved = Buffer.from(JSON.stringify({ ...payload, ...deepPosition })).toString('base64url');
          path = `${path}&cursor=${moved}`;
        }
        captured.length = 0;
        const times: number[] = [];
        let page: Awaited<ReturnType<typeof req>> | undefined;
        for (let i = 0; i < 7; i++) {
          const t0 = performance.now();
          page = await req('GET', path);
          times.push(performance.now() - t0);
        }
        expect(page!.status).toBe(200);
        expect(page!.body.data).toHaveLength(10);
        const params = new URLSearchParams(filter);
        for (const log of page!.body.data as { status: string; eventType: string; createdAt: string }[]) {
          if (params.get('status')) expect(log.status).toBe(params.get('status'));
          if (params.get('eventType')) expect(log.eventType).toBe(params.get('eventType'));
          if (params.get('createdFrom')) expect(log.createdAt >= params.get('createdFrom')!.replace('Z', '.000Z')).toBe(true);
        }
        const statement = captured.at(-1)!;
        const explained = await pg.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
          statement.params as unknown[],
        );
        const all = nodes(explained.rows[0]['QUERY PLAN'][0].Plan);
        expect(all.map((n) => n['Node Type'])).not.toContain('Sort');
        expect(all.map((n) => n['Node Type'])).not.toContain('Seq Scan');
        const scans = all.filter((n) => n['Node Type'].startsWith('Index'));
        expect(scans.length).toBeGreaterThan(0);
        // limit + 1 rows; one more when, with statistics saying every log is this subscription's, the planner walks
        // the retention index on created_at and orders each equal-time group by id (an Incremental Sort reads one row
        // past the page to close its group). Still a bounded walk, never the history.
        for (const scan of scans) expect(scan['Actual Rows']).toBeLessThanOrEqual(12);
        const sorted = [...times.slice(2)].sort((a, b) => a - b);
        console.info(`[bench] execution-log page, ${LOGS} logs, ${name}, ${where}: p50 ${sorted[2].toFixed(2)} ms (handler end to end, in-memory PGlite)`);
      });
    }
  }
});
