'use client';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLiveQueryInvalidation } from '@/hooks/use-live-events';

/**
 * The console's one react-query client, for what the browser fetches itself (palette search, inbox, progress
 * watches). Pages rendered on the server do not go through it. One client per tab, made on first render so a
 * server render never shares a cache between users.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Live events invalidate the keys they touch, so a short stale time is enough to dedupe remounts.
          queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: true },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <LiveQueryInvalidation />
      {children}
    </QueryClientProvider>
  );
}

/** The one subscription that turns live events into invalidated query keys, for the whole tab. */
function LiveQueryInvalidation() {
  useLiveQueryInvalidation(useQueryClient());
  return null;
}
