import { useLocale, useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/status/status-badge';
import type { Ubo } from '@/lib/api/schemas/account';
import { formatOwnershipPercent } from '@/lib/domain/accounts/ownership';
import { formatTaxId } from '@/lib/validation/tax-id-format';

/** Beneficial owners on the account (read-only here). */
export function UbosList({ ubos }: { ubos: Ubo[] }) {
  const t = useTranslations('accounts.detail.ubos');
  const locale = useLocale();
  if (!ubos.length) {
    return <p className="text-sm text-fg-muted">{t('empty')}</p>;
  }
  return (
    <ul className="divide-y divide-border" data-testid="ubos-list">
      {ubos.map((ubo) => (
        <li key={ubo.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div>
            <p className="text-sm font-medium text-fg">{ubo.name}</p>
            <p className="font-mono text-xs text-fg-muted">
              {ubo.taxId.type} {formatTaxId(ubo.taxId.value, ubo.taxId.type)}
              {ubo.ownershipPercentage != null ? ` · ${t('ownership', { percent: formatOwnershipPercent(ubo.ownershipPercentage, locale) })}` : ''}
            </p>
          </div>
          <StatusBadge status={ubo.currentState.status} />
        </li>
      ))}
    </ul>
  );
}
