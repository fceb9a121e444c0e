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
 * replay). The handler may change between renders without reconnecting.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, onReset?: () => void): LiveState {
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
      ),
    [],
  );
  return useLiveState();
}
