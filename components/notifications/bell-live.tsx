'use client';
import { useEffect } from 'react';
import { withQueryProvider } from '@/components/query/query-provider';
import { inboxIsLive, useLatestInbox, type InboxPage } from './use-inbox';

export interface BellState {
  page: InboxPage | undefined;
  failed: boolean;
  live: boolean;
}

/**
 * The bell's data: react-query and the live channel, in a chunk of its own loaded after the page (the bell's button
 * is in every page's first load; this is not). Renders nothing; reports what it has to the bell.
 */
function BellLive({ limit, onChange }: { limit: number; onChange: (state: BellState) => void }) {
  const { query, live } = useLatestInbox(limit);
  const isLive = inboxIsLive(live);
  const failed = query.isError && !query.data;
  useEffect(() => {
    onChange({ page: query.data, failed, live: isLive });
  }, [query.data, failed, isLive, onChange]);
  return null;
}

export default withQueryProvider(BellLive);
