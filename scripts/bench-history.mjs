#!/usr/bin/env node
/**
 * Cost that grows with history (`npm run bench:history`), against a RUNNING console with the embedded sandbox:
 * the demo customer is grown through the API to each size of BENCH_SIZES (100, 10,000, 100,000 operations, each
 * a transfer that settles and sends its webhooks to the console), and at each size, once the work has settled:
 *   - the server's idle CPU over BENCH_IDLE_S (30) seconds (/proc/<pid>/stat, all threads);
 *   - p50/p95 of BENCH_REQUESTS (40) sequential requests, signed in as admin, of /operations, /webhooks/<id>
 *     (its execution logs), /audit, the Overview and /payouts, and of the service's own list call (GET
 *     /sandbox/api/operations); ratios against the first size, or against BENCH_BASELINE (a row printed earlier).
 *
 *   SANDBOX_ADMIN_KEY=bench-admin-key-0123456789 DATA_DIR=$(mktemp -d) PORT=3300 npx next start -p 3300
 *   BENCH_URL=http://localhost:3300 SANDBOX_ADMIN_KEY=bench-admin-key-0123456789 DATA_DIR=<the server's> npm run bench:history
 *
 * Growth is only through the service's public API: POST /sandbox/api/operations/transfer (the contract has no batch
 * call), BENCH_CONCURRENCY (32) at a time over kept-alive connections (fetch's pool), uncompressed answers, each
 * POST retried with its own idempotency key if the server is briefly unreachable; the embedded sandbox settles each
 * transfer and delivers its two webhooks (OPERATION_REQUESTED, OPERATION_COMPLETED) to the console's /api/webhooks.
 * No row is written behind the API's back. Sizes already reached (a second run on the same DATA_DIR) are not grown
 * again. The server's pid is the process listening on the port (`ss -ltnp`), or BENCH_SERVER_PID.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { signIn as signInLikeTheForm } from './first-load-js.mjs';

const BASE = (process.env.BENCH_URL ?? 'http://localhost:3300').replace(/\/+$/, '');
const ADMIN_KEY = process.env.SANDBOX_ADMIN_KEY;
const SIZES = (process.env.BENCH_SIZES ?? '100,10000,100000').split(',').map(Number);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 30);
const SETTLE_MIN = Number(process.env.BENCH_SETTLE_MIN ?? 10);
const EMAIL = process.env.BENCH_EMAIL ?? 'admin@acme.test';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'demo-admin-2026';
const TICKS = 100; // USER_HZ on Linux

if (!ADMIN_KEY) throw new Error('SANDBOX_ADMIN_KEY: the key the console under test was started with');

function serverPid() {
  if (process.env.BENCH_SERVER_PID) return Number(process.env.BENCH_SERVER_PID);
  const port = new URL(BASE).port || '80';
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const m = /pid=(\d+)/.exec(out);
  if (!m) throw new Error(`no process listens on ${port}; set BENCH_SERVER_PID`);
  return Number(m[1]);
}

/** utime + stime of the process (all its threads), in seconds. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

async function cpuPercentOver(pid, seconds) {
  const c0 = cpuSeconds(pid);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return ((cpuSeconds(pid) - c0) / ((performance.now() - t0) / 1000)) * 100;
}

/**
 * One call of the service's API. A POST carries one idempotency key for all its tries: a connection refused or
 * timed out while the server was busy (an ANALYZE holding the embedded engine) is tried again up to 5 times, and
 * the service answers a repeat with the first answer, so a transfer is created once.
 */
