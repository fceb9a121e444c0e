'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

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
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
