import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { AmountText } from '@/components/money/amount-text';
import { listPayouts } from '@/lib/payouts';

/** Overview: the payouts waiting for this user's approval (the same list as /payouts?view=inbox, first five). */
export async function PayoutsInbox({ userId }: { userId: string }) {
  const t = await getTranslations('payouts.overview');
  const page = await listPayouts({ scope: 'inbox', userId, limit: 5 });
  if (page.data.length === 0) return <p className="text-sm text-fg-muted">{t('empty')}</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border" data-testid="payouts-inbox">
        {page.data.map((p) => (
          <li key={p.id} className="py-2 first:pt-0">
            <Link href={`/payouts/${p.id}`} className="font-medium text-fg underline-offset-4 hover:underline [overflow-wrap:anywhere]">
              {p.beneficiaryName}
            </Link>{' '}
            <AmountText amount={{ value: p.amount, asset: p.fixedSide === 'source' ? p.sourceAsset : p.targetAsset }} className="text-sm" />
            <p className="text-xs text-fg-muted">
              {t('requestedBy', { who: p.requesterName })} · <DateTimeText value={p.createdAt.toISOString()} />
            </p>
          </li>
        ))}
      </ul>
      <Link href="/payouts?view=inbox" className="text-sm font-medium text-accent-text underline-offset-4 hover:underline">
        {t('viewAll')}
      </Link>
    </div>
  );
}
