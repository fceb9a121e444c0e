import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Badge } from '@/components/ui/badge';
import { CardListFacts } from '@/components/ui/card-list';
import type { SubscriptionRow } from '@/lib/webhooks/subscription-list-page';
import { DeleteSubscriptionButton } from './delete-subscription-button';

/** Subscriptions with their last-24-hours delivery health; admins get a delete button (with a confirmation) per row. */
export async function SubscriptionList({ rows, canManage }: { rows: SubscriptionRow[]; canManage: boolean }) {
  const [t, locale] = await Promise.all([getTranslations('webhooks'), getLocale()]);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const url = ({ sub }: SubscriptionRow) => (
    <Link href={`/webhooks/${sub.id}`} className="font-medium break-all text-accent-text underline-offset-2 hover:underline">
      {sub.url}
    </Link>
  );
  const events = ({ sub }: SubscriptionRow) =>
    sub.includeAll ? t('list.allEvents') : t('list.eventCount', { count: sub.resources.reduce((n, r) => n + r.events.length, 0) });
  const retries = ({ sub }: SubscriptionRow) => (sub.allowRetry ? t('list.retriesOn') : t('list.retriesOff'));
  const health = ({ health: h }: SubscriptionRow) =>
    !h || h.window24h.rate === null ? (
      <span className="text-fg-muted">{t('list.noAttempts')}</span>
    ) : (
      <span className="flex flex-wrap items-center gap-2">
        <span className="tabular">{t('list.rate', { rate: percent.format(h.window24h.rate) })}</span>
        {h.consecutiveFailures > 0 ? <Badge tone="danger">{t('list.streak', { count: h.consecutiveFailures })}</Badge> : null}
      </span>
    );
  const remove = ({ sub }: SubscriptionRow) => (
    <IntlScope namespaces={['webhooks']}>
      <DeleteSubscriptionButton subscriptionId={sub.id} url={sub.url} />
    </IntlScope>
  );
  const columns: DataColumn<SubscriptionRow>[] = [
    { id: 'url', header: t('list.url'), cell: url, className: 'max-w-[22rem]' },
    { id: 'events', header: t('list.events'), cell: events },
    { id: 'retries', header: t('list.retries'), cell: retries },
    { id: 'health', header: t('list.health'), cell: health },
    { id: 'created', header: t('list.created'), cell: ({ sub }) => <DateTimeText value={sub.createdAt} className="tabular whitespace-nowrap" /> },
  ];
  if (canManage) {
    columns.push({ id: 'actions', header: <span className="sr-only">{t('list.actions')}</span>, cell: remove, className: 'text-right', headerClassName: 'text-right' });
  }
  return (
    <DataList
      rows={rows}
      rowKey={({ sub }) => sub.id}
      label={t('list.caption')}
      caption={t('list.caption')}
      columns={columns}
      tableFrom="md"
      rowProps={() => ({ 'data-testid': 'subscription-row' })}
      cardProps={() => ({ 'data-testid': 'subscription-card' })}
      card={(row) => (
        <>
          {url(row)}
          <CardListFacts
            facts={[
              [t('list.events'), events(row)],
              [t('list.retries'), retries(row)],
              [t('list.health'), health(row)],
              [t('list.created'), <DateTimeText key="created" value={row.sub.createdAt} className="tabular" />],
            ]}
          />
          {canManage ? <div className="mt-3">{remove(row)}</div> : null}
        </>
      )}
    />
  );
}
