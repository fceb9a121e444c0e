import 'server-only';
// `/api/ready`: may a load balancer send this instance traffic? The database answers, every console migration
// is applied, the FX service hands out a token, and the instance is not draining. Cached a few seconds so a probe
// every second costs one check per instance; the answer names each check's state and nothing else.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, getDb } from '@/lib/db/client';
import { errorField, log } from '@/lib/observability/logger';
import { isDraining } from '@/lib/observability/shutdown';

export type CheckState = 'ok' | 'failed' | 'pending' | 'draining';
export type Readiness = { ready: boolean; checks: { database: CheckState; migrations: CheckState; service: CheckState } };

export const READY_CACHE_MS = 3_000;
const CHECK_TIMEOUT_MS = 2_000;

const globalForReady = globalThis as unknown as { __consoleReadiness?: { at: number; value: Promise<Readiness> } };

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref())]);
}

function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** The service check is passed in by the route (lib/api depends on this folder, not the other way). */
export type ReadinessDeps = { serviceToken: () => Promise<unknown> };

async function check(deps: ReadinessDeps): Promise<Readiness> {
  let database: CheckState = 'ok';
  let migrations: CheckState = 'ok';
  try {
    const db = await withTimeout(getDb());
    const rows = await withTimeout(db.execute<{ n: number | string }>(sql`SELECT count(*)::int AS n FROM console.__drizzle_migrations`));
    const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { n: number | string }[] }).rows;
    if (Number(list[0]?.n ?? 0) < expectedMigrations()) migrations = 'pending';
  } catch (error) {
    database = 'failed';
    migrations = 'pending';
    log().warn({ kind: 'ready', check: 'database', error: errorField(error) }, 'readiness check failed');
  }
  let service: CheckState = 'ok';
  try {
    await withTimeout(deps.serviceToken());
  } catch (error) {
    service = 'failed';
    log().warn({ kind: 'ready', check: 'service', error: errorField(error) }, 'readiness check failed');
  }
  return { ready: database === 'ok' && migrations === 'ok' && service === 'ok', checks: { database, migrations, service } };
}

/** The cached readiness (a draining instance is never ready, whatever the cache says). */
export async function readiness(deps: ReadinessDeps, nowMs: number = Date.now()): Promise<Readiness> {
  if (isDraining()) return { ready: false, checks: { database: 'draining', migrations: 'draining', service: 'draining' } };
  const cached = globalForReady.__consoleReadiness;
  if (!cached || nowMs - cached.at > READY_CACHE_MS) globalForReady.__consoleReadiness = { at: nowMs, value: check(deps) };
  return globalForReady.__consoleReadiness!.value;
}
