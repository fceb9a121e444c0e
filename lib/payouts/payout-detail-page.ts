import 'server-only';
import type { SessionUser } from '@/lib/auth/sessions';
import { can } from '@/lib/auth/permissions';
import { now } from '@/lib/clock';
import { availableActions, decideStepApproval, legacyPlan, progressOf, type PayoutStatus } from '@/lib/domain/payouts';
import { coolOffNoticeFor } from './cool-off';
import { syncPayout } from './execute';
import { getPayout, liveApprovals } from './store';

/**
 * What /payouts/[payoutId] shows to this user, or null when there is no such request. A page view also moves a
 * withdrawal it finds settled (the sweep does the same in the background).
 */
export async function loadPayoutDetail(payoutId: string, user: Pick<SessionUser, 'id' | 'role'>) {
  const before = await getPayout(payoutId);
  if (!before) return null;
  if (before.status === 'PROCESSING') await syncPayout(payoutId);
  const p = (await getPayout(payoutId))!;
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
  const notYourStep = mine?.kind === 'refused' && mine.code === 'ROLE_NOT_IN_STEP' ? progress.current : null;
  // A new approver sees why they cannot approve yet, instead of a button the server would refuse.
  const coolOffNotice = actions.approve ? await coolOffNoticeFor(user.id, now()) : null;
  return { p, approvals, status, actions, plan, progress, notYourStep, coolOffNotice };
}

export type PayoutDetail = NonNullable<Awaited<ReturnType<typeof loadPayoutDetail>>>;
