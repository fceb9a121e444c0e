'use client';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveEvent } from '@/lib/domain/live/events';
import {
  getLiveState,
  getServerLiveState,
  subscribeLive,
  subscribeLiveState,
  type LiveState,
} from './live-connection';

/** The tab's live-connection state (`connection`, `receiving`), re-rendering when it changes. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribeLiveState, getLiveState, getServerLiveState);
}

/**
 * Calls `onEvent` for every event on /api/live while mounted (`onReset` when the stream missed too much to
 * replay). The handler may change between renders without reconnecting. `since`: the point the page's data was
 * read at (see `subscribeLive`); the one it mounted with counts.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, onReset?: () => void, since?: number): LiveState {
  const handler = useRef(onEvent);
  const reset = useRef(onReset);
  useEffect(() => {
    handler.current = onEvent;
    reset.current = onReset;
  });
  useEffect(
    () =>
      subscribeLive(
        (e) => handler.current(e),
        () => reset.current?.(),
        since,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per mount: after a refresh, what lies between the two points was heard live
    [],
  );
  return useLiveState();
}
