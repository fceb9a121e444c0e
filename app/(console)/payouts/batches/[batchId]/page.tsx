import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { BatchStatusBadge } from '@/components/payout-batches/batch-status-badge';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { batchOutcome, canMoveBatch } from '@/lib/domain/payout-batches/state-machine';
import { decideStepApproval } from '@/lib/domain/payouts/approval-policy';
import { coolOffNoticeFor } from '@/lib/payouts/cool-off';
import { batchPageData } from '@/lib/payout-batches/progress';
import { now } from '@/lib/clock';
import { isUuid } from '@/lib/validation/uuid';
import { LazyBatchDecision } from './_components/lazy-batch-decision';
import { BatchFacts } from './_components/batch-facts';
import { BatchProgressIsland } from './_components/batch-progress-island';

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
  const isRequester = b.requesterId === user.id;
  const recorded = b.approvals.map((a) => ({ approverId: a.approverId, step: a.step }));
  const waiting = b.status === 'PENDING_APPROVAL';
  // The approve button only for who the plan's current step takes (the server decides again).
  const mayApprove = waiting && can(user.role, 'payouts:approve') && decideStepApproval({ plan: b.approvalPlan, requesterId: b.requesterId, approver: user, approvals: recorded }).kind !== 'refused';
  const coolOff = mayApprove ? await coolOffNoticeFor(user.id, now()) : null;
  const canCancel = canMoveBatch(b.status, 'CANCELLED') && ((isRequester && can(user.role, 'payouts:request')) || can(user.role, 'payouts:approve'));

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
          <BatchFacts batch={b} />
          <BatchProgressIsland batchId={b.id} rows={rows} initial={progress} />
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
