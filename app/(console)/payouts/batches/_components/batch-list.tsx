import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { amountText } from '@/components/money/amount-text';
import { BatchStatusBadge } from '@/components/payout-batches/batch-status-badge';
import { batchOutcome, type RowCounts } from '@/lib/domain/payout-batches/state-machine';
import type { BatchPage } from '@/lib/payout-batches/store';

type Batch = BatchPage['data'][number];

/** A completed batch some of whose rows failed says so. */
function shownStatus(b: Batch, counts: RowCounts | undefined): string {
  return b.status === 'COMPLETED' && counts ? batchOutcome(counts) : b.status;
}

/**
 * Batches: when (linking to the batch), the totals per asset, status, how many rows' withdrawals went out (still
 * moving or paid), who uploaded.
 */
export async function BatchList({ batches, counts }: { batches: Batch[]; counts: (id: string) => RowCounts | undefined }) {
  const [t, locale] = await Promise.all([getTranslations('payoutBatches.list'), getLocale()]);
  const total = (b: Batch) =>
    Object.entries(b.totals as Record<string, string>)
      .map(([asset, value]) => amountText({ value, asset }, locale))
      .join(' · ');
  const when = (b: Batch, className: string) => (
    <Link href={`/payouts/batches/${b.id}`} className={className}>
      <DateTimeText value={b.createdAt.toISOString()} />
    </Link>
  );
  const sent = (b: Batch) => {
    const c = counts(b.id);
    return c ? c.CREATED + c.COMPLETED : 0;
  };
  const progress = (b: Batch) => t('progress', { created: sent(b), rows: b.rowCount });
  const columns: DataColumn<Batch>[] = [
    { id: 'created', header: t('col.created'), cell: (b) => when(b, 'font-medium underline underline-offset-4'), className: 'whitespace-nowrap' },
    { id: 'total', header: t('col.total'), cell: total, className: 'tabular-nums' },
    { id: 'status', header: t('col.status'), cell: (b) => <BatchStatusBadge status={shownStatus(b, counts(b.id))} /> },
    { id: 'progress', header: t('col.progress'), cell: progress, className: 'tabular-nums' },
    { id: 'requester', header: t('col.requester'), cell: (b) => b.requesterName },
  ];
  return (
    <DataList
      rows={batches}
      rowKey={(b) => b.id}
      label={t('label')}
      columns={columns}
      rowProps={(b) => ({ 'data-testid': `batch-row-${b.id}` })}
      card={(b) => (
        <>
          <div className="flex items-start justify-between gap-3">
            {when(b, 'min-w-0 font-medium underline underline-offset-4')}
            <BatchStatusBadge status={shownStatus(b, counts(b.id))} />
          </div>
          <p className="mt-1 text-sm tabular-nums [overflow-wrap:anywhere]">{total(b)}</p>
          <p className="text-sm text-fg-muted">
            {progress(b)} · {b.requesterName}
          </p>
        </>
      )}
    />
  );
}
