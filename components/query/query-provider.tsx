'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { tabQueryClient } from './query-client';

/**
 * Gives the components below it the tab's react-query client (components/query/query-client.ts). Each client island
 * that uses react-query wraps itself in it (the palette, the bell's data and dropdown, the inbox page's lists), inside
 * its own lazily loaded chunk; the console layout does not, so pages do not pay for react-query in first-load JS.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(tabQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `Component` inside QueryProvider: for the default export of a lazily loaded island. */
export function withQueryProvider<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryProvider(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryProvider.displayName = `WithQueryProvider(${Component.displayName ?? Component.name})`;
  return WithQueryProvider;
}
