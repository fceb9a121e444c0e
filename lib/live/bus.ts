import 'server-only';
import { EventEmitter } from 'node:events';
import type { Client, Pool } from 'pg';
import { parseLiveEvent, reconnectDelayMs, type LiveEvent } from '@/lib/domain/live/events';

export interface LiveSubscriber {
  onEvent(event: LiveEvent): void;
  /** The bus may have missed events (its PostgreSQL listener reconnected): catch up from the database. */
  onGap?(): void;
}

/** Fan-out of received events to every live stream — of this process, or of every instance on one database. */
export interface LiveBus {
  readonly kind: 'memory' | 'postgres';
  publish(event: LiveEvent): Promise<void>;
  subscribe(subscriber: LiveSubscriber): () => void;
  close(): Promise<void>;
}

/** Delivers each event to every subscriber; one throwing subscriber must not starve the others. */
class Fanout {
  private readonly emitter = new EventEmitter();
  constructor() {
    // Up to 5 streams per user, many users: the default warning at 10 listeners is noise here.
    this.emitter.setMaxListeners(0);
  }
  subscribe(s: LiveSubscriber): () => void {
    const onEvent = (e: LiveEvent) => {
      try {
        s.onEvent(e);
      } catch (error) {
        console.error(`[live] subscriber failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const onGap = () => s.onGap?.();
    this.emitter.on('event', onEvent);
    this.emitter.on('gap', onGap);
    return () => {
      this.emitter.off('event', onEvent);
      this.emitter.off('gap', onGap);
    };
  }
  event(e: LiveEvent) {
    this.emitter.emit('event', e);
  }
  gap() {
    this.emitter.emit('gap');
  }
  get size(): number {
    return this.emitter.listenerCount('event');
  }
}

/** One process (the embedded database allows only one): an in-process emitter is the whole fan-out. */
export function createMemoryBus(): LiveBus {
  const fanout = new Fanout();
  return {
    kind: 'memory',
    async publish(event) {
      fanout.event(event);
    },
    subscribe: (s) => fanout.subscribe(s),
    async close() {},
  };
}

export const LIVE_CHANNEL = 'console_live';

export interface PgBusOptions {
  connectionString: string;
  /** Used for NOTIFY; a small pool of its own is made when absent. */
  pool?: Pool;
  channel?: string;
  /** Tests: shorter reconnect delays. */
  reconnectDelay?: (attempt: number) => number;
}

/**
 * Several console instances on one PostgreSQL: every instance LISTENs on one channel and a received event is
 * published with `pg_notify`, so whichever instance the service delivered to, every instance's streams push it —
 * the publisher included (it hears its own NOTIFY, so it does not also emit locally). The listener is a dedicated
 * connection (LISTEN is per session, a pooled client would lose it); when it drops, it reconnects with backoff and
 * tells subscribers to catch up from the database, because NOTIFYs sent while it was away are gone.
 */
export function createPgBus(options: PgBusOptions): LiveBus & { ready: Promise<void> } {
  const channel = options.channel ?? LIVE_CHANNEL;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid LISTEN channel ${channel}`);
  const delay = options.reconnectDelay ?? ((n: number) => reconnectDelayMs(n));
  const fanout = new Fanout();
  let ownPool: Pool | undefined;
  let listener: Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  async function notifyPool(): Promise<Pool> {
    if (options.pool) return options.pool;
    if (!ownPool) {
      const { Pool } = await import('pg');
      ownPool = new Pool({ connectionString: options.connectionString, max: 2 });
      ownPool.on('error', (e) => console.error(`[live] notify pool error: ${e.message}`));
    }
    return ownPool;
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const { Client } = await import('pg');
    const client = new Client({ connectionString: options.connectionString });
    let gone = false;
    const retry = (why: string) => {
      // 'error' and 'end' both fire for one broken connection: reconnect once.
      if (gone) return;
      gone = true;
      if (listener === client) listener = undefined;
      client.removeAllListeners();
      client.end().catch(() => undefined);
      if (closed) return;
      const wait = delay(attempt++);
      console.warn(`[live] PostgreSQL listener ${why}; reconnecting in ${wait} ms`);
      timer = setTimeout(() => void connect(), wait);
      timer.unref?.();
    };
    client.on('error', (e) => retry(`error: ${e.message}`));
    client.on('end', () => retry('ended'));
    client.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      const event = parseLiveEvent(msg.payload);
      if (event) fanout.event(event);
    });
    try {
      listener = client;
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      const reconnected = attempt > 0;
      attempt = 0;
      resolveReady();
      if (reconnected) fanout.gap();
    } catch (error) {
      retry(`could not connect (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  void connect();

  return {
    kind: 'postgres',
    ready,
    async publish(event) {
      const pool = await notifyPool();
      // NOTIFY payloads are limited to 8,000 bytes; a LiveEvent is ids and a type, far below.
      await pool.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(event)]);
    },
    subscribe: (s) => fanout.subscribe(s),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const l = listener;
      listener = undefined;
      if (l) {
        l.removeAllListeners();
        await l.end().catch(() => undefined);
      }
      if (ownPool) await ownPool.end().catch(() => undefined);
    },
  };
}

type Holder = { bus?: LiveBus };
const globalForBus = globalThis as unknown as { __liveBus?: Holder };
const holder = (): Holder => (globalForBus.__liveBus ??= {});

/** The process's bus: PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set, else in-process. */
export async function getLiveBus(): Promise<LiveBus> {
  const h = holder();
  if (h.bus) return h.bus;
  const { getEnv } = await import('@/lib/env');
  const env = getEnv();
  if (env.DATABASE_URL) {
    const { getRawClient } = await import('@/lib/db/client');
    const raw = await getRawClient();
    h.bus ??= createPgBus({ connectionString: env.DATABASE_URL, pool: raw.kind === 'pg' ? raw.pool : undefined });
  } else {
    h.bus ??= createMemoryBus();
  }
  return h.bus;
}

/** Tests: use this bus (or forget it). */
export function setLiveBusForTests(bus: LiveBus | undefined): void {
  if (bus) holder().bus = bus;
  else delete globalForBus.__liveBus;
}
