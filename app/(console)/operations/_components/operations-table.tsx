import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { OperationAmounts } from '@/components/operations/operation-amounts';
import { StuckBadge } from '@/components/operations/stuck-badge';
import { TestOperationBadge } from '@/components/operations/test-badge';
import { useOperationTypeLabel } from '@/components/operations/use-operation-type-label';
import { StatusBadge } from '@/components/status/status-badge';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { Operation } from '@/lib/api/schemas/operation';

export interface OperationRowView {
  op: Operation;
  accountName: string | null;
  /** The type's limit in minutes when the operation is stuck, else null. */
  stuckMinutes: number | null;
}

/** The first 8 characters of an id: enough to tell rows apart, the whole id is on the detail page. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** One row per operation; the type links to the detail page. */
export function OperationsTable({ rows }: { rows: OperationRowView[] }) {
  const t = useTranslations('operations.list');
  const typeLabel = useOperationTypeLabel();
  return (
    <Table label={t('tableLabel')}>
      <TableCaption>{t('caption')}</TableCaption>
      <THead>
        <tr>
          <TH>{t('operation')}</TH>
          <TH>{t('status')}</TH>
          <TH>{t('amounts')}</TH>
          <TH>{t('account')}</TH>
          <TH>{t('created')}</TH>
        </tr>
      </THead>
      <TBody>
        {rows.map(({ op, accountName, stuckMinutes }) => (
          <TR key={op.id} data-operation-id={op.id} data-status={op.currentState.status} data-type={op.intent.type}>
            <TD className="whitespace-nowrap">
              <Link
                href={`/operations/${op.id}`}
                aria-label={t('open', { type: typeLabel(op.intent.type), id: shortId(op.id) })}
                className="font-medium text-accent-text underline-offset-2 hover:underline focus-visible:underline"
              >
                {typeLabel(op.intent.type)}
              </Link>
              <span className="ml-2 font-mono text-xs text-fg-muted">{shortId(op.id)}</span>
            </TD>
            <TD>
              <span className="flex flex-wrap items-center gap-1">
                <StatusBadge status={op.currentState.status} />
                {stuckMinutes !== null ? <StuckBadge minutes={stuckMinutes} /> : null}
                <TestOperationBadge op={op} />
              </span>
            </TD>
            <TD>
              <OperationAmounts source={op.sourceAmount} target={op.targetAmount} />
            </TD>
            <TD className="max-w-64 [overflow-wrap:anywhere]">
              {accountName ?? <span className="font-mono text-xs">{shortId(op.account.id)}</span>}
            </TD>
            <TD className="whitespace-nowrap text-fg-muted">
              <DateTimeText value={op.createdAt} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
