import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import { StatusBadge } from '@/components/status/status-badge';
import type { BeneficiarySummary } from '@/lib/api/schemas/beneficiary';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { pixKeyOf } from '@/lib/domain/beneficiaries/view';
import { formatTaxId } from '@/lib/validation/tax-id-format';

type Holder = { type: string; tradeName?: string | null; taxId?: { value: string; type?: string } };

/** Beneficiaries: who (name, trade name, kind, tax id), how related, and each payment instruction with its review state. */
export async function BeneficiaryList({ beneficiaries }: { beneficiaries: BeneficiarySummary[] }) {
  const [t, tr, tk, th] = await Promise.all([
    getTranslations('beneficiaries.list'),
    getTranslations('beneficiaries.relationship'),
    getTranslations('beneficiaries.keyType'),
    getTranslations('beneficiaries.holderType'),
  ]);
  const holder = (b: BeneficiarySummary, testId: boolean) => {
    const h = b.holder as Holder;
    return (
      <div className="min-w-0">
        <Link href={`/beneficiaries/${b.id}`} className="font-medium text-fg underline-offset-4 hover:underline [overflow-wrap:anywhere]">
          {holderName(h)}
        </Link>
        {h.tradeName ? <p className="text-sm text-fg [overflow-wrap:anywhere]">{h.tradeName}</p> : null}
        <p className="text-sm text-fg-muted">
          <span data-testid={testId ? 'holder-type' : undefined}>{th.has(h.type) ? th(h.type) : h.type}</span>
          {h.taxId ? (
            <>
              {' · '}
              <span className="font-mono">{formatTaxId(h.taxId.value, h.taxId.type)}</span>
            </>
          ) : null}
        </p>
      </div>
    );
  };
  const relationship = (b: BeneficiarySummary) => (tr.has(b.relationshipType) ? tr(b.relationshipType) : b.relationshipType);
  const instructions = (b: BeneficiarySummary) => (
    <ul className="flex min-w-0 flex-col gap-1.5 text-sm" aria-label={t('col.instructions')}>
      {(b.paymentInstructions ?? []).length === 0 ? <li className="text-fg-muted">{t('noInstructions')}</li> : null}
      {(b.paymentInstructions ?? []).map((i) => {
        const key = pixKeyOf(i);
        return (
          <li key={i.id} className="flex flex-wrap items-center gap-2">
            <StatusBadge status={i.currentState.status} />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {key ? `${tk.has(key.type) ? tk(key.type) : key.type} · ${key.display}` : i.id} · {i.asset}
            </span>
          </li>
        );
      })}
    </ul>
  );
  const columns: DataColumn<BeneficiarySummary>[] = [
    { id: 'holder', header: t('col.name'), cell: (b) => holder(b, true), className: 'max-w-sm' },
    { id: 'relationship', header: t('col.relationship'), cell: relationship, className: 'text-fg-muted' },
    { id: 'instructions', header: t('col.instructions'), cell: instructions },
  ];
  return (
    <DataList
      rows={beneficiaries}
      rowKey={(b) => b.id}
      label={t('title')}
      columns={columns}
      rowProps={() => ({ 'data-testid': 'beneficiary-row' })}
      cardProps={() => ({ 'data-testid': 'beneficiary-card', className: 'space-y-2' })}
      card={(b) => (
        <>
          {holder(b, false)}
          <p className="text-sm text-fg-muted">{relationship(b)}</p>
          {instructions(b)}
        </>
      )}
    />
  );
}
