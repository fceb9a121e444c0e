'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { NotificationItem } from '@/components/notifications/notification-item';
import { inboxIsLive, refreshInbox, useInboxPages, type InboxItem } from '@/components/notifications/use-inbox';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import { markNotificationsReadAction } from '@/lib/notifications/actions';

/** The whole inbox, newest first, with "mark all read" and whether it is live or polling. */
export function InboxList() {
  const t = useTranslations('notifications');
  const client = useQueryClient();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const { query, live } = useInboxPages();
  const [pending, setPending] = useState(false);
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
    <Card>
      <CardHeader
        title={t('list.heading')}
        description={
          <span data-testid="inbox-live" role="status">
            {inboxIsLive(live) ? t('live.on') : t('live.polling')}
          </span>
        }
        actions={
          <Button size="sm" variant="secondary" onClick={markAll} loading={pending} disabled={unread === 0}>
            {t('list.markAllRead')}
          </Button>
        }
      />
      <CardBody className="p-2 sm:p-2">
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
          <ul data-testid="inbox-list" className="divide-y divide-border">
            {items.map((item) => (
              <li key={item.id}>
                <NotificationItem item={item} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage ? (
          <div className="p-2">
            <Button size="sm" variant="ghost" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {t('list.loadMore')}
            </Button>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
