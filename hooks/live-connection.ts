// The browser's one connection to /api/live, shared by every <LiveRefresh> and useLiveEvents() in the tab.
// Plain module state (not React state): a page with five live widgets still opens one stream.
import { notificationEvent, parseLiveEvent, reconnectDelayMs, type LiveEvent } from '@/lib/domain/live/events';

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
  const es = new EventSource(url);
  source = es;
  es.addEventListener('open', () => {
    attempt = 0;
    setState({ connection: 'open' });
  });
  es.addEventListener('status', (e) => {
    try {
      const data = JSON.parse((e as MessageEvent<string>).data) as { receiving?: unknown };
      setState({ receiving: data.receiving === true });
    } catch {
      setState({ receiving: false });
    }
  });
  es.addEventListener('change', (e) => {
    const event = parseLiveEvent((e as MessageEvent<string>).data);
    if (!event) return;
    lastEventId = event.seq;
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
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    attempt = 0;
    setState({ connection: 'connecting' });
  };
}

/** Receive every live event (and `reset`: too much was missed, refresh everything) while subscribed. */
export function subscribeLive(onEvent: Listener, onReset?: ResetListener): () => void {
  listeners.add(onEvent);
  if (onReset) resetListeners.add(onReset);
  const release = retain();
  return () => {
    listeners.delete(onEvent);
    if (onReset) resetListeners.delete(onReset);
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
