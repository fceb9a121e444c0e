import 'server-only';
import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { listenPg } from '@/lib/db/pg-listen';
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
 * the publisher included (it hears its own NOTIFY, so it does not also emit locally). The listener is
 * lib/db/pg-listen.ts's dedicated connection; when it was not listening (a drop, a failed first connect), the bus
 * tells subscribers to catch up from the database, because NOTIFYs sent meanwhile are gone.
 */
export function createPgBus(options: PgBusOptions): LiveBus & { ready: Promise<void> } {
  const channel = options.channel ?? LIVE_CHANNEL;
  const fanout = new Fanout();
  let ownPool: Pool | undefined;

  async function notifyPool(): Promise<Pool> {
    if (options.pool) return options.pool;
    if (!ownPool) {
      const { Pool } = await import('pg');
      ownPool = new Pool({ connectionString: options.connectionString, max: 2 });
      ownPool.on('error', (e) => console.error(`[live] notify pool error: ${e.message}`));
    }
    return ownPool;
  }

  const listener = listenPg({
    connectionString: options.connectionString,
    channel,
    reconnectDelay: options.reconnectDelay ?? ((n: number) => reconnectDelayMs(n)),
    onPayload(payload) {
      const event = parseLiveEvent(payload);
      if (event) fanout.event(event);
    },
    onConnected(reconnected) {
      if (reconnected) fanout.gap();
    },
  });

  return {
    kind: 'postgres',
    ready: listener.ready,
    async publish(event) {
      const pool = await notifyPool();
      // NOTIFY payloads are limited to 8,000 bytes; a LiveEvent is ids and a type, far below.
      await pool.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(event)]);
    },
    subscribe: (s) => fanout.subscribe(s),
    async close() {
      await listener.close();
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
