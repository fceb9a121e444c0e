'use client';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { amountText } from '@/components/money/amount-text';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { cn } from '@/components/ui/cn';
import { wordingKey } from '@/lib/domain/notifications/kinds';
import type { InboxItem } from './use-inbox';

/** The sentence's values: amounts formatted in the reader's locale, everything else as stored. */
function wordingValues(item: InboxItem, locale: string): Record<string, string | number> {
  const p = item.params;
  const values: Record<string, string | number> = { ...p };
  if (p.amount && p.asset) values.amount = amountText({ value: p.amount, asset: p.asset }, locale);
  if (p.threshold && p.asset) values.threshold = amountText({ value: p.threshold, asset: p.asset }, locale);
  for (const n of ['due', 'failed', 'attempts', 'minutes']) if (p[n] && /^\d+$/.test(p[n])) values[n] = Number(p[n]);
  for (const k of ['requester', 'beneficiary', 'reason', 'account', 'url', 'type', 'status', 'by', 'what']) values[k] ??= '—';
  values.due ??= 0;
  return values;
}

/**
 * The row around an item shown as a row of a card list (`row`): it takes the item's unread colour and hover, and
 * the item's link covers it (`relative`), so the whole row opens the item.
 */
export function notificationRowClassName(item: InboxItem): string {
  return cn('relative first:rounded-t-lg last:rounded-b-lg hover:bg-surface-muted', !item.read && 'bg-accent-soft');
}

/**
 * One inbox item: its title and sentence in the reader's language, when it happened, unread marked by a dot and
 * (for screen readers) a word; the whole item is the deep link. `onOpen` marks it read. As a `row` of a card list
 * (the inbox page, components/data-table), the row has the padding and colours (`notificationRowClassName`).
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
  const locale = useLocale();
  const key = wordingKey(item.kind);
  const values = wordingValues(item, locale);
  // A control change names its kind by code (`team.change-role`): the reader gets it in words.
  const changeKind = item.kind === 'control-change.pending' && item.params.what ? `controlChangeKinds.${item.params.what.replace('.', '_')}` : null;
  if (changeKind && t.has(changeKind)) values.what = t(changeKind);
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
            {t(`${key}.title`)}
          </span>
          <DateTimeText value={item.createdAt} className="text-xs text-fg-muted" />
        </span>
        <span className={cn('block text-sm text-fg-muted', compact && 'line-clamp-2')}>{t(`${key}.body`, values)}</span>
      </span>
    </Link>
  );
}
