import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { StatusBadge } from '@/components/status/status-badge';
import { statusTone } from '@/components/status/status-tone';
import { useStatusLabel } from '@/components/status/use-status-label';
import { Badge } from '@/components/ui/badge';
import { CardList, CardListItem } from '@/components/ui/card-list';
import type { Account } from '@/lib/api/schemas/account';
import { formatTaxId } from '@/lib/validation/tax-id-format';
import { ownerName, ownerTaxId } from '@/lib/domain/accounts/owner';

/** The account list on narrow screens: one card per account instead of a wide table. */
export function AccountsCards({ accounts, className }: { accounts: Account[]; className?: string }) {
  const t = useTranslations('accounts.list');
  const statusLabel = useStatusLabel();
  return (
    <CardList aria-label={t('tableLabel')} className={className}>
      {accounts.map((account) => {
        const name = ownerName(account.owner);
        const taxId = ownerTaxId(account.owner);
        return (
          <CardListItem key={account.id}>
            <div className="flex items-start justify-between gap-3">
              <Link href={`/accounts/${account.id}`} className="min-w-0 font-medium text-accent-text [overflow-wrap:anywhere] hover:underline">
                {name}
              </Link>
              <StatusBadge status={account.currentState.status} />
            </div>
            <p className="mt-1 font-mono text-xs text-fg-muted">
              {taxId ? formatTaxId(taxId.value, taxId.type) : '—'} · <DateTimeText value={account.createdAt} dateOnly />
            </p>
            <ul className="mt-2 flex flex-wrap gap-1" aria-label={t('assetsOf', { name })}>
              {account.assets.map((a) => (
                <li key={a.asset}>
                  <Badge tone={statusTone(a.status)}>
                    <span className="font-semibold">{a.asset}</span>
                    <span className="sr-only">:</span> {statusLabel(a.status)}
                  </Badge>
                </li>
              ))}
            </ul>
          </CardListItem>
        );
      })}
    </CardList>
  );
}
