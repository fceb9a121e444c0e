'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useLiveEvents } from '@/hooks/use-live-events';
import { eventConcernsAny, type LiveResource } from '@/lib/domain/live/events';
import { isLive } from '@/hooks/live-connection';

/** How often a page polls while live events cannot arrive and something it shows is still moving. */
export const POLL_INTERVAL_MS = 5_000;
/**
 * While live and something shown can still move, a slow refresh anyway: an event that lands while a refresh (or a
 * server action's re-render) is already in flight is answered by that render, which may have read the state just
 * before the event — without this the page would wait for an event that already came.
 */
export const LIVE_SAFETY_POLL_MS = 15_000;
const REFRESH_DEBOUNCE_MS = 150;

/** How often the page refreshes on its own: never when nothing can move; slowly when live; every 5 s otherwise. */
export function ownRefreshIntervalMs({ active, live }: { active: boolean; live: boolean }): number | null {
  if (!active) return null;
  return live ? LIVE_SAFETY_POLL_MS : POLL_INTERVAL_MS;
}

export interface LiveRefreshProps {
  /** What the page shows: `[{kind: 'OPERATION', id}]`; `{kind}` alone for a list of that kind. */
  resources: readonly LiveResource[];
  /** Something shown can still change (e.g. an operation not yet COMPLETED/FAILED): poll when not live. */
  active?: boolean;
  /** The sentence shown while polling (from the page's catalogue); nothing is shown without it. */
  pollingNote?: string;
  /**
   * The newest stored event when the page read what it shows (`liveCursor()`, lib/live/cursor.ts, read before the
   * data). The page hears what came after that point, including what landed before its stream opened, and
   * refreshes only if something concerning it did (or once, if the tab cannot tell: hooks/live-connection.ts).
   */
  since: number;
}

/**
 * Keeps a server-rendered page current: `router.refresh()` when an event for one of `resources` arrives on
 * /api/live; while `active` and events cannot arrive (no subscription to this console, or the stream is down),
 * a refresh every 5 s instead, and says so; while live, a refresh every 15 s as a safety net. Renders nothing else.
 */
export function LiveRefresh({ resources, active = false, pollingNote, since }: LiveRefreshProps) {
  const router = useRouter();
  const watched = useRef(resources);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    watched.current = resources;
  });

  const refreshSoon = useRef(() => {});
  useEffect(() => {
    refreshSoon.current = () => {
      // Several events in a burst (REQUESTED then COMPLETED) make one refresh.
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        router.refresh();
      }, REFRESH_DEBOUNCE_MS);
    };
  }, [router]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const state = useLiveEvents(
    (event) => {
      if (eventConcernsAny(event, watched.current)) refreshSoon.current();
    },
    () => refreshSoon.current(),
    since,
  );
  const live = isLive(state);

  useEffect(() => {
    const every = ownRefreshIntervalMs({ active, live });
    if (every === null) return;
    const id = setInterval(() => router.refresh(), every);
    return () => clearInterval(id);
  }, [active, live, router]);

  // Not while the first connection is being made: a note that flashes on every page load is noise.
  const cannotArrive = state.connection === 'down' || (state.connection === 'open' && !state.receiving);
  if (!active || !cannotArrive || !pollingNote) return null;
  return (
    <p role="status" className="text-xs text-muted" data-live-polling="">
      {pollingNote}
    </p>
  );
}
