import 'server-only';
import type { Pool } from 'pg';
import { getRawClient } from '../db/client';
import { listenPg, type PgListener } from '../db/pg-listen';
import { SessionCache } from './session-cache';

/**
 * Who may keep session rows in memory, and how a revocation reaches every cache.
 *
 * - One process (PGlite allows only one per data directory): the process's own writes invalidate its cache.
 * - Several instances on one PostgreSQL (DATABASE_URL): an invalidation is also sent with `pg_notify` on
 *   {@link SESSION_CHANNEL}; every instance LISTENs and drops the rows named. An instance caches only while its
 *   LISTEN connection is up: without it another instance's sign-out or disable could go unheard, so it reads the
 *   database on every request until the listener is back (and starts from an empty cache then).
 */
export const SESSION_CHANNEL = 'console_sessions';

export type SessionInvalidation = { sessionId: string } | { userId: string };

export interface SessionInvalidator {
  readonly kind: 'local' | 'postgres';
  readonly cache: SessionCache;
  /** May a request use (and fill) the cache right now? */
  cachingAllowed(): boolean;
  /** Drops the rows here, then tells the other instances. Call it after the write is committed. */
  invalidate(what: SessionInvalidation): Promise<void>;
  /**
   * Calls `listener` with every invalidation this instance applies (its own, and on PostgreSQL every other
   * instance's NOTIFY), after the cached rows are dropped: a live stream re-checks its session on the notice itself.
   */
  onInvalidation(listener: (what: SessionInvalidation) => void): () => void;
  close(): Promise<void>;
}

export function parseInvalidation(payload: string): SessionInvalidation | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.sessionId === 'string' && value.sessionId) return { sessionId: value.sessionId };
    if (typeof value.userId === 'string' && value.userId) return { userId: value.userId };
  } catch {
    // not ours, or truncated: ignore
  }
  return null;
}

function apply(cache: SessionCache, what: SessionInvalidation, listeners: Listeners): void {
  if ('sessionId' in what) cache.invalidateSession(what.sessionId);
  else cache.invalidateUser(what.userId);
  for (const listener of [...listeners]) {
    try {
      listener(what);
    } catch (error) {
      console.error(`[auth] session invalidation listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

type Listeners = Set<(what: SessionInvalidation) => void>;

function subscribe(listeners: Listeners, listener: (what: SessionInvalidation) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether an invalidation concerns this session (named, or one of its user's). */
export function concernsSession(what: SessionInvalidation, session: { sessionId: string; userId: string }): boolean {
  return 'sessionId' in what ? what.sessionId === session.sessionId : what.userId === session.userId;
}

export function createLocalInvalidator(cache = new SessionCache()): SessionInvalidator {
  const listeners: Listeners = new Set();
  return {
    kind: 'local',
    cache,
    cachingAllowed: () => true,
    async invalidate(what) {
      apply(cache, what, listeners);
    },
    onInvalidation: (listener) => subscribe(listeners, listener),
    async close() {},
  };
}

export interface PgInvalidatorOptions {
  connectionString: string;
  /** Used for NOTIFY (the console's pool); a one-connection pool of its own is made when absent. */
  pool?: Pool;
  cache?: SessionCache;
  channel?: string;
  /** Tests: shorter reconnect delays. */
  reconnectDelay?: (attempt: number) => number;
}

export function createPgInvalidator(options: PgInvalidatorOptions): SessionInvalidator & { ready: Promise<void> } {
  const cache = options.cache ?? new SessionCache();
  const channel = options.channel ?? SESSION_CHANNEL;
  const listeners: Listeners = new Set();
  let ownPool: Pool | undefined;
  const listener: PgListener = listenPg({
    connectionString: options.connectionString,
    channel,
    reconnectDelay: options.reconnectDelay,
    onPayload(payload) {
      const what = parseInvalidation(payload);
      if (what) apply(cache, what, listeners);
    },
    // Rows cached before a drop may have been revoked while nobody listened.
    onConnected: () => cache.clear(),
    onDisconnected: () => cache.clear(),
  });

  async function notifyPool(): Promise<Pool> {
    if (options.pool) return options.pool;
    if (!ownPool) {
      const { Pool } = await import('pg');
      ownPool = new Pool({ connectionString: options.connectionString, max: 1 });
      ownPool.on('error', (e) => console.error(`[auth] session notify pool error: ${e.message}`));
    }
    return ownPool;
  }

  return {
    kind: 'postgres',
    cache,
    ready: listener.ready,
    cachingAllowed: () => listener.connected,
    onInvalidation: (listener) => subscribe(listeners, listener),
    async invalidate(what) {
      apply(cache, what, listeners);
      try {
        const pool = await notifyPool();
        // The payload is a session id (43 chars) or a uuid: far below NOTIFY's 8,000-byte limit.
        await pool.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(what)]);
      } catch (error) {
        // The write itself is done; other instances' caches expire within the TTL (1 s) anyway.
        console.error(`[auth] could not notify other instances of a session change: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    async close() {
      await listener.close();
      if (ownPool) await ownPool.end().catch(() => undefined);
    },
  };
}

type Holder = { invalidator?: Promise<SessionInvalidator> };
const globalForSessions = globalThis as unknown as { __consoleSessionInvalidator?: Holder };
const holder = (): Holder => (globalForSessions.__consoleSessionInvalidator ??= {});

/**
 * The process's invalidator, on globalThis: Next may load this module more than once (route handlers, pages,
 * server actions), and an invalidation made by a server action must reach the cache a route handler reads.
 */
export function getSessionInvalidator(): Promise<SessionInvalidator> {
  const h = holder();
  if (!h.invalidator) {
    h.invalidator = (async (): Promise<SessionInvalidator> => {
      const raw = await getRawClient();
      if (raw.kind === 'pglite') return createLocalInvalidator();
      const { getEnv } = await import('../env');
      const connectionString = getEnv().DATABASE_URL;
      if (!connectionString) return createLocalInvalidator(); // unreachable: a pg client implies DATABASE_URL
      return createPgInvalidator({ connectionString, pool: raw.pool });
    })();
    h.invalidator.catch(() => {
      if (holder().invalidator) holder().invalidator = undefined;
    });
  }
  return h.invalidator;
}

/** Tests: use this invalidator (or forget the current one, closing nothing). */
export function setSessionInvalidatorForTests(invalidator: SessionInvalidator | undefined): void {
  if (invalidator) holder().invalidator = Promise.resolve(invalidator);
  else delete globalForSessions.__consoleSessionInvalidator;
}

/** Closes the process's invalidator (its LISTEN connection) if one was made; the next use makes a new one. */
export async function closeSessionInvalidator(): Promise<void> {
  const pending = holder().invalidator;
  delete globalForSessions.__consoleSessionInvalidator;
  const invalidator = await pending?.catch(() => undefined);
  await invalidator?.close();
}

