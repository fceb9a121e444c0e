import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LiveRefresh } from '@/components/live/live-refresh';
import { PayoutStatusBadge } from '@/components/payouts/payout-status-badge';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { isTerminal } from '@/lib/domain/payouts';
import { liveCursor } from '@/lib/live/cursor';
import { loadPayoutDetail } from '@/lib/payouts/payout-detail-page';
import { isUuid } from '@/lib/validation/uuid';
import { ApprovalSteps } from './_components/approval-steps';
import { PayoutDecisionColumn } from './_components/payout-decision-column';
import { PayoutHistory, PayoutOutcome, PayoutQuote, PayoutSummary } from './_components/payout-facts';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payouts.detail'))('metaTitle') };
}

export default async function PayoutPage({ params }: { params: Promise<{ payoutId: string }> }) {
  const user = await requirePage('/payouts/[payoutId]');
  const { payoutId } = await params;
  if (!isUuid(payoutId)) notFound();
  // Before the data: every event the page does not reflect comes after this point (LiveRefresh `since`).
  const since = await liveCursor();
  const detail = await loadPayoutDetail(payoutId, user);
  if (!detail) notFound();
  const { p } = detail;
  const t = await getTranslations('payouts.detail');
  return (
    <>
      <PageHeader
        breadcrumb={<Link href="/payouts" className="underline-offset-4 hover:underline">{t('breadcrumb')}</Link>}
        title={t('title', { beneficiary: p.beneficiaryName })}
        description={t('description', { requester: p.requesterName })}
        actions={<PayoutStatusBadge status={p.status} />}
      />
      {/* The withdrawal's events (or, while they cannot arrive, a poll) re-render the page, whose load moves a settled withdrawal on. */}
      <LiveRefresh
        resources={p.operationId ? [{ kind: 'OPERATION', id: p.operationId }] : [{ kind: 'OPERATION' }]}
        active={!isTerminal(detail.status)}
        pollingNote={t('polling')}
        since={since}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <PayoutSummary detail={detail} />
          <ApprovalSteps plan={detail.plan} legacy={p.approvalPlan === null} progress={detail.progress} approvals={detail.approvals} />
          <PayoutQuote detail={detail} />
          <PayoutOutcome detail={detail} />
          <PayoutHistory detail={detail} auditLink={can(user.role, 'audit:read')} />
        </div>
        <PayoutDecisionColumn detail={detail} user={user} />
      </div>
    </>
  );
}
