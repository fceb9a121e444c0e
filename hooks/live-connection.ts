// The browser's one connection to /api/live, shared by every <LiveRefresh> and useLiveEvents() in the tab.
// Plain module state (not React state): a page with five live widgets still opens one stream.
import { catchUpFrom, coverageOnOpen, coverageWith, statusFrom, type Coverage } from '@/lib/domain/live/coverage';
import { NOTIFICATION_EVENT_KIND, notificationEvent, parseLiveEvent, reconnectDelayMs, type LiveEvent } from '@/lib/domain/live/events';

export type LiveState = {
  /** connecting: no stream yet; open: stream up; down: waiting to reconnect (or refused). */
  connection: 'connecting' | 'open' | 'down';
  /** The server says the service delivers events to this console. */
  receiving: boolean;
};

type Listener = (event: LiveEvent) => void;
type ResetListener = () => void;

const listeners = new Set<Listener>();
const resetListeners = new Set<ResetListener>();
const stateListeners = new Set<() => void>();
let state: LiveState = { connection: 'connecting', receiving: false };
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let attempt = 0;
let lastEventId: number | null = null;
let users = 0;
/** The events this tab received without a gap (lib/domain/live/coverage.ts); null until a stream says where it starts. */
let coverage: Coverage | null = null;
/** The Last-Event-ID the current stream was opened with, and whether its `status` (with its starting point) came. */
let resumedFrom: number | null = null;
let started = false;
/** Pages that read their data at a known point, waiting for the stream to say where it starts. */
const waiting = new Set<() => void>();

function setState(next: Partial<LiveState>): void {
  const merged = { ...state, ...next };
  if (merged.connection === state.connection && merged.receiving === state.receiving) return;
  state = merged;
  for (const l of stateListeners) l();
}

function connect(): void {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') {
    setState({ connection: 'down' });
    return;
  }
  const url = lastEventId === null ? '/api/live' : `/api/live?lastEventId=${lastEventId}`;
  resumedFrom = lastEventId;
  started = false;
  const es = new EventSource(url);
  source = es;
  es.addEventListener('open', () => {
    attempt = 0;
    setState({ connection: 'open' });
  });
  es.addEventListener('status', (e) => {
    let data: { receiving?: unknown; from?: unknown } | null = null;
    try {
      data = JSON.parse((e as MessageEvent<string>).data) as { receiving?: unknown; from?: unknown };
    } catch {
      // not JSON: not receiving, starting point unknown
    }
    // Where this stream starts: every stored event after it follows. It is also where a reconnect resumes.
    const from = statusFrom(data);
    coverage = from === null ? null : coverageOnOpen(coverage, resumedFrom, from);
    if (from !== null && (lastEventId === null || lastEventId < from)) lastEventId = from;
    started = true;
    for (const settle of [...waiting]) settle();
    setState({ receiving: data?.receiving === true });
  });
  es.addEventListener('change', (e) => {
    const event = parseLiveEvent((e as MessageEvent<string>).data);
    if (!event) return;
    lastEventId = event.seq;
    if (coverage) coverageWith(coverage, event);
    for (const l of [...listeners]) l(event);
  });
  // "Your inbox changed": carries no id, so it never moves the resume point of the received events.
  es.addEventListener('notification', () => {
    const event = notificationEvent(null);
    for (const l of [...listeners]) l(event);
  });
  es.addEventListener('reset', (e) => {
    const id = Number((e as MessageEvent<string>).lastEventId);
    if (Number.isSafeInteger(id) && id > 0) lastEventId = id;
    // Too much was missed to replay: every listener refreshes, and the tab knows nothing before this point.
    coverage = Number.isSafeInteger(id) && id >= 0 ? { from: id, events: [] } : null;
    for (const l of [...resetListeners]) l();
  });
  es.addEventListener('end', () => scheduleReconnect());
  // EventSource retries a dropped connection by itself, but gives up on an HTTP error (401, 429, 5xx):
  // close it and reconnect ourselves with backoff, resuming after the last event seen.
  es.addEventListener('error', () => {
    if (es.readyState === EventSource.CLOSED) scheduleReconnect();
    else setState({ connection: 'connecting' });
  });
}

function scheduleReconnect(): void {
  source?.close();
  source = null;
  started = false;
  setState({ connection: 'down' });
  if (retryTimer || users === 0) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (users > 0) connect();
  }, reconnectDelayMs(attempt++));
}

function retain(): () => void {
  users++;
  if (users === 1 && !source && !retryTimer) connect();
  return () => {
    users--;
    if (users > 0) return;
    // Last user gone (navigated away from every live page): free the server's stream slot.
    source?.close();
    source = null;
    started = false;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    attempt = 0;
    setState({ connection: 'connecting' });
  };
}

/**
 * Receive every live event (and `reset`: too much was missed, refresh everything) while subscribed.
 *
 * `since`: the newest stored event when the page read what it shows (lib/live/cursor.ts). The listener then hears
 * only events after it — including those this tab received before the page subscribed (a client-side navigation)
 * — and `onReset` once if the tab cannot tell what came between (its stream started later): no refresh on every
 * load "in case". A tab's first stream starts at the first such point, so the server replays what came after it.
 */
export function subscribeLive(onEvent: Listener, onReset?: ResetListener, since?: number): () => void {
  const listener: Listener =
    since === undefined ? onEvent : (event) => (event.kind === NOTIFICATION_EVENT_KIND || event.seq > since ? onEvent(event) : undefined);
  listeners.add(listener);
  if (onReset) resetListeners.add(onReset);
  let settle: (() => void) | null = null;
  if (since !== undefined) {
    if (lastEventId === null && !source && !retryTimer && since > 0) lastEventId = since;
    const catchUp = () => {
      waiting.delete(catchUp);
      const missed = catchUpFrom(coverage, since);
      if (missed === 'refresh') onReset?.();
      else for (const event of missed.events) onEvent(event);
    };
    settle = catchUp;
    if (source && started) catchUp();
    else waiting.add(catchUp);
  }
  const release = retain();
  return () => {
    listeners.delete(listener);
    if (onReset) resetListeners.delete(onReset);
    if (settle) waiting.delete(settle);
    release();
  };
}

/**
 * Receive every live event while subscribed WITHOUT keeping a stream open: events arrive only while some page's
 * <LiveRefresh> or useLiveEvents() holds the connection. For tab-wide listeners (react-query invalidation) that
 * must not open a stream of their own on pages that show nothing live.
 */
export function observeLive(onEvent: Listener, onReset?: ResetListener): () => void {
  listeners.add(onEvent);
  if (onReset) resetListeners.add(onReset);
  return () => {
    listeners.delete(onEvent);
    if (onReset) resetListeners.delete(onReset);
  };
}

export function subscribeLiveState(onChange: () => void): () => void {
  stateListeners.add(onChange);
  return () => stateListeners.delete(onChange);
}

export function getLiveState(): LiveState {
  return state;
}

const SERVER_STATE: LiveState = { connection: 'connecting', receiving: false };
export function getServerLiveState(): LiveState {
  return SERVER_STATE;
}

/** Events can reach this tab now: the stream is open and the service delivers to the console. */
export function isLive(s: LiveState): boolean {
  return s.connection === 'open' && s.receiving;
}
