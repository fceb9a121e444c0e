import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { amountText } from '@/components/money/amount-text';
import { BatchStatusBadge } from '@/components/payout-batches/batch-status-badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { batchOutcome, canMoveBatch } from '@/lib/domain/payout-batches/state-machine';
import { decideStepApproval, progressOf } from '@/lib/domain/payouts/approval-policy';
import { coolOffNoticeFor } from '@/lib/payouts/cool-off';
import { batchPageData } from '@/lib/payout-batches/progress';
import { now } from '@/lib/clock';
import { isUuid } from '@/lib/validation/uuid';
import { LazyBatchDecision } from './_components/lazy-batch-decision';
import { QueryProvider } from '@/components/query/query-provider';
import { BatchProgressTable } from './_components/batch-progress';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payoutBatches.detail'))('metaTitle') };
}

export default async function BatchPage({ params }: { params: Promise<{ batchId: string }> }) {
  const user = await requirePage('/payouts/batches/[batchId]');
  const { batchId } = await params;
  if (!isUuid(batchId)) notFound();
  const data = await batchPageData(batchId);
  if (!data) notFound();
  const { batch: b, rows, progress } = data;
  const t = await getTranslations('payoutBatches.detail');
  const locale = await getLocale();
  const isRequester = b.requesterId === user.id;
  const recorded = b.approvals.map((a) => ({ approverId: a.approverId, step: a.step }));
  const waiting = b.status === 'PENDING_APPROVAL';
  // The approve button only for who the plan's current step takes (the server decides again).
  const mayApprove = waiting && can(user.role, 'payouts:approve') && decideStepApproval({ plan: b.approvalPlan, requesterId: b.requesterId, approver: user, approvals: recorded }).kind !== 'refused';
  const coolOff = mayApprove ? await coolOffNoticeFor(user.id, now()) : null;
  const canCancel = canMoveBatch(b.status, 'CANCELLED') && ((isRequester && can(user.role, 'payouts:request')) || can(user.role, 'payouts:approve'));
  const counted = progressOf(b.approvalPlan, recorded, b.requesterId).steps.reduce((n, s) => n + s.approverIds.length, 0);
  const required = b.approvalPlan.steps.reduce((n, s) => n + s.approvals, 0);
  const totals = Object.entries(b.totals)
    .map(([asset, value]) => amountText({ value, asset }, locale))
    .join(' · ');

  return (
    <>
      <PageHeader
        breadcrumb={
          <Link href="/payouts/batches" className="hover:text-fg hover:underline">
            ← {t('breadcrumb')}
          </Link>
        }
        title={t('title', { rows: b.rowCount })}
        actions={<BatchStatusBadge status={b.status === 'COMPLETED' ? batchOutcome(progress.counts) : b.status} />}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
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
          <IntlScope namespaces={['payoutBatches']}>
            {/* react-query is not provided by the console layout (first-load JS): this island brings the tab's client. */}
            <QueryProvider>
              <BatchProgressTable
                batchId={b.id}
                rows={rows.map((r) => ({ line: r.line, beneficiaryName: r.beneficiaryName, dictKey: r.dictKey, amount: r.amount, asset: r.asset, memo: r.memo }))}
                initial={progress}
              />
            </QueryProvider>
          </IntlScope>
        </div>
        <div className="space-y-4">
          {coolOff ? <Alert tone="warning">{coolOff}</Alert> : null}
          <IntlScope namespaces={['payoutBatches', 'stepUp']}>
            <LazyBatchDecision
              batchId={b.id}
              accountName={b.sourceAccountName}
              canApprove={mayApprove && !coolOff}
              canReject={waiting && can(user.role, 'payouts:approve') && !isRequester}
              canCancel={canCancel}
              cancelWaiting={waiting}
              isRequester={isRequester}
            />
          </IntlScope>
        </div>
      </div>
    </>
  );
}
