import 'server-only';
import { NOTIFICATION_EVENT_KIND, type LiveEvent } from '@/lib/domain/live/events';
import type { LiveBus } from './bus';
import { errorField, log } from '@/lib/observability/logger';
import { metrics } from '@/lib/observability/metrics';
import { onDrain } from '@/lib/observability/shutdown';

/** What a stream of a stopping instance tells the browser: reconnect (to another instance) after this long. */
export const SHUTDOWN_RETRY_MS = 500;

export const HEARTBEAT_MS = 25_000;
/** The session is re-validated this often (the requirement is at least every 60 s). */
export const SESSION_CHECK_MS = 30_000;
export const MAX_STREAMS_PER_USER = 5;
/** A resume further behind than this gets `reset` (refresh everything) instead of a replay. */
export const MAX_REPLAY = 200;

export interface LiveStatus {
  /** Whether the service delivers events to this console (a subscription to its /api/webhooks exists). */
  receiving: boolean;
}

export interface LiveStreamOptions {
  bus: LiveBus;
  /** null: start from now. */
  lastEventId: number | null;
  loadAfter: (seq: number, limit: number) => Promise<LiveEvent[]>;
  latestSeq: () => Promise<number>;
  /** False ends the stream (signed out, disabled, revoked, expired). */
  checkSession: () => Promise<boolean>;
  /**
   * Calls `recheck` when this session or its user is invalidated (sign-out, revoke, disable, role or password
   * change), so the stream ends on the notice itself rather than at the next periodic check; returns the unsubscribe.
   */
  watchSession?: (recheck: () => void) => () => void;
  status: () => Promise<LiveStatus>;
  signal: AbortSignal;
  onClose?: () => void;
  /** The stream's user: "your inbox changed" messages for this user (and only them) are forwarded. */
  userId?: string;
  heartbeatMs?: number;
  sessionCheckMs?: number;
}

const encoder = new TextEncoder();

export function sseMessage(fields: { id?: number; event?: string; data?: unknown; retry?: number; comment?: string }): string {
  let out = '';
  if (fields.comment !== undefined) out += `: ${fields.comment}\n`;
  if (fields.retry !== undefined) out += `retry: ${fields.retry}\n`;
  if (fields.id !== undefined) out += `id: ${fields.id}\n`;
  if (fields.event !== undefined) out += `event: ${fields.event}\n`;
  if (fields.data !== undefined) out += `data: ${JSON.stringify(fields.data)}\n`;
  return `${out}\n`;
}

/**
 * One browser's live stream. Reads where it starts (Last-Event-ID, or the newest stored event), subscribes to the
 * bus and buffers, then replays what was stored after that point, then flushes the buffer without duplicates — so
 * no event falls between the starting point, the replay and live.
 * Messages carry the LiveEvent (type and ids) only. Ends when the browser goes, or when the session no longer
 * validates: checked on every invalidation notice for it (`watchSession`) and every SESSION_CHECK_MS.
 */
export function openLiveStream(options: LiveStreamOptions): ReadableStream<Uint8Array> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const sessionCheckMs = options.sessionCheckMs ?? SESSION_CHECK_MS;
  let closed = false;
  let cleanup = () => {};

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = 0;
      let replaying = true;
      const buffered: LiveEvent[] = [];
      const timers: NodeJS.Timeout[] = [];
      let unsubscribe = () => {};
      let unwatch = () => {};
      let undrain = () => {};

      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const send = (event: LiveEvent) => {
        if (event.seq <= lastSent) return;
        lastSent = event.seq;
        write(sseMessage({ id: event.seq, event: 'change', data: event }));
      };
      const catchUp = async () => {
        const missed = await options.loadAfter(lastSent, MAX_REPLAY + 1);
        if (missed.length > MAX_REPLAY) {
          lastSent = await options.latestSeq();
          write(sseMessage({ id: lastSent, event: 'reset', data: {} }));
          return;
        }
        for (const e of missed) send(e);
      };
      const close = (reason?: string) => {
        if (closed) return;
        if (reason) write(sseMessage({ event: 'end', data: { reason } }));
        closed = true;
        metrics()?.liveStreams.dec();
        for (const t of timers) clearInterval(t);
        unsubscribe();
        unwatch();
        undrain();
        options.signal.removeEventListener('abort', onAbort);
        options.onClose?.();
        try {
          controller.close();
        } catch {
          // already closed by the runtime
        }
      };
      cleanup = () => close();
      metrics()?.liveStreams.inc();
      // SIGTERM: a short retry hint, then `end`, on which the browser reconnects (the balancer sends it elsewhere).
      undrain = onDrain('live stream', 0, () => {
        write(sseMessage({ retry: SHUTDOWN_RETRY_MS }));
        close('restart');
      });
      const onAbort = () => close();
      options.signal.addEventListener('abort', onAbort);
      if (options.signal.aborted) return close();
      const recheck = () => {
        if (closed) return;
        options
          .checkSession()
          .then((ok) => {
            if (!ok) close('session');
          })
          .catch(() => undefined);
      };
      unwatch = options.watchSession?.(recheck) ?? unwatch;

      // Browsers reconnect after `retry` ms on a dropped connection, sending Last-Event-ID themselves.
      write(sseMessage({ retry: 3000, comment: 'live' }));
      try {
        // "From now" is a stored sequence number read before subscribing; whatever is stored after it comes
        // either from the bus (buffered until the replay is done) or from the replay below. Reading it after
        // subscribing instead dropped an event stored while the read was in flight (seq <= the number read).
        lastSent = options.lastEventId ?? (await options.latestSeq());
        if (closed) return;
        unsubscribe = options.bus.subscribe({
          onEvent(event) {
            // Not a stored event (no seq to replay or resume from): forwarded at once, to its own user only.
            if (event.kind === NOTIFICATION_EVENT_KIND) {
              if (options.userId && event.id === options.userId) write(sseMessage({ event: 'notification', data: {} }));
              return;
            }
            if (replaying) buffered.push(event);
            else send(event);
          },
          onGap() {
            if (!replaying) void catchUp().catch(() => undefined);
          },
        });
        const status = await options.status();
        // `from`: every stored event after it follows on this stream, so a page that read its data at a known point
        // can tell whether it missed something before it subscribed (lib/domain/live/coverage.ts).
        write(sseMessage({ event: 'status', data: { ...status, from: lastSent } }));
        await catchUp();
      } catch (error) {
        log().error({ kind: 'live', error: errorField(error) }, 'live stream start failed');
        return close('error');
      }
      replaying = false;
      for (const e of buffered.splice(0)) send(e);

      timers.push(setInterval(() => write(sseMessage({ comment: 'heartbeat' })), heartbeatMs));
      // Still checked on a timer: an idle or absolute timeout sends no notice.
      timers.push(setInterval(recheck, sessionCheckMs));
    },
    cancel() {
      cleanup();
    },
  });
}

/** Streams per user in this process; the sixth concurrent stream is refused. */
export class StreamSlots {
  private readonly counts = new Map<string, number>();
  constructor(private readonly max = MAX_STREAMS_PER_USER) {}
  acquire(userId: string): (() => void) | null {
    const n = this.counts.get(userId) ?? 0;
    if (n >= this.max) return null;
    this.counts.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(userId) ?? 1) - 1;
      if (left <= 0) this.counts.delete(userId);
      else this.counts.set(userId, left);
    };
  }
  count(userId: string): number {
    return this.counts.get(userId) ?? 0;
  }
}
