'use client';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLiveEvents } from '@/hooks/use-live-events';
import type { LiveState } from '@/hooks/live-connection';
import { INBOX_PAGE_SIZE, type NotificationKind } from '@/lib/domain/notifications/kinds';
import type { NotificationWords } from '@/lib/domain/notifications/wording';

/** One item as /api/notifications returns it (lib/notifications/inbox.ts, WordedNotification): worded by the server. */
export interface InboxItem {
  id: string;
  kind: NotificationKind;
  params: Record<string, string>;
  link: string;
  createdAt: string;
  read: boolean;
  words: NotificationWords;
}
export interface InboxPage {
  items: InboxItem[];
  unread: number;
  next: string | null;
}

/** Every inbox query starts with this key: a live "your inbox changed" invalidates all of them. */
export const INBOX_KEY = ['notifications'] as const;
/** While the live channel is down the inbox asks the server this often instead (said on screen). */
export const INBOX_POLL_MS = 30_000;

async function fetchInbox(limit: number, before: string | null, signal: AbortSignal): Promise<InboxPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  const response = await fetch(`/api/notifications?${query}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`inbox ${response.status}`);
  return (await response.json()) as InboxPage;
}

/** Live means the stream to this tab is open: inbox pushes do not depend on the service delivering webhooks. */
export function inboxIsLive(state: LiveState): boolean {
  return state.connection === 'open';
}

/**
 * Keeps this tab's live stream open while the inbox shows and says whether it is. The stream's events invalidate the
 * inbox key through the one tab-wide subscription in components/query/query-client.ts (queryKeysForEvent), so
 * this handler has nothing of its own to do.
 */
function useInboxStream(): LiveState {
  return useLiveEvents(() => {});
}

/** The newest `limit` items and the unread count (the bell), live-invalidated, polled while not live. */
export function useLatestInbox(limit: number): { query: ReturnType<typeof useQuery<InboxPage>>; live: LiveState } {
  const live = useInboxStream();
  const query = useQuery<InboxPage>({
    queryKey: [...INBOX_KEY, 'latest', limit],
    queryFn: ({ signal }) => fetchInbox(limit, null, signal),
    refetchInterval: inboxIsLive(live) ? false : INBOX_POLL_MS,
  });
  return { query, live };
}

/** The page's list: pages of 20, older ones on demand; `initial` is the first page when the server already read it. */
export function useInboxPages(initial?: InboxPage) {
  const live = useInboxStream();
  // Read on the server as the page was made; a tab that already holds the list keeps its own (newer) copy.
  const [initialDataUpdatedAt] = useState(() => Date.now());
  const query = useInfiniteQuery({
    queryKey: [...INBOX_KEY, 'pages'],
    queryFn: ({ pageParam, signal }) => fetchInbox(INBOX_PAGE_SIZE, pageParam, signal),
    initialPageParam: null as string | null,
    ...(initial ? { initialData: { pages: [initial], pageParams: [null] }, initialDataUpdatedAt } : {}),
    getNextPageParam: (last) => last.next,
    refetchInterval: inboxIsLive(live) ? false : INBOX_POLL_MS,
  });
  return { query, live };
}

/** After a change this tab made (read, preferences): every inbox query reads again. */
export function refreshInbox(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [...INBOX_KEY] });
}
