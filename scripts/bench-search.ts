// `npm run bench:search`: the palette's search route (GET /api/search) with 10,000 operations, against a RUNNING
// console with the embedded sandbox. Grows the demo customer to BENCH_OPERATIONS (10,000) operations through the
// service's API (transfers with varied amounts, BENCH_CONCURRENCY at a time; a second run on the same data dir
// grows nothing), signs in as the admin (password + the demo authenticator code), waits for the search index's
// first read, then times BENCH_REQUESTS sequential searches of each kind and prints p50/p95 with the load average.
//
//   SANDBOX_ADMIN_KEY=bench-admin-key-0123456789 DATA_DIR=$(mktemp -d) PORT=3300 npx next start -p 3300
//   BENCH_URL=http://localhost:3300 SANDBOX_ADMIN_KEY=bench-admin-key-0123456789 DATA_DIR=<same> npm run bench:search
//
// NEXTAUTH_SECRET, or DATA_DIR/nextauth-secret, gives the demo authenticator code (as `npm run demo:totp`).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { demoTotpSecret } from '../lib/auth/factors/secret-box';

const BASE = (process.env.BENCH_URL ?? 'http://localhost:3300').replace(/\/+$/, '');
const ADMIN_KEY = process.env.SANDBOX_ADMIN_KEY;
const TARGET = Number(process.env.BENCH_OPERATIONS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
// A demo user answers the second factor with its seeded authenticator; a user without a factor (BENCH_EMAIL,
// BENCH_PASSWORD of an admin made with `npm run user:create`) signs in with the password alone.
const EMAIL = process.env.BENCH_EMAIL ?? 'admin@acme.test';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'demo-admin-2026';
const DEMO = EMAIL.endsWith('@acme.test') && !process.env.BENCH_EMAIL;

if (!ADMIN_KEY) throw new Error('SANDBOX_ADMIN_KEY: the key the console under test was started with');

function serverSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  return readFileSync(path.join(process.env.DATA_DIR ?? '.data', 'nextauth-secret'), 'utf8').trim();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the service's JSON, read field by field below
type Json = any;

async function sandbox(token: string | null, method: string, p: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${BASE}/sandbox/${p}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'X-Idempotency-Key': randomUUID() } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

async function demoToken(): Promise<string> {
  const res = await fetch(`${BASE}/sandbox/_sandbox/customers/acme-demo/token`, { method: 'POST', headers: { 'X-Sandbox-Admin-Key': ADMIN_KEY! } });
  if (!res.ok) throw new Error(`admin token helper: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function allOperations(token: string): Promise<{ id: string; sourceAmount: { value: string } }[]> {
  const out: { id: string; sourceAmount: { value: string } }[] = [];
  let cursor: string | null = null;
  do {
    const page: Json = await sandbox(token, 'GET', `api/operations?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}&direction=NEXT` : ''}`);
    out.push(...page.data);
    cursor = page.meta.nextCursor;
  } while (cursor);
  return out;
}

/** Signs in like the login form, then answers the second factor with the demo authenticator; returns the Cookie. */
async function signIn(): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const origin = new URL(BASE).origin;
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, Cookie: cookie() },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD, csrfToken, callbackUrl: '/', json: 'true' }),
  });
  keep(res);
  if (!DEMO) return cookie();
  for (const offset of [0, 1, 2]) {
    const code = await generate({ secret: demoTotpSecret(serverSecret(), EMAIL), epoch: Math.floor(Date.now() / 1000) + offset * 30 });
    const verify = await fetch(`${BASE}/api/second-factor/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie() },
      body: JSON.stringify({ method: 'totp', code }),
    });
    keep(verify);
    if (verify.status === 200) return cookie();
  }
  throw new Error('second factor refused');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function main() {
  const token = await demoToken();
  const accounts = (await sandbox(token, 'GET', 'api/accounts?limit=100')).data as { id: string; owner: { legalName: string } }[];
  const main = accounts.find((a) => a.owner.legalName === 'Acme Importação Ltda')!;
  const treasury = accounts.find((a) => a.owner.legalName === 'Acme Importação Ltda — Tesouraria')!;
  await sandbox(token, 'POST', `_sandbox/accounts/${main.id}/balances`, { asset: 'BRL', value: '100000000.00' });
  let have = (await allOperations(token)).length;
  if (have < TARGET) {
    const todo = TARGET - have;
    const started = performance.now();
    let next = 0;
    let made = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < todo) {
          const n = next++;
          // Varied amounts (1.01 … 5,000.99) so an amount query matches a handful, not all, of the operations.
          const value = `${(n % 5000) + 1}.${String((n * 7) % 100).padStart(2, '0')}`;
          await sandbox(token, 'POST', 'api/operations/transfer', { sourceAccountId: main.id, targetAccountId: treasury.id, amount: { value, asset: 'BRL' } });
          if (++made % 1000 === 0) console.log(`  created ${made}/${todo} transfers (${Math.round(made / ((performance.now() - started) / 1000))}/s)`);
        }
      }),
    );
    have = TARGET;
  }
  const ops = await allOperations(token);
  console.log(`operations: ${ops.length}`);

  const cookie = await signIn();
  const headers = { Cookie: cookie, 'Accept-Language': 'en' };
  const t0 = performance.now();
  for (;;) {
    const res = await fetch(`${BASE}/api/search?q=`, { headers });
    if (res.status !== 200) throw new Error(`search: ${res.status} ${await res.text()}`);
    if (!((await res.json()) as { indexing: boolean }).indexing) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`index ready in ${Math.round(performance.now() - t0)} ms (first read of ${ops.length} operations)`);

  const pick = <T,>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const toEn = (v: string) => {
    const [int, frac] = v.split('.');
    return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
  };
  const kinds: Record<string, () => string> = {
    'id (8 chars)': () => pick(ops).id.slice(0, 8),
    'id (full)': () => pick(ops).id,
    name: () => pick(['acme', 'beatriz', 'joão pere', 'tesouraria', 'importacao']),
    'amount (1,234.56)': () => toEn(pick(ops).sourceAmount.value),
  };
  console.log(`load average before: ${load()}`);
  console.log('| query | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|');
  for (const [kind, make] of Object.entries(kinds)) {
    const ms: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const q = make();
      const start = performance.now();
      const res = await fetch(`${BASE}/api/search?q=${encodeURIComponent(q)}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
      ms.push(performance.now() - start);
    }
    ms.sort((a, b) => a - b);
    console.log(`| ${kind} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 95).toFixed(1)} | ${ms[ms.length - 1]!.toFixed(1)} |`);
  }
  console.log(`load average after: ${load()} (${os.cpus().length} cores)`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
