/**
 * `npm run bench:webhooks` — server time of the webhooks execution-log page (`/webhooks/[subscriptionId]`) with
 * 100,000 attempts in the subscription. A benchmark, not a test.
 *
 * What the page's server component awaits, step by step, through the console's own lib/api client over real HTTP
 * (127.0.0.1) to the sandbox on in-memory PGlite — the same calls, in the same order and parallelism, as the page:
 *   page        = Promise.all(log page of 25 [+ filters], watcher head of 10)        (before the first byte)
 *   + attempt   = the opened attempt's history (`?log=`), when one is open
 *   health      = delivery health (streams in after the list: up to 2,000 attempts, 20 pages of 100)
 * for: the first page, a page deep in the history (cursor in the middle, both directions), status=FAILED, a
 * one-day date range, and an event-type filter. The console database parts (the replay job lookup) and React
 * rendering are not included; the figure is the service-bound time that dominates the page.
 *
 * Env: BENCH_LOGS (100000), BENCH_REPEATS (30).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { createApiClient } from '../lib/api/client';
import { listExecutionLogs } from '../lib/api/subscriptions';
import { listExecutionLogsFiltered } from '../lib/api/webhooks';
import { toServiceQuery, type LogFilters } from '../lib/domain/webhooks/filters';
import { WATCHED_ATTEMPTS } from '../lib/domain/webhooks/logs-watch';
import { loadDeliveryHealth } from '../lib/webhooks/execution-log-reads';
import { createCustomer } from '../lib/sandbox/core/customers';
import { fromPglite } from '../lib/sandbox/core/sql';
import { createSandbox } from '../lib/sandbox/index';
import { ListQuery, cursorBinding, encodeCursor } from '../lib/sandbox/core/pagination';

const LOGS = Number(process.env.BENCH_LOGS ?? 100_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 30);
const PAGE = 25;

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const r = (n: number) => Math.round(n * 10) / 10;
  return { n: sorted.length, p50: r(at(0.5)), p95: r(at(0.95)), max: r(sorted[sorted.length - 1]) };
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function main() {
  const pg = new PGlite();
  const sandbox = createSandbox({ sql: fromPglite(pg) });
  await sandbox.ready;
  const customer = await createCustomer(sandbox.services.sql, { name: 'Bench Co', auto: false, now: sandbox.services.clock.now() });
  const token = await sandbox.tokens.issue(customer);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const url = req.url ?? '/';
    if (!url.startsWith('/sandbox/')) return void res.writeHead(404).end();
    void sandbox
      .handle(
        new Request(`http://sandbox.bench${url.slice('/sandbox'.length)}`, {
          method: req.method,
          headers,
          body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
          duplex: 'half',
        } as RequestInit),
      )
      .then((r) => send(res, r));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createApiClient({ baseUrl: `${origin}/sandbox`, credentials: { clientId: customer.clientId, clientSecret: customer.clientSecret } });
  const options = { client };

  const created = await sandbox.handle(
    new Request('http://sandbox.bench/api/subscriptions', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Idempotency-Key': randomUUID() },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/never-called', includeAll: true }),
    }),
  );
  const sub = (await created.json()) as { id: string };

  // 100,000 attempts one second apart (≈ 28 hours, all inside the 7-day health window), every tenth FAILED.
  const t0 = performance.now();
  await sandbox.services.sql.query(
    `INSERT INTO sandbox.webhook_execution_logs
       (id, customer_id, subscription_id, message_id, event_type, url, payload, http_status, status, retry_attempts, error,
        created_at, updated_at)
     SELECT gen_random_uuid(), $1, $2, gen_random_uuid(),
            (ARRAY['OPERATION_REQUESTED','OPERATION_COMPLETED','OPERATION_FAILED','ASSET_ACTIVATED'])[1 + g % 4],
            'http://127.0.0.1:9/never-called', '{"customerId":"' || $1 || '","n":' || g || '}',
            CASE WHEN g % 10 = 0 THEN 500 ELSE 200 END, CASE WHEN g % 10 = 0 THEN 'FAILED' ELSE 'SUCCESS' END, 0,
            CASE WHEN g % 10 = 0 THEN 'Endpoint responded with HTTP 500' END,
            now() - (g * interval '1 second'), now() - (g * interval '1 second')
     FROM generate_series(1, $3::int) g`,
    [customer.id, sub.id, LOGS],
  );
  await sandbox.services.sql.exec('ANALYZE sandbox.webhook_execution_logs');
  console.log(`seeded ${LOGS.toLocaleString('en')} attempts in ${Math.round(performance.now() - t0)} ms`);

  // A cursor in the middle of the history (what a reader paging deep into old attempts holds), made the way the
  // sandbox makes its cursors (paging there through the service would take 2,000 requests).
  const { rows } = await sandbox.services.sql.query<{ t: string; id: string }>(
    `SELECT created_at::text AS t, id::text AS id FROM sandbox.webhook_execution_logs
     WHERE subscription_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [sub.id, Math.floor(LOGS / 2)],
  );
  const listPath = `/api/subscriptions/${sub.id}/executionLogs`;
  const deepCursor = encodeCursor({ t: rows[0]!.t, i: rows[0]!.id, d: 'N', s: 'D', b: cursorBinding(new ListQuery('', listPath)) });
  const middleDay = new Date(rows[0]!.t).toISOString().slice(0, 10);

  async function pageData(filters: LogFilters, position: { cursor?: string; direction?: 'NEXT' | 'PREVIOUS' } = {}) {
    const [logs] = await Promise.all([
      listExecutionLogsFiltered(sub.id, { limit: PAGE, ...position }, toServiceQuery(filters, 'America/Sao_Paulo'), options),
      listExecutionLogs(sub.id, { limit: WATCHED_ATTEMPTS }, options),
    ]);
    return logs;
  }

  async function time(label: string, run: () => Promise<unknown>, repeats = REPEATS) {
    const times: number[] = [];
    for (let i = 0; i < repeats + 3; i++) {
      const s = performance.now();
      await run();
      if (i >= 3) times.push(performance.now() - s);
    }
    const p = percentiles(times);
    console.log(`${label.padEnd(58)} p50 ${String(p.p50).padStart(7)} ms   p95 ${String(p.p95).padStart(7)} ms   max ${String(p.max).padStart(7)} ms   (n=${p.n})`);
  }

  console.log(`\nexecution-log page, ${LOGS.toLocaleString('en')} attempts in the subscription (before the first byte):`);
  await time('first page (25, newest first)', () => pageData({}));
  await time('deep page, NEXT (cursor at the middle)', () => pageData({}, { cursor: deepCursor, direction: 'NEXT' }));
  await time('deep page, PREVIOUS (cursor at the middle)', () => pageData({}, { cursor: deepCursor, direction: 'PREVIOUS' }));
  await time('status=FAILED', () => pageData({ status: 'FAILED' }));
  await time('eventType=OPERATION_FAILED', () => pageData({ eventType: 'OPERATION_FAILED' }));
  await time(`one day (${middleDay}) + status=FAILED`, () => pageData({ from: middleDay, to: middleDay, status: 'FAILED' }));
  await time('first page + an open attempt (its message history)', async () => {
    const logs = await pageData({});
    await listExecutionLogsFiltered(sub.id, { limit: 20 }, { messageId: logs.data[0]!.messageId }, options);
  });
  await time('watcher poll (GET /api/webhook-logs/{id}: newest 10)', () => listExecutionLogs(sub.id, { limit: WATCHED_ATTEMPTS }, options));
  console.log('\nstreamed after the list:');
  await time('delivery health (2,000 newest attempts, 20 pages)', () => loadDeliveryHealth(sub.id, new Date(), options), 10);

  server.close();
  await sandbox.stop();
  await pg.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
