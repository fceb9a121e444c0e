#!/usr/bin/env node
/**
 * CSV export of many operations against a RUNNING console (`npm run bench:export`): time to the last byte of
 * `GET /api/operations/export` and the peak RSS growth of the server process while it streams.
 *
 *   SANDBOX_ADMIN_KEY=bench-admin-key-0123456789 PORT=3241 npx next start -p 3241   # fresh DATA_DIR, SANDBOX=on
 *   BENCH_URL=http://localhost:3241 SANDBOX_ADMIN_KEY=bench-admin-key-0123456789 npm run bench:export
 *
 * Set-up through the embedded service as the console's demo customer (token from the admin-key helper): the
 * main account is funded and BENCH_EXPORT_OPS transfers (10,000) are created, BENCH_CONCURRENCY (16) at a time —
 * skipped for the ones already there on a second run. Then a finance user signs in and downloads the export of
 * every TRANSFER while /proc/<server pid>/status is sampled every 20 ms. The server's pid is the process
 * listening on the port (`ss -ltnp`), or BENCH_SERVER_PID.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';

const BASE = (process.env.BENCH_URL ?? 'http://localhost:3241').replace(/\/+$/, '');
const ADMIN_KEY = process.env.SANDBOX_ADMIN_KEY;
const OPS = Number(process.env.BENCH_EXPORT_OPS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const EMAIL = process.env.BENCH_EMAIL ?? 'finance@acme.test';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'demo-finance-2026';

if (!ADMIN_KEY) throw new Error('SANDBOX_ADMIN_KEY: the key the console under test was started with');

function serverPid() {
  if (process.env.BENCH_SERVER_PID) return Number(process.env.BENCH_SERVER_PID);
  const port = new URL(BASE).port || '80';
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const m = /pid=(\d+)/.exec(out);
  if (!m) throw new Error(`no process listens on ${port}; set BENCH_SERVER_PID`);
  return Number(m[1]);
}

function rssKb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

async function sandbox(token, method, path, body) {
  const res = await fetch(`${BASE}/sandbox/${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'X-Idempotency-Key': randomUUID() } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

async function demoToken() {
  const res = await fetch(`${BASE}/sandbox/_sandbox/customers/acme-demo/token`, { method: 'POST', headers: { 'X-Sandbox-Admin-Key': ADMIN_KEY } });
  if (!res.ok) throw new Error(`admin token helper: ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}

async function countTransfers(token) {
  let n = 0;
  let cursor = null;
  do {
    const page = await sandbox(token, 'GET', `api/operations?intentType=TRANSFER&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}&direction=NEXT` : ''}`);
    n += page.data.length;
    cursor = page.meta.nextCursor;
  } while (cursor);
  return n;
}

/** Signs in like the login form (next-auth credentials, the console's Origin); returns the Cookie header. */
async function signIn() {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = await csrf.json();
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(BASE).origin, Cookie: cookie() },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD, csrfToken, callbackUrl: '/', json: 'true' }),
  });
  keep(res);
  if (![...jar.keys()].some((k) => k.includes('session-token'))) throw new Error(`sign-in failed: ${res.status}`);
  return cookie();
}

const token = await demoToken();
const accounts = (await sandbox(token, 'GET', 'api/accounts?limit=100')).data;
const main = accounts.find((a) => a.owner.legalName === 'Acme Importação Ltda');
const treasury = accounts.find((a) => a.owner.legalName === 'Acme Importação Ltda — Tesouraria');
let have = await countTransfers(token);
if (have < OPS) {
  await sandbox(token, 'POST', `_sandbox/accounts/${main.id}/balances`, { asset: 'BRL', value: '100000000.00' });
  const todo = OPS - have;
  const started = performance.now();
  let next = 0;
  let made = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < todo) {
        next++;
        await sandbox(token, 'POST', 'api/operations/transfer', { sourceAccountId: main.id, targetAccountId: treasury.id, amount: { value: '1.00', asset: 'BRL' } });
        if (++made % 1000 === 0) console.log(`  created ${made}/${todo} transfers (${Math.round(made / ((performance.now() - started) / 1000))}/s)`);
      }
    }),
  );
  have = await countTransfers(token);
}
console.log(`transfers in the service: ${have}`);

const cookie = await signIn();
const pid = serverPid();
// Let the settlement loop and webhook deliveries of the set-up calm down before the baseline.
await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 15_000)));
const baseline = rssKb(pid);
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssKb(pid));
}, 20);
const t0 = performance.now();
const res = await fetch(`${BASE}/api/operations/export?type=TRANSFER&tz=America%2FSao_Paulo`, { headers: { Cookie: cookie } });
if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
let firstByte = null;
let bytes = 0;
let lines = 0;
const reader = res.body.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  firstByte ??= performance.now() - t0;
  bytes += value.length;
  for (const b of value) if (b === 10) lines++;
}
const total = performance.now() - t0;
clearInterval(sampler);
peak = Math.max(peak, rssKb(pid));
console.log(
  JSON.stringify(
    {
      rows: lines - 1,
      bytes,
      firstByteMs: Math.round(firstByte),
      totalMs: Math.round(total),
      rowsPerSecond: Math.round((lines - 1) / (total / 1000)),
      serverRssBaselineMb: Math.round(baseline / 102.4) / 10,
      serverRssPeakMb: Math.round(peak / 102.4) / 10,
      serverRssGrowthMb: Math.round((peak - baseline) / 102.4) / 10,
    },
    null,
    2,
  ),
);
