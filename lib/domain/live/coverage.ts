// Pure: which received events this tab's live stream has delivered without a gap, so that a page rendered at a known
// point (the newest stored event when it read its data) can be told what it missed before it subscribed, instead of
// refreshing once on every load to be sure. Used by hooks/live-connection.ts.
import type { LiveEvent } from './events';

/** How many delivered events a tab keeps for pages that subscribe later (the server's own replay limit). */
export const RECENT_EVENTS = 200;

/** Every `change` event after `from` reached this tab, the newest of them kept in `events` (oldest first). */
export interface Coverage {
  from: number;
  events: LiveEvent[];
}

/**
 * Coverage once a stream has opened at `from` (the server's starting point, sent in its `status`). A stream that
 * resumed exactly where the last one stopped (`resumedFrom`, the Last-Event-ID it sent) continues the coverage
 * before it; any other starting point begins a new one, with nothing known before it.
 */
export function coverageOnOpen(previous: Coverage | null, resumedFrom: number | null, from: number): Coverage {
  if (previous && resumedFrom !== null && from === resumedFrom && previous.from <= from) return previous;
  return { from, events: [] };
}

/** Records a delivered event (in place); the oldest is let go past `max`, moving `from` up to it. */
export function coverageWith(coverage: Coverage, event: LiveEvent, max = RECENT_EVENTS): Coverage {
  const last = coverage.events.at(-1)?.seq ?? coverage.from;
  if (event.seq <= last) return coverage;
  coverage.events.push(event);
  while (coverage.events.length > max) coverage.from = coverage.events.shift()!.seq;
  return coverage;
}

/**
 * What a page whose data was read at `since` must still hear: the events after `since` this tab has already
 * delivered, or `refresh` when the tab cannot tell (its stream began after `since`, or it let older events go).
 */
export function catchUpFrom(coverage: Coverage | null, since: number): { events: LiveEvent[] } | 'refresh' {
  if (!coverage || coverage.from > since) return 'refresh';
  return { events: coverage.events.filter((event) => event.seq > since) };
}

/** The starting point in a `status` message (`{receiving, from}`), when the server sent one. */
export function statusFrom(data: unknown): number | null {
  const from = (data as { from?: unknown } | null)?.from;
  return typeof from === 'number' && Number.isSafeInteger(from) && from >= 0 ? from : null;
}
