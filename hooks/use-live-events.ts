'use client';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeysForEvent, type LiveEvent } from '@/lib/domain/live/events';
import {
  getLiveState,
  getServerLiveState,
  observeLive,
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

/**
 * The tab's one react-query invalidation: every live event invalidates the keys it maps to
 * (lib/domain/live/events.ts, `queryKeysForEvent`: `['operations']`, `['beneficiaries']`, `['accounts']`,
 * `['balances']`, `['webhooks']`, `['search']`), everything on `reset`. It only listens: events reach it while a
 * page holds the live connection anyway, and no second stream is opened for it. Mounted once, by QueryProvider.
 */
export function useLiveQueryInvalidation(queryClient: QueryClient): void {
  useEffect(
    () =>
      observeLive(
        (event) => {
          for (const queryKey of queryKeysForEvent(event)) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
        },
        () => void queryClient.invalidateQueries(),
      ),
    [queryClient],
  );
}
