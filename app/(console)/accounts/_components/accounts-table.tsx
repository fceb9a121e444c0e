import Link from 'next/link';
import { DateText } from '@/components/data-table/date-text';
import { StatusBadge } from '@/components/status/status-badge';
import { statusLabel, statusTone } from '@/components/status/status-tone';
import { Badge } from '@/components/ui/badge';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { formatTaxId } from '@/lib/schemas/tax-id-format';
import type { AccountRow } from './account-row';

/** One row per account; the legal name links to the detail page. */
export function AccountsTable({ accounts }: { accounts: AccountRow[] }) {
  return (
    <Table label="Accounts">
      <TableCaption>Accounts on this page</TableCaption>
      <THead>
        <tr>
          <TH>Legal name</TH>
          <TH>CNPJ</TH>
          <TH>Assets</TH>
          <TH>Status</TH>
          <TH>Created</TH>
        </tr>
      </THead>
      <TBody>
        {accounts.map((account) => (
          <TR key={account.id} data-account-id={account.id}>
            <TD className="font-medium">
              <Link
                href={`/accounts/${account.id}`}
                className="text-accent-text underline-offset-2 hover:underline focus-visible:underline"
              >
                {account.owner.legalName}
              </Link>
            </TD>
            <TD className="font-mono text-xs whitespace-nowrap">
              {account.owner.taxId ? formatTaxId(account.owner.taxId.value, account.owner.taxId.type) : '—'}
            </TD>
            <TD>
              <ul className="flex max-w-md flex-wrap gap-1" aria-label={`Assets of ${account.owner.legalName}`}>
                {account.assets.map((a) => (
                  <li key={a.asset}>
                    <Badge tone={statusTone(a.status)} title={`${a.asset}: ${statusLabel(a.status)}`}>
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
              <DateText value={account.createdAt} dateOnly />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
