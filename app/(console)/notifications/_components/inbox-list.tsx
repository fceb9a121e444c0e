'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { DataListView } from '@/components/data-table/data-list-view';
import { NotificationItem, notificationRowClassName } from '@/components/notifications/notification-item';
import { inboxIsLive, refreshInbox, useInboxPages, type InboxItem, type InboxPage } from '@/components/notifications/use-inbox';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { useHydrated } from '@/hooks/use-hydrated';
import { readActionResult } from '@/lib/actions/result';
import { markNotificationsReadAction } from '@/lib/notifications/actions';

/**
 * The whole inbox, newest first, with "mark all read" and whether it is live or polling: the console's list parts
 * (components/data-table) with a "show older" pager, as the feed is read in the browser and grows under the items
 * already shown. `initial`: the first page as the server read it, so the page is sent with it (no fetch, no skeleton).
 */
export function InboxList({ initial }: { initial?: InboxPage }) {
  const t = useTranslations('notifications');
  const client = useQueryClient();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const { query, live } = useInboxPages(initial);
  const [pending, setPending] = useState(false);
  // The list is rendered on the server: until the page has hydrated, a click on the button would do nothing.
  const hydrated = useHydrated();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;

  async function markAll() {
    setPending(true);
    const r = readActionResult(await markNotificationsReadAction({}));
    await refreshInbox(client);
    setPending(false);
    if (r.ok) toast({ tone: 'success', title: t('list.markedAllRead') });
    else toast({ tone: 'error', title: sentence(r.failure) });
  }
  function open(item: InboxItem) {
    if (!item.read) void markNotificationsReadAction({ ids: [item.id] }).then(() => refreshInbox(client));
  }

  return (
    <section aria-labelledby="inbox-heading" className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="inbox-heading" className="text-base font-semibold text-fg">
            {t('list.heading')}
          </h2>
          <p className="mt-0.5 text-sm text-fg-muted" data-testid="inbox-live" role="status">
            {inboxIsLive(live) ? t('live.on') : t('live.polling')}
          </p>
        </div>
        <Button size="sm" variant="secondary" onClick={markAll} loading={pending} disabled={unread === 0 || !hydrated}>
          {t('list.markAllRead')}
        </Button>
      </div>
      {query.isPending ? (
        <SkeletonRows rows={4} />
      ) : query.isError && items.length === 0 ? (
        <Alert tone="error">
          {t('list.failed')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void query.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState title={t('list.emptyTitle')} description={t('list.emptyBody')} />
      ) : (
        <div data-testid="inbox-list">
          <DataListView
            rows={items}
            rowKey={(item) => item.id}
            label={t('list.heading')}
            cardProps={(item) => ({ className: notificationRowClassName(item) })}
            card={(item) => <NotificationItem item={item} onOpen={open} row />}
          />
        </div>
      )}
      <CursorPagination
        more={query.hasNextPage ? { label: t('list.loadMore'), onLoad: () => void query.fetchNextPage(), loading: query.isFetchingNextPage } : null}
      />
    </section>
  );
}
