import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { OperationAmounts } from '@/components/operations/operation-amounts';
import { StuckBadge } from '@/components/operations/stuck-badge';
import { TestOperationBadge } from '@/components/operations/test-badge';
import { useOperationTypeLabel } from '@/components/operations/use-operation-type-label';
import { StatusBadge } from '@/components/status/status-badge';
import { CardList, CardListItem } from '@/components/ui/card-list';
import { shortId, type OperationRowView } from './operations-table';

/** The operations list on narrow screens: one card per operation instead of a wide table. */
export function OperationsCards({ rows, className }: { rows: OperationRowView[]; className?: string }) {
  const t = useTranslations('operations.list');
  const typeLabel = useOperationTypeLabel();
  return (
    <CardList aria-label={t('tableLabel')} className={className}>
      {rows.map(({ op, accountName, stuckMinutes }) => (
        <CardListItem key={op.id} data-operation-id={op.id} data-status={op.currentState.status}>
          <div className="flex items-start justify-between gap-3">
            {/* Named by what it shows (WCAG 2.5.3, label in name): an aria-label here said more than the text. */}
            <Link href={`/operations/${op.id}`} className="font-medium text-accent-text hover:underline">
              {typeLabel(op.intent.type)}{' '}
              <span className="ml-1 font-mono text-xs text-fg-muted">{shortId(op.id)}</span>
            </Link>
            <span className="flex flex-wrap justify-end gap-1">
              <StatusBadge status={op.currentState.status} />
              {stuckMinutes !== null ? <StuckBadge minutes={stuckMinutes} /> : null}
              <TestOperationBadge op={op} />
            </span>
          </div>
          <OperationAmounts source={op.sourceAmount} target={op.targetAmount} className="mt-1 text-sm" />
          <p className="mt-1 text-xs text-fg-muted [overflow-wrap:anywhere]">
            {accountName ?? <span className="font-mono">{shortId(op.account.id)}</span>} · <DateTimeText value={op.createdAt} />
          </p>
        </CardListItem>
      ))}
    </CardList>
  );
}
