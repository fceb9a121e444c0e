import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { AmountText } from '@/components/money/amount-text';
import { PayoutStatusBadge } from '@/components/payouts/payout-status-badge';
import { CardListFacts } from '@/components/ui/card-list';
import type { PayoutPage } from '@/lib/payouts/store';

type Payout = PayoutPage['data'][number];

const amountOf = (p: Payout) => <AmountText amount={{ value: p.amount, asset: p.fixedSide === 'source' ? p.sourceAsset : p.targetAsset }} />;
const created = (p: Payout) => <DateTimeText value={p.createdAt.toISOString()} />;
const beneficiary = (p: Payout) => (
  <Link href={`/payouts/${p.id}`} className="min-w-0 font-medium underline underline-offset-4 [overflow-wrap:anywhere]">
    {p.beneficiaryName}
  </Link>
);

/** Payout requests: status right after who and how much, in the table as on the cards. */
export async function PayoutList({ payouts, label }: { payouts: Payout[]; label: string }) {
  const t = await getTranslations('payouts.list');
  const columns: DataColumn<Payout>[] = [
    { id: 'beneficiary', header: t('col.beneficiary'), cell: beneficiary },
    { id: 'amount', header: t('col.amount'), cell: amountOf, className: 'whitespace-nowrap' },
    { id: 'status', header: t('col.status'), cell: (p) => <PayoutStatusBadge status={p.status} /> },
    { id: 'created', header: t('col.created'), cell: created, className: 'whitespace-nowrap' },
    { id: 'requester', header: t('col.requester'), cell: (p) => p.requesterName },
    { id: 'approvals', header: t('col.approvals'), cell: (p) => p.requiredApprovals, className: 'tabular-nums' },
  ];
  return (
    <DataList
      rows={payouts}
      rowKey={(p) => p.id}
      label={label}
      columns={columns}
      rowProps={(p) => ({ 'data-testid': `payout-row-${p.id}` })}
      cardProps={(p) => ({ 'data-testid': `payout-card-${p.id}` })}
      card={(p) => (
        <>
          <div className="flex items-start justify-between gap-3">
            {beneficiary(p)}
            <PayoutStatusBadge status={p.status} />
          </div>
          <p className="mt-1 text-sm font-medium">{amountOf(p)}</p>
          <CardListFacts
            facts={[
              [t('col.created'), created(p)],
              [t('col.requester'), p.requesterName],
              [t('col.approvals'), <span key="approvals" className="tabular-nums">{p.requiredApprovals}</span>],
            ]}
          />
        </>
      )}
    />
  );
}
