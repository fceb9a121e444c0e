import { getLocale, getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { amountText } from '@/components/money/amount-text';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { progressOf } from '@/lib/domain/payouts/approval-policy';
import type { BatchWithApprovals } from '@/lib/payout-batches/store';

/** Who uploaded what from which account, its totals, how many approvals it has of how many, and why it was rejected. */
export async function BatchFacts({ batch: b }: { batch: BatchWithApprovals }) {
  const [t, locale] = await Promise.all([getTranslations('payoutBatches.detail'), getLocale()]);
  const recorded = b.approvals.map((a) => ({ approverId: a.approverId, step: a.step }));
  const counted = progressOf(b.approvalPlan, recorded, b.requesterId).steps.reduce((n, s) => n + s.approverIds.length, 0);
  const required = b.approvalPlan.steps.reduce((n, s) => n + s.approvals, 0);
  const totals = Object.entries(b.totals)
    .map(([asset, value]) => amountText({ value, asset }, locale))
    .join(' · ');
  return (
    <Card>
      <CardHeader title={t('facts')} />
      <CardBody>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-fg-muted">{t('id')}</dt>
          <dd className="font-mono text-xs break-all" data-testid="batch-id">
            {b.id}
          </dd>
          <dt className="text-fg-muted">{t('requestedBy')}</dt>
          <dd>{b.requesterName}</dd>
          <dt className="text-fg-muted">{t('created')}</dt>
          <dd>
            <DateTimeText value={b.createdAt.toISOString()} />
          </dd>
          <dt className="text-fg-muted">{t('sourceAccount')}</dt>
          <dd className="[overflow-wrap:anywhere]">{b.sourceAccountName}</dd>
          <dt className="text-fg-muted">{t('fileRows')}</dt>
          <dd className="tabular-nums">
            {b.fileRowCount} ({t('leftOut', { count: b.fileRowCount - b.rowCount })})
          </dd>
          <dt className="text-fg-muted">{t('totals')}</dt>
          <dd className="tabular-nums" data-testid="batch-totals">
            {totals}
          </dd>
          {b.referenceTotal ? (
            <>
              <dt className="text-fg-muted">{t('referenceTotal', { currency: b.referenceCurrency })}</dt>
              <dd className="tabular-nums">{amountText({ value: b.referenceTotal, asset: b.referenceCurrency }, locale)}</dd>
            </>
          ) : null}
          <dt className="text-fg-muted">{t('approvals')}</dt>
          <dd className="tabular-nums">
            {t('approvalsValue', { count: counted, required })}
            {b.approvals.length ? ` · ${b.approvals.map((a) => a.approverName).join(', ')}` : ''}
          </dd>
          {b.rejectionReason ? (
            <>
              <dt className="text-fg-muted">{t('rejectionReason')}</dt>
              <dd className="[overflow-wrap:anywhere]">{b.rejectionReason}</dd>
            </>
          ) : null}
        </dl>
      </CardBody>
    </Card>
  );
}
