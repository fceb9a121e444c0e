import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { StatusBadge } from '@/components/status/status-badge';
import { statusTone } from '@/components/status/status-tone';
import { useStatusLabel } from '@/components/status/use-status-label';
import { Badge } from '@/components/ui/badge';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { formatTaxId } from '@/lib/validation/tax-id-format';
import type { Account } from '@/lib/api/schemas/account';
import { ownerName, ownerTaxId } from '@/lib/domain/accounts/owner';

/** One row per account; the legal name links to the detail page. */
export function AccountsTable({ accounts }: { accounts: Account[] }) {
  const t = useTranslations('accounts.list');
  const statusLabel = useStatusLabel();
  return (
    <Table label={t('tableLabel')}>
      <TableCaption>{t('caption')}</TableCaption>
      <THead>
        <tr>
          <TH>{t('legalName')}</TH>
          <TH>{t('taxId')}</TH>
          <TH>{t('assets')}</TH>
          <TH>{t('status')}</TH>
          <TH>{t('created')}</TH>
        </tr>
      </THead>
      <TBody>
        {accounts.map((account) => {
          const name = ownerName(account.owner);
          const taxId = ownerTaxId(account.owner);
          return (
            <TR key={account.id} data-account-id={account.id}>
              <TD className="max-w-md min-w-48 font-medium [overflow-wrap:anywhere]">
                <Link
                  href={`/accounts/${account.id}`}
                  className="text-accent-text underline-offset-2 hover:underline focus-visible:underline"
                >
                  {name}
                </Link>
              </TD>
              <TD className="font-mono text-xs whitespace-nowrap">
                {taxId ? formatTaxId(taxId.value, taxId.type) : '—'}
              </TD>
              <TD>
                <ul className="flex max-w-md flex-wrap gap-1" aria-label={t('assetsOf', { name })}>
                  {account.assets.map((a) => (
                    <li key={a.asset}>
                      <Badge tone={statusTone(a.status)} title={t('assetStatus', { asset: a.asset, status: statusLabel(a.status) })}>
                        <span className="font-semibold">{a.asset}</span>
                        <span className="sr-only">:</span> {statusLabel(a.status)}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </TD>
              <TD>
                <StatusBadge status={account.currentState.status} />
              </TD>
              <TD className="whitespace-nowrap text-fg-muted">
                <DateTimeText value={account.createdAt} dateOnly />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
