'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { withQueryProvider } from '@/components/query/query-provider';
import { Button } from '@/components/ui/button';
import { readActionResult } from '@/lib/actions/result';
import { markNotificationsReadAction } from '@/lib/notifications/actions';
import { NotificationItem } from './notification-item';
import { refreshInbox, type InboxItem, type InboxPage } from './use-inbox';

/** The bell's dropdown: loaded on first open (its list, its actions), not with every page. */
function NotificationPanel({
  id,
  page,
  failed,
  live,
  onNavigate,
}: {
  id: string;
  page: InboxPage | undefined;
  failed: boolean;
  live: boolean;
  onNavigate: () => void;
}) {
  const t = useTranslations('notifications');
  const client = useQueryClient();
  const [pending, setPending] = useState(false);

  async function markAll() {
    setPending(true);
    readActionResult(await markNotificationsReadAction({}));
    await refreshInbox(client);
    setPending(false);
  }
  function open(item: InboxItem) {
    onNavigate();
    if (!item.read) void markNotificationsReadAction({ ids: [item.id] }).then(() => refreshInbox(client));
  }

  return (
    <div
      id={id}
      role="region"
      aria-labelledby={`${id}-heading`}
      data-testid="notification-panel"
      className="fixed inset-x-2 top-14 z-40 rounded-lg border border-border bg-surface shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 id={`${id}-heading`} className="text-sm font-semibold text-fg">
          {t('bell.heading')}
        </h2>
        {page && page.unread > 0 ? (
          <Button size="sm" variant="ghost" onClick={markAll} loading={pending}>
            {t('list.markAllRead')}
          </Button>
        ) : null}
      </div>
      <div className="max-h-[min(24rem,70dvh)] overflow-y-auto p-1">
        {failed ? (
          <p className="px-3 py-4 text-sm text-fg-muted">{t('bell.failed')}</p>
        ) : page && page.items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-fg-muted">{t('bell.empty')}</p>
        ) : (
          <ul>
            {page?.items.map((item) => (
              <li key={item.id}>
                <NotificationItem item={item} onOpen={open} compact />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-3 py-2 text-xs text-fg-muted">
        <span data-testid="notification-live">{live ? t('live.on') : t('live.polling')}</span>
        <Link href="/notifications" onClick={onNavigate} className="text-sm font-medium text-accent-text hover:underline">
          {t('bell.seeAll')}
        </Link>
      </div>
    </div>
  );
}

export default withQueryProvider(NotificationPanel);
