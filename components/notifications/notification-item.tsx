'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { WordedTime } from '@/components/i18n/worded-time';
import { cn } from '@/components/ui/cn';
import type { InboxItem } from './use-inbox';

/**
 * The row around an item shown as a row of a card list (`row`): it takes the item's unread colour and hover, and
 * the item's link covers it (`relative`), so the whole row opens the item.
 */
export function notificationRowClassName(item: InboxItem): string {
  return cn('relative first:rounded-t-lg last:rounded-b-lg hover:bg-surface-muted', !item.read && 'bg-accent-soft');
}

/**
 * One inbox item: its title and sentence in the reader's language and when it happened (worded by the server,
 * lib/notifications/inbox.ts), unread marked by a dot and (for screen readers) a word; the whole item is the deep
 * link. `onOpen` marks it read. As a `row` of a card list (the inbox page, components/data-table), the row has the
 * padding and colours (`notificationRowClassName`).
 */
export function NotificationItem({
  item,
  onOpen,
  compact = false,
  row = false,
}: {
  item: InboxItem;
  onOpen: (item: InboxItem) => void;
  compact?: boolean;
  row?: boolean;
}) {
  const t = useTranslations('notifications');
  const { words } = item;
  return (
    <Link
      href={item.link}
      onClick={() => onOpen(item)}
      data-testid="notification-item"
      data-kind={item.kind}
      data-read={item.read ? 'true' : 'false'}
      className={cn(
        'flex gap-3',
        row
          ? 'after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-[-2px] focus-visible:after:outline-ring'
          : 'rounded-md px-3 py-2.5 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
        !row && !item.read && 'bg-accent-soft',
      )}
    >
      <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-accent')} />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className={cn('text-sm text-fg', !item.read && 'font-semibold')}>
            {item.read ? null : <span className="sr-only">{t('list.new')}: </span>}
            {words.title}
          </span>
          <WordedTime value={item.createdAt} words={words.when} className="text-xs text-fg-muted" />
        </span>
        <span className={cn('block text-sm text-fg-muted', compact && 'line-clamp-2')}>{words.body}</span>
      </span>
    </Link>
  );
}
