import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { StatusBadge } from '@/components/status/status-badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { SessionUser } from '@/lib/auth/sessions';
import { can } from '@/lib/auth/permissions';
import { pendingApprovingRoleFor } from '@/lib/control-changes/service';
import { formatBps } from '@/lib/domain/quotes/display';
import type { PayoutDetail } from '@/lib/payouts/payout-detail-page';
import { ApprovalPanel } from './approval-panel';
import { stepNotice } from './approval-steps';

/** The approvals given, the withdrawal it became, why this user may not decide, and the decision buttons. */
export async function PayoutDecisionColumn({ detail, user }: { detail: PayoutDetail; user: Pick<SessionUser, 'id' | 'role'> }) {
  const { p, approvals, actions, plan, notYourStep, coolOffNotice } = detail;
  // Someone whose approving role still waits for a second admin is told why there is nothing to approve with.
  const pendingRole = detail.status === 'APPROVING' && !can(user.role, 'payouts:approve') ? await pendingApprovingRoleFor(user.id) : null;
  const [t, tc, roles, locale] = await Promise.all([
    getTranslations('payouts.detail'),
    getTranslations('controlChanges'),
    getTranslations('shell.roles'),
    getLocale(),
  ]);
  const stepText = notYourStep !== null ? await stepNotice(plan, notYourStep) : null;
  return (
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
      {stepText ? (
        <Alert tone="info">
          <span data-testid="step-notice">{stepText}</span>
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
          canApprove={actions.approve && !stepText}
          coolOffNotice={coolOffNotice}
          canReject={actions.reject}
          canCancel={actions.cancel}
          isRequester={p.requesterId === user.id}
          status={p.status}
        />
      </IntlScope>
    </div>
  );
}
