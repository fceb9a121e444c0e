import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { OperationAmounts } from '@/components/operations/operation-amounts';
import { StuckBadge } from '@/components/operations/stuck-badge';
import { TestOperationBadge } from '@/components/operations/test-badge';
import { useOperationTypeLabel } from '@/components/operations/use-operation-type-label';
import { StatusBadge } from '@/components/status/status-badge';
import type { Operation } from '@/lib/api/schemas/operation';

export interface OperationRowView {
  op: Operation;
  accountName: string | null;
  /** The type's limit in minutes when the operation is stuck, else null. */
  stuckMinutes: number | null;
}

/** The first 8 characters of an id: enough to tell rows apart, the whole id is on the detail page. */
const shortId = (id: string) => id.slice(0, 8);

/** One row (from 768 px) or card per operation; the type links to the detail page. */
export function OperationsList({ rows }: { rows: OperationRowView[] }) {
  const t = useTranslations('operations.list');
  const typeLabel = useOperationTypeLabel();
  const badges = ({ op, stuckMinutes }: OperationRowView) => (
    <>
      <StatusBadge status={op.currentState.status} />
      {stuckMinutes !== null ? <StuckBadge minutes={stuckMinutes} /> : null}
      <TestOperationBadge op={op} />
    </>
  );
  const columns: DataColumn<OperationRowView>[] = [
    {
      id: 'operation',
      header: t('operation'),
      className: 'whitespace-nowrap',
      cell: ({ op }) => (
        <>
          <Link
            href={`/operations/${op.id}`}
            aria-label={t('open', { type: typeLabel(op.intent.type), id: shortId(op.id) })}
            className="font-medium text-accent-text underline-offset-2 hover:underline focus-visible:underline"
          >
            {typeLabel(op.intent.type)}
          </Link>
          <span className="ml-2 font-mono text-xs text-fg-muted">{shortId(op.id)}</span>
        </>
      ),
    },
    { id: 'status', header: t('status'), cell: (row) => <span className="flex flex-wrap items-center gap-1">{badges(row)}</span> },
    { id: 'amounts', header: t('amounts'), cell: ({ op }) => <OperationAmounts source={op.sourceAmount} target={op.targetAmount} /> },
    {
      id: 'account',
      header: t('account'),
      className: 'max-w-64 [overflow-wrap:anywhere]',
      cell: ({ op, accountName }) => accountName ?? <span className="font-mono text-xs">{shortId(op.account.id)}</span>,
    },
    { id: 'created', header: t('created'), cell: ({ op }) => <DateTimeText value={op.createdAt} />, className: 'whitespace-nowrap text-fg-muted' },
  ];
  return (
    <DataList
      rows={rows}
      rowKey={({ op }) => op.id}
      label={t('tableLabel')}
      caption={t('caption')}
      columns={columns}
      tableFrom="md"
      rowProps={({ op }) => ({ 'data-operation-id': op.id, 'data-status': op.currentState.status, 'data-type': op.intent.type })}
      cardProps={({ op }) => ({ 'data-operation-id': op.id, 'data-status': op.currentState.status })}
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-3">
            {/* Named by what it shows (WCAG 2.5.3, label in name): an aria-label here said more than the text. */}
            <Link href={`/operations/${row.op.id}`} className="font-medium text-accent-text hover:underline">
              {typeLabel(row.op.intent.type)} <span className="ml-1 font-mono text-xs text-fg-muted">{shortId(row.op.id)}</span>
            </Link>
            <span className="flex flex-wrap justify-end gap-1">{badges(row)}</span>
          </div>
          <OperationAmounts source={row.op.sourceAmount} target={row.op.targetAmount} className="mt-1 text-sm" />
          <p className="mt-1 text-xs text-fg-muted [overflow-wrap:anywhere]">
            {row.accountName ?? <span className="font-mono">{shortId(row.op.account.id)}</span>} · <DateTimeText value={row.op.createdAt} />
          </p>
        </>
      )}
    />
  );
}
