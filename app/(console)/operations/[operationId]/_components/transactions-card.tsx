import { useTranslations } from 'next-intl';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { AmountText } from '@/components/money/amount-text';
import { ReasonText } from '@/components/operations/reason-text';
import { StatusBadge } from '@/components/status/status-badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import type { Operation, RailTransaction } from '@/lib/api/schemas/operation';
import { railReason } from '@/lib/domain/operations/reason';
import { humanizeEnum } from '@/lib/i18n/format';

/**
 * The money movements on the payment rail: type, direction, amount, status (with its reason in words) and the
 * end-to-end id to copy. `states` are the operation's, whose coded reasons word a rail reason with the same text.
 */
export function TransactionsCard({ transactions, states }: { transactions: RailTransaction[]; states: Operation['states'] }) {
  const t = useTranslations('operations.detail.transactions');
  const direction = (value: string) => (t.has(`directions.${value}`) ? t(`directions.${value}`) : humanizeEnum(value));
  return (
    <Card>
      <CardHeader title={t('title')} />
      <CardBody>
        {transactions.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('none')}</p>
        ) : (
          <ul aria-label={t('label')} className="divide-y divide-border" data-testid="rail-transactions">
            {transactions.map((tx, i) => (
              <li key={`${tx.endToEnd ?? tx.type}-${i}`} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-medium">
                    {tx.type} · {direction(tx.direction)}
                  </span>
                  <StatusBadge status={tx.currentState.status} />
                </div>
                <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
                  <dt className="text-fg-muted">{t('amount')}</dt>
                  <dd>
                    <AmountText amount={tx.amount} />
                  </dd>
                  <dt className="text-fg-muted">{t('status')}</dt>
                  <dd>
                    <DateTimeText value={tx.currentState.createdAt} seconds />
                    <ReasonText reason={railReason(tx.currentState.reason, states)} className="mt-1" />
                  </dd>
                  {tx.endToEnd ? (
                    <>
                      <dt className="text-fg-muted">{t('endToEnd')}</dt>
                      <dd className="flex items-start gap-2">
                        <code className="min-w-0 font-mono text-xs break-all">{tx.endToEnd}</code>
                        <CopyButton value={tx.endToEnd} iconOnly variant="ghost" srLabel={t('copyEndToEnd', { id: tx.endToEnd })} />
                      </dd>
                    </>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
