import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { LiveRefresh } from '@/components/live/live-refresh';
import { AmountText } from '@/components/money/amount-text';
import { ReasonText } from '@/components/operations/reason-text';
import { PayoutStatusBadge } from '@/components/payouts/payout-status-badge';
import { StatusBadge } from '@/components/status/status-badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { can } from '@/lib/auth/permissions';
import { displayDictKey } from '@/lib/domain/beneficiaries/dict-key';
import { availableActions, decideStepApproval, isTerminal, legacyPlan, progressOf, showsApprovalDeadline, type PayoutStatus } from '@/lib/domain/payouts';
import { pendingApprovingRoleFor } from '@/lib/control-changes/service';
import { coolOffNoticeFor, getPayout, liveApprovals, syncPayout } from '@/lib/payouts';
import { now } from '@/lib/clock';
import { formatRate } from '@/lib/money/rate';
import { formatBps } from '@/lib/domain/quotes/display';
import { getLocale } from 'next-intl/server';
import { isUuid } from '@/lib/validation/uuid';
import { ApprovalPanel } from './_components/approval-panel';
import { ApprovalSteps, stepNotice } from './_components/approval-steps';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payouts.detail'))('metaTitle') };
}


export default async function PayoutPage({ params }: { params: Promise<{ payoutId: string }> }) {
  const user = await requirePage('/payouts/[payoutId]');
  const { payoutId } = await params;
  if (!isUuid(payoutId)) notFound();
  // A page view also moves a withdrawal it finds settled (the sweep does the same in the background).
  const before = await getPayout(payoutId);
  if (!before) notFound();
  if (before.status === 'PROCESSING') await syncPayout(payoutId);
  const p = (await getPayout(payoutId))!;
  const t = await getTranslations('payouts.detail');
  const tk = await getTranslations('beneficiaries.keyType');
  const te = await getTranslations('errors');
  const locale = await getLocale();
  const approvals = liveApprovals(p);
  const status = p.status as PayoutStatus;
  const actions = availableActions(
    { status, requesterId: p.requesterId, approverIds: approvals.map((a) => a.approverId) },
    { id: user.id, canApprove: can(user.role, 'payouts:approve'), canRequest: can(user.role, 'payouts:request') },
  );
  const plan = p.approvalPlan ?? legacyPlan(p.requiredApprovals);
  const recorded = approvals.map((a) => ({ approverId: a.approverId, step: a.step }));
  const progress = progressOf(plan, recorded, p.requesterId);
  // An approver whose role the current step does not take is told who may give it, instead of a button the server refuses.
  const mine = actions.approve ? decideStepApproval({ plan, requesterId: p.requesterId, approver: user, approvals: recorded }) : null;
  const notYourStep = mine?.kind === 'refused' && mine.code === 'ROLE_NOT_IN_STEP' && progress.current !== null ? await stepNotice(plan, progress.current) : null;
  const isRequester = p.requesterId === user.id;
  // A new approver sees why they cannot approve yet, instead of a button the server would refuse.
  const coolOffNotice = actions.approve ? await coolOffNoticeFor(user.id, now()) : null;
  // Someone whose approving role still waits for a second admin is told why there is nothing to approve with.
  const pendingRole =
    status === 'APPROVING' && !can(user.role, 'payouts:approve') ? await pendingApprovingRoleFor(user.id) : null;
  const tc = await getTranslations('controlChanges');
  const roles = await getTranslations('shell.roles');
  const quote = p.executedQuote ?? p.indicativeQuote;

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
        active={!isTerminal(status)}
        pollingNote={t('polling')}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title={t('summary')} />
            <CardBody>
              <dl className="grid gap-4 text-sm sm:grid-cols-2">
                <Item label={t('amount')}>
                  <AmountText amount={{ value: p.amount, asset: p.fixedSide === 'source' ? p.sourceAsset : p.targetAsset }} />{' '}
                  <span className="text-fg-muted">({t(p.fixedSide === 'source' ? 'fixedSource' : 'fixedTarget')})</span>
                </Item>
                <Item label={t('from')}>
                  {p.sourceAccountName} · {p.sourceAsset}
                </Item>
                <Item label={t('to')}>
                  <Link href={`/beneficiaries/${p.beneficiaryId}`} className="underline underline-offset-4">
                    {p.beneficiaryName}
                  </Link>
                  <span className="block text-fg-muted">
                    {tk.has(p.dictKeyType) ? tk(p.dictKeyType) : p.dictKeyType} · {displayDictKey(p.dictKeyType, p.dictKey)}
                  </span>
                </Item>
                <Item label={t('memo')}>{p.memo || '—'}</Item>
                <Item label={t('approvalsRequired')}>
                  <span data-testid="approval-count">{t('approvalCount', { count: approvals.length, required: p.requiredApprovals })}</span>
                </Item>
                {showsApprovalDeadline(status) ? (
                  <Item label={t('expires')}>
                    <span data-testid="payout-expires">
                      <DateTimeText value={p.expiresAt.toISOString()} />
                    </span>
                  </Item>
                ) : null}
              </dl>
            </CardBody>
          </Card>

          <ApprovalSteps plan={plan} legacy={p.approvalPlan === null} progress={progress} approvals={approvals} />

          <Card>
            <CardHeader title={p.executedQuote ? t('executedQuote') : t('indicativeQuote')} />
            <CardBody>
              <dl className="grid gap-4 text-sm sm:grid-cols-3">
                <Item label={t('youSend')}>
                  <AmountText amount={quote.sourceAmount} />
                </Item>
                <Item label={t('theyReceive')}>
                  <AmountText amount={quote.targetAmount} />
                </Item>
                <Item label={t('rate')}>
                  <span className="tabular-nums">
                    {t('rateValue', { base: quote.rate.base, rate: formatRate(quote.rate.value, locale), quote: quote.rate.quote })}
                  </span>
                </Item>
              </dl>
            </CardBody>
          </Card>

          {p.rejectionReason ? (
            <div data-testid="rejection-reason">
              <Alert tone="warning" title={t('rejectedBy', { who: p.decidedByEmail ?? '' })}>
                {p.rejectionReason}
              </Alert>
            </div>
          ) : null}
          {p.failure ? (
            <div data-testid="failure-reason">
              <Alert tone="warning" title={t('failed')}>
                {/* The console's own refusals have an errors sentence; a failed withdrawal's reason is the operation's, worded with the service's text as a detail. */}
                {te.has(p.failure.code) ? (
                  <>
                    {te(p.failure.code)} <span className="font-mono text-xs">({p.failure.code})</span>
                  </>
                ) : (
                  <ReasonText reason={p.failure} />
                )}
              </Alert>
            </div>
          ) : null}

          <Card>
            <CardHeader title={t('history')} />
            <CardBody>
              <ol className="space-y-3 text-sm" data-testid="payout-history">
                {p.states.map((s, i) => (
                  <li key={i} className="flex flex-wrap items-center gap-2">
                    <PayoutStatusBadge status={s.status} />
                    <DateTimeText value={s.at} seconds className="text-fg-muted" />
                    {s.by ? <span>{s.by}</span> : null}
                    {s.note ? <span className="text-fg-muted">{t.has(`notes.${s.note}`) ? t(`notes.${s.note}`) : s.note}</span> : null}
                  </li>
                ))}
              </ol>
              {can(user.role, 'audit:read') ? (
                <p className="mt-4 text-sm">
                  <Link href={`/audit?target=${p.id}`} className="underline underline-offset-4">
                    {t('auditTrail')}
                  </Link>
                </p>
              ) : null}
            </CardBody>
          </Card>
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader title={t('approvals')} />
            <CardBody>
              {approvals.length === 0 ? (
                <p className="text-sm text-fg-muted">{t('noApprovals')}</p>
              ) : (
                <ul className="space-y-2 text-sm">
                  {approvals.map((a) => (
                    <li key={a.id}>
                      <span className="font-medium">{a.approverName}</span> · <DateTimeText value={a.createdAt.toISOString()} />
                      <span className="block text-fg-muted">{t('approvalDrift', { bps: formatBps(a.driftBps, locale, true) })}</span>
                    </li>
                  ))}
                </ul>
              )}
              {p.operationId ? (
                <div className="mt-4 space-y-1 text-sm">
                  <p data-testid="withdrawal-status">
                    {t('withdrawal')}: {p.operationStatus ? <StatusBadge status={p.operationStatus} /> : '—'}
                  </p>
                  <p>
                    <Link href={`/operations/${p.operationId}`} className="underline underline-offset-4" data-testid="payout-operation-link">
                      {t('openWithdrawal')}
                    </Link>
                  </p>
                </div>
              ) : null}
            </CardBody>
          </Card>
          {notYourStep ? (
            <Alert tone="info">
              <span data-testid="step-notice">{notYourStep}</span>
            </Alert>
          ) : null}
          {pendingRole ? (
            <div data-testid="approver-pending-role">
              <Alert tone="warning" title={tc('rolePendingTitle')}>
                {tc('rolePending', { role: roles(pendingRole) })}
              </Alert>
            </div>
          ) : null}
          <IntlScope namespaces={['payouts', 'stepUp']}>
            <ApprovalPanel
              payoutId={p.id}
              sourceAccountName={p.sourceAccountName}
              canApprove={actions.approve && !notYourStep}
              coolOffNotice={coolOffNotice}
              canReject={actions.reject}
              canCancel={actions.cancel}
              isRequester={isRequester}
              status={p.status}
            />
          </IntlScope>
        </div>
      </div>
    </>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="mt-1 font-medium text-fg">{children}</dd>
    </div>
  );
}
