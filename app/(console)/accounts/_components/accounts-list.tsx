import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { StatusBadge } from '@/components/status/status-badge';
import { statusTone } from '@/components/status/status-tone';
import { useStatusLabel } from '@/components/status/use-status-label';
import { Badge } from '@/components/ui/badge';
import type { Account } from '@/lib/api/schemas/account';
import { ownerName, ownerTaxId } from '@/lib/domain/accounts/owner';
import { formatTaxId } from '@/lib/validation/tax-id-format';

function taxIdText(account: Account): string {
  const taxId = ownerTaxId(account.owner);
  return taxId ? formatTaxId(taxId.value, taxId.type) : '—';
}

/** One row (or card) per account; the legal name links to the detail page. */
export function AccountsList({ accounts }: { accounts: Account[] }) {
  const t = useTranslations('accounts.list');
  const statusLabel = useStatusLabel();
  const assets = (account: Account, className: string, titled: boolean) => (
    <ul className={className} aria-label={t('assetsOf', { name: ownerName(account.owner) })}>
      {account.assets.map((a) => (
        <li key={a.asset}>
          <Badge tone={statusTone(a.status)} title={titled ? t('assetStatus', { asset: a.asset, status: statusLabel(a.status) }) : undefined}>
            <span className="font-semibold">{a.asset}</span>
            <span className="sr-only">:</span> {statusLabel(a.status)}
          </Badge>
        </li>
      ))}
    </ul>
  );
  const columns: DataColumn<Account>[] = [
    {
      id: 'name',
      header: t('legalName'),
      className: 'max-w-md min-w-48 font-medium [overflow-wrap:anywhere]',
      cell: (account) => (
        <Link href={`/accounts/${account.id}`} className="text-accent-text underline-offset-2 hover:underline focus-visible:underline">
          {ownerName(account.owner)}
        </Link>
      ),
    },
    { id: 'taxId', header: t('taxId'), cell: taxIdText, className: 'font-mono text-xs whitespace-nowrap' },
    { id: 'assets', header: t('assets'), cell: (account) => assets(account, 'flex max-w-md flex-wrap gap-1', true) },
    { id: 'status', header: t('status'), cell: (account) => <StatusBadge status={account.currentState.status} /> },
    { id: 'created', header: t('created'), cell: (account) => <DateTimeText value={account.createdAt} dateOnly />, className: 'whitespace-nowrap text-fg-muted' },
  ];
  return (
    <DataList
      rows={accounts}
      rowKey={(account) => account.id}
      label={t('tableLabel')}
      caption={t('caption')}
      columns={columns}
      rowProps={(account) => ({ 'data-account-id': account.id })}
      card={(account) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <Link href={`/accounts/${account.id}`} className="min-w-0 font-medium text-accent-text [overflow-wrap:anywhere] hover:underline">
              {ownerName(account.owner)}
            </Link>
            <StatusBadge status={account.currentState.status} />
          </div>
          <p className="mt-1 font-mono text-xs text-fg-muted">
            {taxIdText(account)} · <DateTimeText value={account.createdAt} dateOnly />
          </p>
          {assets(account, 'mt-2 flex flex-wrap gap-1', false)}
        </>
      )}
    />
  );
}
