import 'server-only';
import type { Client } from 'pg';

export interface PgListenOptions {
  connectionString: string;
  channel: string;
  onPayload(payload: string): void;
  /**
   * The listener is (again) connected. `reconnected` is true after a drop, or when the first attempts failed:
   * NOTIFYs sent while it was not listening are gone, so whatever they would have told has to be caught up some
   * other way.
   */
  onConnected?(reconnected: boolean): void;
  /** The listener dropped (it reconnects by itself). */
  onDisconnected?(): void;
  /** Tests: shorter reconnect delays. */
  reconnectDelay?: (attempt: number) => number;
}

export interface PgListener {
  /** Settles when the first LISTEN is in place. */
  readonly ready: Promise<void>;
  readonly connected: boolean;
  close(): Promise<void>;
}

export function isChannelName(channel: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(channel);
}

/** 0.5–1 s, doubling to at most 15–30 s, with jitter so instances do not reconnect in lockstep. */
function defaultDelay(attempt: number): number {
  const cap = Math.min(30_000, 1_000 * 2 ** Math.max(0, Math.min(attempt, 10)));
  return Math.round(cap / 2 + (Math.random() * cap) / 2);
}

/**
 * A dedicated LISTEN connection (LISTEN is per session: a pooled client would lose it), used by the live bus
 * (lib/live/bus.ts) and the session cache (lib/auth/session-invalidation.ts): when it drops it reconnects with backoff
 * and says so, because NOTIFYs sent meanwhile are lost.
 */
export function listenPg(options: PgListenOptions): PgListener {
  const { channel } = options;
  if (!isChannelName(channel)) throw new Error(`invalid LISTEN channel ${channel}`);
  const delay = options.reconnectDelay ?? defaultDelay;
  let listener: Client | undefined;
  let isConnected = false;
  let closed = false;
  let attempt = 0;
  let everConnected = false;
  let timer: NodeJS.Timeout | undefined;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  async function connect(): Promise<void> {
    if (closed) return;
    const { Client } = await import('pg');
    const client = new Client({ connectionString: options.connectionString });
    let gone = false;
    const retry = (why: string) => {
      // 'error' and 'end' both fire for one broken connection: reconnect once.
      if (gone) return;
      gone = true;
      const wasConnected = isConnected && listener === client;
      if (listener === client) {
        listener = undefined;
        isConnected = false;
      }
      client.removeAllListeners();
      client.end().catch(() => undefined);
      if (wasConnected) options.onDisconnected?.();
      if (closed) return;
      const wait = delay(attempt++);
      console.warn(`[db] PostgreSQL listener on ${channel} ${why}; reconnecting in ${wait} ms`);
      timer = setTimeout(() => void connect(), wait);
      timer.unref?.();
    };
    client.on('error', (e) => retry(`error: ${e.message}`));
    client.on('end', () => retry('ended'));
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) options.onPayload(msg.payload);
    });
    try {
      listener = client;
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (gone || closed) return;
      isConnected = true;
      const reconnected = everConnected || attempt > 0;
      attempt = 0;
      everConnected = true;
      resolveReady();
      options.onConnected?.(reconnected);
    } catch (error) {
      retry(`could not connect (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  void connect();

  return {
    ready,
    get connected() {
      return isConnected;
    },
    async close() {
      closed = true;
      isConnected = false;
      if (timer) clearTimeout(timer);
      const l = listener;
      listener = undefined;
      if (l) {
        l.removeAllListeners();
        await l.end().catch(() => undefined);
      }
    },
  };
}
