import { useTranslations } from 'next-intl';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { StatusBadge } from '@/components/status/status-badge';
import type { AccountAsset } from '@/lib/api/schemas/account';

/** The account's assets, each with its own onboarding status and whether it allows virtual accounts. */
export function AssetsCard({ assets }: { assets: AccountAsset[] }) {
  const t = useTranslations('accounts.detail.assets');
  return (
    <Card>
      <CardHeader title={t('title')} description={t('count', { count: assets.length })} />
      <CardBody>
        {assets.length ? (
          <ul className="divide-y divide-border">
            {assets.map((a) => (
              <li key={a.asset} className="flex items-center justify-between gap-3 py-2" data-asset={a.asset}>
                <div>
                  <p className="font-mono text-sm font-semibold text-fg">{a.asset}</p>
                  <p className="text-xs text-fg-muted">
                    {a.allowsVirtualAccounts ? t('virtualAllowed') : t('virtualNotAllowed')}
                  </p>
                </div>
                <StatusBadge status={a.status} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-fg-muted">{t('empty')}</p>
        )}
      </CardBody>
    </Card>
  );
}
