/**
 * `npm run bench:sandbox:pg` — a benchmark, not a test. Quote + swap pairs per second through the standalone
 * sandbox (scripts/sandbox-server.ts) on three set-ups, side by side in one run on one machine:
 *   1. the embedded engine (PGlite, one process)         — what `npm run sandbox` uses by default
 *   2. PostgreSQL, one sandbox process                     — DATABASE_URL
 *   3. PostgreSQL, two sandbox processes on one database  — the scale-out set-up; the load is split between them
 * Each set-up gets a new empty database; every created swap is counted back through the API (none may be lost).
 * Needs a PostgreSQL server: `npm run pg:start` (or PG_TEST_ADMIN_URL). Env: BENCH_CONNECTIONS (20),
 * BENCH_SWAP_REQUESTS (2000 requests = 1000 pairs), BENCH_SWAP_WARMUP (400), BENCH_SETUPS (pglite,pg1,pg2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<{ requests: { total: number } }>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SWAP_REQUESTS = Number(process.env.BENCH_SWAP_REQUESTS ?? 2000);
const SWAP_WARMUP = Number(process.env.BENCH_SWAP_WARMUP ?? 400);
const SETUPS = (process.env.BENCH_SETUPS ?? 'pglite,pg1,pg2').split(',').map((s) => s.trim());
const ADMIN_URL = process.env.PG_TEST_ADMIN_URL ?? `postgres://postgres@127.0.0.1:${process.env.PG_TEST_PORT ?? 55432}/postgres`;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox-server.ts'], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_SEED: 'off', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Sandbox listening')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`sandbox on ${port} exited ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function call<T = Record<string, unknown>>(base: string, method: string, p: string, token?: string, body?: unknown): Promise<T> {
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

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Quote + swap pairs per second with the load split evenly over `bases` (one autocannon per process). */
async function measure(bases: string[]): Promise<{ pairsPerSecond: number; swaps: number; stored: number; failures: number }> {
  const base = bases[0];
  const cust = await call<{ clientId: string; clientSecret: string }>(base, 'POST', '/_sandbox/customers', undefined, { name: 'Bench', auto: false });
  const token = (await call<{ accessToken: string }>(base, 'POST', '/api/oauth/client/token', undefined, cust)).accessToken;
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const account = await call<{ id: string }>(base, 'POST', '/api/accounts', token, {
    assets: [{ code: 'BRL', isVirtual: false }, { code: 'USD', isVirtual: false }],
    owner,
  });
  await call(base, 'POST', `/_sandbox/accounts/${account.id}/activate`, token);

  let swaps = 0;
  let failures = 0;
  let lastResponseAt = 0;
  const chain: AutocannonRequest[] = [
    {
      method: 'POST',
      path: '/api/quotes',
      setupRequest: (req) => ({
        ...req,
        headers: { ...auth, 'X-Idempotency-Key': randomUUID() },
        body: JSON.stringify({ accountId: account.id, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '10.00' }),
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
        body: JSON.stringify({ accountId: account.id, quoteId: ctx.quoteId }),
      }),
      onResponse: (status) => {
        lastResponseAt = performance.now();
        if (status === 201) swaps++;
        else failures++;
      },
    },
  ];
  const run = (amount: number) =>
    Promise.all(
      bases.map((url) =>
        autocannon({ url, connections: Math.max(1, Math.round(CONNECTIONS / bases.length)), amount: Math.round(amount / bases.length), requests: chain }),
      ),
    );
  await run(SWAP_WARMUP);
  const warm = swaps;
  swaps = 0;
  failures = 0;
  const t0 = performance.now();
  await run(SWAP_REQUESTS);
  const seconds = (lastResponseAt - t0) / 1000;
  let stored = 0;
  let cursor: string | null = null;
  do {
    const page: { data: unknown[]; meta: { nextCursor: string | null } } = await call(
      base,
      'GET',
      `/api/operations?intentType=SWAP&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      token,
    );
    stored += page.data.length;
    cursor = page.meta.nextCursor;
  } while (cursor);
  return { pairsPerSecond: swaps / seconds, swaps: swaps + warm, stored, failures };
}

async function main() {
  const rows: string[] = [];
  const basePort = 20_000 + Math.floor(Math.random() * 20_000);
  for (const setup of SETUPS) {
    const processes = setup === 'pg2' ? 2 : 1;
    const ports = Array.from({ length: processes }, (_, i) => basePort + i);
    const dataDirs = ports.map(() => mkdtempSync(path.join(os.tmpdir(), 'sbx-bench-pg-')));
    const env: Record<string, string> = {};
    if (setup !== 'pglite') env.DATABASE_URL = await freshDatabase(`sbx_bench_${setup}`);
    const servers: ChildProcess[] = [];
    try {
      // One after another: the first one migrates, the second finds the schema ready.
      for (const [i, port] of ports.entries()) servers.push(await startServer(port, { ...env, SANDBOX_DATA_DIR: dataDirs[i] }));
      const r = await measure(ports.map((p) => `http://127.0.0.1:${p}`));
      const engine = setup === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15';
      rows.push(
        `| ${engine} | ${processes} | **${r.pairsPerSecond.toFixed(0)}** | ${r.swaps} created, ${r.stored} stored (${r.stored === r.swaps ? 'none lost' : 'MISMATCH'}), ${r.failures} failures |`,
      );
      console.error(`[bench] ${setup}: ${r.pairsPerSecond.toFixed(0)} pairs/s`);
    } finally {
      await Promise.all(servers.map(stop));
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    }
  }
  console.log(`\nQuote + swap pairs per second (${CONNECTIONS} connections in all, ${SWAP_REQUESTS / 2} pairs after ${SWAP_WARMUP / 2} warm-up pairs, ${os.cpus().length} cores)\n`);
  console.log('| engine | sandbox processes | pairs/s | check |');
  console.log('|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