async function sandbox(token, method, path, body) {
  const key = randomUUID();
  for (let attempt = 1; ; attempt++) {
    let res;
    try {
      res = await fetch(`${BASE}/sandbox/${path}`, {
        method,
        headers: {
          // The growth's answers are read once and dropped: not compressed (zlib was a few % of the server's CPU).
          'Accept-Encoding': 'identity',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(method === 'POST' ? { 'X-Idempotency-Key': key } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
      continue;
    }
    const text = await res.text();
    if ((res.status === 503 || res.status === 429) && attempt < 5) {
      await new Promise((r) => setTimeout(r, 1000 * attempt));
      continue;
    }
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : {};
  }
}

async function demoToken() {
  const res = await fetch(`${BASE}/sandbox/_sandbox/customers/acme-demo/token`, { method: 'POST', headers: { 'X-Sandbox-Admin-Key': ADMIN_KEY } });
  if (!res.ok) throw new Error(`admin token helper: ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}

async function countOperations(token) {
  let n = 0;
  let cursor = null;
  do {
    const page = await sandbox(token, 'GET', `api/operations?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}&direction=NEXT` : ''}`);
    n += page.data.length;
    cursor = page.meta.nextCursor;
  } while (cursor);
  return n;
}

/**
 * Signs in as the login form does (scripts/first-load-js.mjs), answering the demo user's authenticator app with the
 * code `npm run demo:totp` prints for the server's DATA_DIR (pass the server's DATA_DIR); returns the Cookie header.
 */
async function signIn() {
  const totp = async (attempt) => {
    if (attempt >= 1) await new Promise((r) => setTimeout(r, (31 - (Math.floor(Date.now() / 1000) % 30)) * 1000));
    return execFileSync('npm', ['run', '--silent', 'demo:totp', '--', EMAIL], { encoding: 'utf8' }).trim();
  };
  const jar = await signInLikeTheForm({ base: BASE, email: EMAIL, password: PASSWORD, totp });
  return jar.header();
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeRequests(url, headers) {
  const ms = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers, redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: Math.round(percentile(ms, 50) * 10) / 10, p95: Math.round(percentile(ms, 95) * 10) / 10 };
}

/**
 * Waits until the server's CPU over 5 s falls under 5 % (settlement and webhooks of the growth done), at most
 * BENCH_SETTLE_MIN minutes (10; 100,000 operations send about 200,000 webhooks and need more).
 */
async function settle(pid) {
  const until = Date.now() + SETTLE_MIN * 60_000;
  for (;;) {
    const cpu = await cpuPercentOver(pid, 5);
    if (cpu < 5 || Date.now() > until) return cpu;
  }
}

const pid = serverPid();
const token = await demoToken();
const accounts = (await sandbox(token, 'GET', 'api/accounts?limit=100')).data;
const main = accounts.find((a) => a.owner.legalName === 'Acme Importação Ltda');
const treasury = accounts.find((a) => a.owner.legalName === 'Acme Importação Ltda — Tesouraria');
const subscription = (await sandbox(token, 'GET', 'api/subscriptions?limit=1')).data[0];
await sandbox(token, 'POST', `_sandbox/accounts/${main.id}/balances`, { asset: 'BRL', value: '100000000.00' });
let have = await countOperations(token);
const results = [];

for (const size of SIZES) {
  if (have < size) {
    const todo = size - have;
    const started = performance.now();
    let next = 0;
    let made = 0;
    let fresh = await demoToken();
    let freshAt = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < todo) {
          next++;
          // Tokens live an hour: a long growth renews its own.
          if (Date.now() - freshAt > 30 * 60_000) {
            freshAt = Date.now();
            fresh = await demoToken();
          }
          await sandbox(fresh, 'POST', 'api/operations/transfer', { sourceAccountId: main.id, targetAccountId: treasury.id, amount: { value: '1.00', asset: 'BRL' } });
          if (++made % 1000 === 0) console.log(`  ${size}: created ${made}/${todo} transfers (${Math.round(made / ((performance.now() - started) / 1000))}/s)`);
        }
      }),
    );
    have = size;
    console.log(`  ${size}: grown in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  const settledCpu = await settle(pid);
  // A fresh session per size: a growth outlasts the console's idle session time-out (pages would answer 307).
  const cookie = await signIn();
  const idleCpu = await cpuPercentOver(pid, IDLE_S);
  const headers = { Cookie: cookie };
  const row = {
    operations: have,
    settledAtCpu: Math.round(settledCpu * 10) / 10,
    idleCpuPercent: Math.round(idleCpu * 10) / 10,
    '/operations': await timeRequests(`${BASE}/operations`, headers),
    '/webhooks/[id]': await timeRequests(`${BASE}/webhooks/${subscription.id}`, headers),
    '/audit': await timeRequests(`${BASE}/audit`, headers),
    Overview: await timeRequests(`${BASE}/`, headers),
    '/payouts': await timeRequests(`${BASE}/payouts`, headers),
    'service list': await timeRequests(`${BASE}/sandbox/api/operations?limit=10`, { Authorization: `Bearer ${await demoToken()}` }),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
  results.push(row);
  console.log(JSON.stringify(row));
}

// The ratios' reference: the first size of this run, or BENCH_BASELINE (a row this script printed, as JSON) — e.g.
// the 100-operation row of a fresh console, when this run only measures a console grown earlier.
const first = process.env.BENCH_BASELINE ? JSON.parse(process.env.BENCH_BASELINE) : results[0];
const PAGES = ['/operations', '/webhooks/[id]', '/audit', 'Overview', '/payouts', 'service list'].filter((k) => first[k]);
console.log(`\nratios: p95 against the ${first.operations}-operation row; goal idle CPU <= 3 % and every p95 within 1.5×`);
console.log('size | idle CPU | ' + PAGES.map((k) => `${k} p50/p95 ms`).join(' | ') + ' | load avg');
for (const r of results) {
  const cells = PAGES.map((k) => {
    const ratio = r[k].p95 / first[k].p95;
    return `${r[k].p50} / ${r[k].p95} (×${ratio.toFixed(2)})`;
  });
  console.log(`${r.operations} | ${r.idleCpuPercent} % | ${cells.join(' | ')} | ${r.loadAverage.join(', ')}`);
}
