import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { LiveRefresh } from '@/components/live/live-refresh';
import { OperationAmounts } from '@/components/operations/operation-amounts';
import { StuckBadge } from '@/components/operations/stuck-badge';
import { TestOperationBadge } from '@/components/operations/test-badge';
import { OperationTypeLabel } from '@/components/operations/operation-type-label';
import { StatusBadge } from '@/components/status/status-badge';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { listOperations } from '@/lib/api/operations';
import { liveCursor } from '@/lib/live/cursor';
import { isTerminal } from '@/lib/domain/operations/view';
import { stuckMinutes } from '@/lib/operations/stuck';

const SHOWN = 6;

/** The latest operations, each linking to its page, with stuck ones flagged; refreshed live. */
export async function RecentOperations() {
  const [t, ts] = await Promise.all([getTranslations('operations.overview'), getTranslations('operations')]);
  let page;
  let since: number;
  try {
    since = await liveCursor(); // before the data (LiveRefresh `since`)
    page = await listOperations({ limit: SHOWN });
  } catch (error) {
    return <ServiceErrorAlert error={error} title={t('failed')} />;
  }
  const moving = page.data.some((op) => !isTerminal(op.currentState.status));
  const live = <LiveRefresh resources={[{ kind: 'OPERATION' }]} active={moving} pollingNote={ts('live.polling')} since={since} />;
  if (page.data.length === 0) {
    return (
      <>
        {live}
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
      </>
    );
  }
  const rows = page.data.map((op) => ({ op, stuck: stuckMinutes(op) }));
  const stuck = rows.filter((r) => r.stuck !== null).length;
  return (
    <div className="space-y-3" data-testid="recent-operations">
      {live}
      {stuck > 0 ? <Alert tone="warning">{t('stuckAlert', { count: stuck })}</Alert> : null}
      <ul className="divide-y divide-border" aria-label={t('listLabel')}>
        {rows.map(({ op, stuck: limit }) => (
          <li key={op.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5" data-operation-id={op.id} data-status={op.currentState.status}>
            <span className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <Link href={`/operations/${op.id}`} className="text-sm font-medium text-accent-text hover:underline">
                <OperationTypeLabel type={op.intent.type} />
              </Link>
              <OperationAmounts source={op.sourceAmount} target={op.targetAmount} className="text-sm" />
            </span>
            <span className="flex shrink-0 items-center gap-2">
              <StatusBadge status={op.currentState.status} />
              {limit !== null ? <StuckBadge minutes={limit} /> : null}
              <TestOperationBadge op={op} />
              <DateTimeText value={op.createdAt} className="text-xs text-fg-muted" />
            </span>
          </li>
        ))}
      </ul>
      <Link href="/operations" className="text-sm text-accent-text hover:underline">
        {t('seeAll')}
      </Link>
    </div>
  );
}
