import 'server-only';
import path from 'node:path';
import { openedDataDir, prepareDataDir } from './data-dir';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema';
import { Maintenance } from '@/lib/pglite/maintenance';
import { traceDatabaseClient } from '@/lib/observability/db-spans';
import { tracingActive } from '@/lib/observability/tracing';

export type ConsoleSchema = typeof schema;
/** The common supertype of the PGlite and node-postgres drizzle instances. */
export type ConsoleDb = PgDatabase<PgQueryResultHKT, ConsoleSchema, ExtractTablesWithRelations<ConsoleSchema>>;
export type RawClient = { kind: 'pglite'; client: PGlite } | { kind: 'pg'; pool: Pool };

type Holder = { raw?: Promise<RawClient>; db?: Promise<ConsoleDb>; maintenance?: Maintenance };
const globalForDb = globalThis as unknown as { __consoleDbHolder?: Holder };
const holder = (): Holder => (globalForDb.__consoleDbHolder ??= {});

// Any constant shared by every process migrating the console schema of one database.
const MIGRATION_LOCK_ID = 726_311_101;

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib', 'db', 'migrations');
export const MIGRATIONS_CONFIG = {
  migrationsFolder: MIGRATIONS_FOLDER,
  migrationsSchema: 'console',
  migrationsTable: '__drizzle_migrations',
} as const;

function assertNotBuilding(): void {
  // `next build` imports route modules to collect page data; opening a 670 MB database there is a bug.
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    throw new Error('The database must not be opened during `next build` (make the page dynamic).');
  }
}

async function openRawClient(): Promise<RawClient> {
  assertNotBuilding();
  const { getEnv } = await import('../env');
  const env = getEnv();
  if (env.DATABASE_URL) {
    const { Pool } = await import('pg');
    const pool = new Pool({ connectionString: env.DATABASE_URL, max: 10 });
    // Idle-client errors would otherwise crash the process; queries still surface their own errors.
    pool.on('error', (error) => console.error(`[db] idle PostgreSQL client error: ${error.message}`));
    return { kind: 'pg', pool };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // DATA_DIR may not exist yet (a fresh clone, or SANDBOX=off where nothing else creates it first). Owner-only:
  // the umask is set before PGlite creates a file (lib/db/data-dir.ts).
  prepareDataDir(env.DATA_DIR, (m) => console.warn(`[db] ${m}`));
  const client = await PGlite.create(path.join(env.DATA_DIR, 'pglite'));
  openedDataDir(env.DATA_DIR, (m) => console.warn(`[db] ${m}`));
  return { kind: 'pglite', client };
}

/** The one underlying connection per process, shared with the embedded sandbox (its own `sandbox` schema). */
export function getRawClient(): Promise<RawClient> {
  const h = holder();
  if (!h.raw) {
    h.raw = openRawClient();
    // A failed open must not poison the process forever: the next caller retries.
    h.raw.catch(() => {
      if (holder().raw) holder().raw = undefined;
    });
  }
  return h.raw;
}

/**
 * The embedded engine's maintenance of the `console` schema (null on PostgreSQL: autovacuum does it). Every
 * statement drizzle sends is counted as one change of the table it writes; bulk deletes report their own counts.
 */
export function consoleMaintenance(): Maintenance | null {
  return holder().maintenance ?? null;
}

/** Sees every statement drizzle sends (tests check their plans). */
export type QueryObserver = (query: string, params: unknown[]) => void;

/** The client drizzle is given: with a span per statement while tracing is on (lib/observability/db-spans.ts). */
function traced<T extends object>(client: T): T {
  return tracingActive() ? traceDatabaseClient(client) : client;
}

export async function createDrizzle(raw: RawClient, observe?: QueryObserver): Promise<ConsoleDb> {
  if (raw.kind === 'pglite') {
    const { drizzle } = await import('drizzle-orm/pglite');
    const maintenance = (holder().maintenance ??= new Maintenance({ schema: 'console' }));
    const logQuery = (query: string, params: unknown[]) => {
      maintenance.note(query, 1);
      observe?.(query, params);
    };
    return drizzle(traced(raw.client), { schema, logger: { logQuery } }) as unknown as ConsoleDb;
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return drizzle(traced(raw.pool), { schema, ...(observe ? { logger: { logQuery: observe } } : {}) }) as unknown as ConsoleDb;
}

export async function migrateConsole(raw: RawClient, db: ConsoleDb): Promise<void> {
  if (raw.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, MIGRATIONS_CONFIG);
  } else {
    // Several console instances may start at once on one PostgreSQL: a session-level advisory lock on one
    // connection makes them apply the migrations one after another (the later ones find nothing to do).
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const client = await raw.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      try {
        await migrate(drizzle(client, { schema }) as never, MIGRATIONS_CONFIG);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
  }
}

/** Drizzle over the shared connection, console migrations applied (once per process). */
export function getDb(): Promise<ConsoleDb> {
  const h = holder();
  if (!h.db) {
    h.db = (async () => {
      const raw = await getRawClient();
      const db = await createDrizzle(raw);
      await migrateConsole(raw, db);
      return db;
    })();
    h.db.catch(() => {
      if (holder().db) holder().db = undefined;
    });
  }
  return h.db;
}

/**
 * Start-up: ANALYZE every console table, then a pass every few seconds (ANALYZE past a change threshold, VACUUM
 * every 10 minutes), off the request path. PostgreSQL: nothing — its autovacuum keeps statistics and dead rows.
 */
export async function startDbMaintenance(): Promise<void> {
  const raw = await getRawClient();
  const maintenance = consoleMaintenance();
  const globalForMaintenance = globalThis as unknown as { __consoleMaintenanceTimer?: NodeJS.Timeout };
  if (raw.kind !== 'pglite' || !maintenance || globalForMaintenance.__consoleMaintenanceTimer) return;
  await maintenance.analyzeAll(raw.client);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    maintenance
      .tick(raw.client)
      .catch((error: unknown) => console.error(`[db] maintenance failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = false;
      });
  }, 5_000);
  timer.unref?.();
  globalForMaintenance.__consoleMaintenanceTimer = timer;
}

/**
 * LISTEN on `channel` of the shared PostgreSQL (null on PGlite, where one process writes and signals in-process).
 * The embedded sandbox's loop wakes on it when another console instance emitted work.
 */
export async function listenOnDatabase(channel: string, onPayload: (payload: string) => void): Promise<{ close(): Promise<void> } | null> {
  const { getEnv } = await import('../env');
  const url = getEnv().DATABASE_URL;
  if (!url) return null;
  const { listenPg } = await import('./pg-listen');
  return listenPg({ connectionString: url, channel, onPayload });
}

/**
 * Tests: make getDb()/getRawClient() use this in-memory PGlite (migrated here). One per test file —
 * each instance costs ~670 MB.
 */
export async function useTestDatabase(client: PGlite | RawClient, opts: { observe?: QueryObserver } = {}): Promise<ConsoleDb> {
  const raw: RawClient = 'kind' in client ? client : { kind: 'pglite', client };
  globalForDb.__consoleDbHolder = {};
  const db = await createDrizzle(raw, opts.observe);
  await migrateConsole(raw, db);
  globalForDb.__consoleDbHolder = { ...holder(), raw: Promise.resolve(raw), db: Promise.resolve(db) };
  return db;
}

/** Tests: forget the injected database. */
export function resetDatabaseForTests(): void {
  delete globalForDb.__consoleDbHolder;
}
