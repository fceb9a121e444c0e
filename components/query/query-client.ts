'use client';
import { QueryClient } from '@tanstack/react-query';
import { observeLive } from '@/hooks/live-connection';
import { queryKeysForEvent } from '@/lib/domain/live/events';

let tabClient: QueryClient | undefined;

function makeClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Live events invalidate the keys they touch, so a short stale time is enough to dedupe remounts.
      queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/**
 * The console's one react-query client per tab, for what the browser fetches itself (palette search, inbox, progress
 * watches). It lives in this module, not in the console layout, so react-query is fetched with the first island that
 * uses it (each loads after the page) and no route's first-load JS carries it; every island wraps itself in
 * QueryProvider over this same client, so they share one cache.
 *
 * Made on first use in the browser, with the tab's one live invalidation: every live event invalidates the keys it maps
 * to (lib/domain/live/events.ts, `queryKeysForEvent`: `['operations']`, `['notifications']`, `['search']`, …),
 * everything on `reset`. It only listens: events reach it while an island or page holds the live connection, and no
 * second stream is opened for it. On the server (an island rendered there) each call gets a fresh client, so a server
 * render never shares a cache between users.
 */
export function tabQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeClient();
  if (!tabClient) {
    const client = makeClient();
    observeLive(
      (event) => {
        for (const queryKey of queryKeysForEvent(event)) void client.invalidateQueries({ queryKey: [...queryKey] });
      },
      () => void client.invalidateQueries(),
    );
    tabClient = client;
  }
  return tabClient;
}
