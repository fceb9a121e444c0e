/**
 * `npm run bench:sandbox` — a benchmark, not a test. Starts the standalone sandbox (scripts/sandbox-server.ts) in a
 * separate process on a fresh data directory, then measures with autocannon:
 *   1. GET /api/operations/{id} requests/s                       (target ≥ 2,000)
 *   2. quote + swap creations/s, then verifies none was lost      (target ≥ 500)
 *   3. webhook delivery latency p50/p95: POST transfer → OPERATION_REQUESTED received by a local receiver
 *   4. execution-log page time at 1k and 100k logs (in-process sandbox over an in-memory PGlite, SBX-HOOKS' helper)
 * Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 20), BENCH_SWAP_REQUESTS (default 1000 = 500 quote+swap pairs,
 *      after BENCH_SWAP_WARMUP = 400 warm-up requests),
 *      BENCH_PARTS (comma-separated subset of get,swap,webhook,logs; default all), BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createSandbox } from '../lib/sandbox';
import { fromPglite } from '../lib/sandbox/core/sql';
import { benchExecutionLogPages } from '../lib/sandbox/bench/webhooks';
import { startLocalReceiver } from '../lib/sandbox/testing/local-receiver';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
  '2xx': number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SWAP_REQUESTS = Number(process.env.BENCH_SWAP_REQUESTS ?? 1000);
const SWAP_WARMUP = Number(process.env.BENCH_SWAP_WARMUP ?? 400);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'get,swap,webhook,logs').split(',').map((p) => p.trim()));
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;

function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'scripts/sandbox-server.ts'], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DATA_DIR: dataDir, SANDBOX_SEED: 'off', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Sandbox listening')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
  });
}

async function call<T = Record<string, unknown>>(method: string, p: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['X-Idempotency-Key'] = randomUUID();
  const res = await fetch(`${base}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

const owner = {
  type: 'COMPANY',
  legalName: 'Bench Ltda',
  taxId: { value: '11222333000181', type: 'CNPJ' },
  industry: 'OTHERS',
  address: { addressLine1: 'Rua 1', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01000-000' },
};

function pct(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
}

async function main() {
  const rows: Array<[string, string, string]> = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sbx-bench-'));
  const server = await startServer(dataDir);
  try {
    const cust = await call<{ clientId: string; clientSecret: string }>('POST', '/_sandbox/customers', undefined, { name: 'Bench', auto: false });
    const token = (await call<{ accessToken: string }>('POST', '/api/oauth/client/token', undefined, cust)).accessToken;
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const accounts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const a = await call<{ id: string }>('POST', '/api/accounts', token, { assets: [{ code: 'BRL', isVirtual: false }, { code: 'USD', isVirtual: false }], owner });
      await call('POST', `/_sandbox/accounts/${a.id}/activate`, token);
      accounts.push(a.id);
    }
    await call('POST', `/_sandbox/accounts/${accounts[0]}/balances`, token, { asset: 'BRL', value: '900000000.00' });
    const op = await call<{ id: string }>('POST', '/api/operations/transfer', token, {
      sourceAccountId: accounts[0],
      targetAccountId: accounts[1],
      amount: { value: '1.00', asset: 'BRL' },
    });

    // 1. GET operation
    if (PARTS.has('get')) {
      await autocannon({ url: `${base}/api/operations/${op.id}`, connections: CONNECTIONS, duration: 2, headers: auth });
      const get = await autocannon({ url: `${base}/api/operations/${op.id}`, connections: CONNECTIONS, duration: DURATION, headers: auth });
      rows.push([
        'GET /api/operations/{id}',
        `${Math.round(get.requests.average)} req/s`,
        `p50 ${get.latency.p50} ms, p99 ${get.latency.p99} ms, non-2xx ${get.non2xx}, errors ${get.errors} (target ≥ 2000 req/s)`,
      ]);
    }

    // 2. quote + swap, chained per connection
    if (PARTS.has('swap')) {
      let swaps201 = 0;
      let failures = 0;
      let lastResponseAt = 0;
      const chain: AutocannonRequest[] = [
          {
            method: 'POST',
            path: '/api/quotes',
            setupRequest: (req) => ({
              ...req,
              headers: { ...auth, 'X-Idempotency-Key': randomUUID() },
              body: JSON.stringify({ accountId: accounts[0], sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '10.00' }),
            }),
            onResponse: (status, body, ctx) => {
              lastResponseAt = performance.now();
              if (status === 201) ctx.quoteId = (JSON.parse(body) as { id: string }).id;
              else failures++;
            },
          },
          {
            method: 'POST',
            path: '/api/operations/swap',
            setupRequest: (req, ctx) => ({
              ...req,
              headers: { ...auth, 'X-Idempotency-Key': randomUUID() },
              body: JSON.stringify({ accountId: accounts[0], quoteId: ctx.quoteId }),
            }),
            onResponse: (status) => {
              lastResponseAt = performance.now();
              if (status === 201) swaps201++;
              else failures++;
            },
          },
      ];
      // Warm-up (JIT, first-time statement preparation), like the GET run's: counted as stored, not in the rate.
      await autocannon({ url: base, connections: CONNECTIONS, amount: SWAP_WARMUP, requests: chain });
      const warm201 = swaps201;
      swaps201 = 0;
      failures = 0;
      // A fixed number of requests (not a duration), so every response is received before counting what was stored.
      const t0 = performance.now();
      const swap = await autocannon({ url: base, connections: CONNECTIONS, amount: SWAP_REQUESTS, requests: chain });
      // Up to the last response, not autocannon's return: with `amount` it only notices the end on its 1-second
      // ticker, which added up to a second to every run.
      const swapSeconds = (lastResponseAt - t0) / 1000;
      let stored = 0;
      let cursor: string | null = null;
      do {
        const page: { data: unknown[]; meta: { nextCursor: string | null } } = await call(
          'GET',
          `/api/operations?intentType=SWAP&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
          token,
        );
        stored += page.data.length;
        cursor = page.meta.nextCursor;
      } while (cursor);
      rows.push([
        'quote + swap creations',
        `${(swaps201 / swapSeconds).toFixed(0)} swaps/s`,
        `${swap.requests.total} requests in ${swapSeconds.toFixed(2)} s, 201 swaps ${swaps201} (+${warm201} warm-up), stored ${stored} (${stored === swaps201 + warm201 ? 'none lost' : 'MISMATCH'}), failures ${failures} (target ≥ 500/s)`,
      ]);
    }

    // 3. delivery latency across processes
    if (PARTS.has('webhook')) {
      const receiver = await startLocalReceiver();
      try {
        await call('POST', '/api/subscriptions', token, { url: `${receiver.origin}/hook`, resources: [{ name: 'OPERATION', events: ['OPERATION_REQUESTED'] }] });
        const lat: number[] = [];
        for (let i = 0; i < 200; i++) {
          const t0 = performance.now();
          await call('POST', '/api/operations/transfer', token, { sourceAccountId: accounts[0], targetAccountId: accounts[1], amount: { value: '1.00', asset: 'BRL' } });
          const got = (await receiver.waitFor(i + 1, 10_000))[i];
          lat.push(got.receivedAt - t0);
          await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 20)));
        }
        rows.push(['webhook delivery (POST transfer → received)', `p50 ${pct(lat, 0.5).toFixed(1)} ms`, `p95 ${pct(lat, 0.95).toFixed(1)} ms, max ${Math.max(...lat).toFixed(1)} ms, 200 samples`]);
      } finally {
        await receiver.close();
      }
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }

  // 4. execution-log pages (needs direct SQL for the bulk insert: in-process sandbox)
  if (PARTS.has('logs')) {
    const pg = new PGlite();
    const sandbox = createSandbox({ sql: fromPglite(pg) });
    await sandbox.ready;
    for (const n of [1_000, 100_000]) {
      const r = await benchExecutionLogPages(sandbox, n, 50);
      rows.push([
        `execution logs page (${n.toLocaleString('en')} logs)`,
        `p50 ${r.firstPage.p50} ms`,
        `first p95 ${r.firstPage.p95} ms · deep page p50 ${r.deepPage.p50} / p95 ${r.deepPage.p95} ms · filtered p50 ${r.filteredPage.p50} ms`,
      ]);
    }
    await sandbox.stop();
    await pg.close();
  }

  const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length))];
  console.log(`\nSandbox benchmark (${os.cpus().length} cores, ${DURATION}s runs, ${CONNECTIONS} connections)\n`);
  for (const r of rows) console.log(`${r[0].padEnd(w[0])}  ${r[1].padEnd(w[1])}  ${r[2]}`);
}

main().catch((err) => {
  console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
