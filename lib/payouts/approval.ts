import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { createQuote } from '@/lib/api/quotes';
import { newIdempotencyKey } from '@/lib/api/request';
import { recordAudit } from '@/lib/audit/record-audit';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { payoutApprovals, payoutQuotePreviews, payoutRequests, type StoredQuote } from '@/lib/db/schema';
import { needsAcknowledgement, payoutStepKey, requiredStatus, toleranceFor, type PayoutStatus } from '@/lib/domain/payouts';
import { decideStepApproval, legacyPlan, type StepDecision } from '@/lib/domain/payouts/approval-policy';
import { driftBps } from '@/lib/domain/quotes/rates';
import { Dec } from '@/lib/money/decimal';
import { notifyPayout } from '@/lib/notifications/payout-facts';
import { requirePermission, type PayoutActor } from './actor';
import { assertCooledOff } from './cool-off';
import { PayoutError } from './errors';
import { EXECUTION_LEASE_MS, executePayout } from './execute';
import { assertKeyReviewed } from './reviewed-key';
import { getPayout, liveApprovals, payoutTransition, type PayoutWithApprovals } from './store';
import { wakePayoutSweep } from './sweep';
import { toStoredQuote, type PayoutDeps } from './upstream';

/** A fresh quote shown to an approver is trusted for this long; after that they must look again. */
export const PREVIEW_MAX_AGE_MS = 10 * 60_000;

function refusalError(decision: Extract<StepDecision, { kind: 'refused' }>): PayoutError {
  switch (decision.code) {
    case 'SELF_APPROVAL':
      return new PayoutError('SELF_APPROVAL');
    case 'ALREADY_APPROVED':
      return new PayoutError('ALREADY_APPROVED');
    case 'ROLE_NOT_IN_STEP':
      return new PayoutError('ROLE_NOT_IN_STEP', {
        step: (decision.step ?? 0) + 1,
        roles: decision.roles ?? [],
      });
    case 'ALREADY_COMPLETE':
      return new PayoutError('INVALID_STATUS');
  }
}

/** The request exists and `actor` is not its requester (who neither approves nor rejects their own). */
export function assertOpenFor(p: PayoutWithApprovals | null, actor: PayoutActor): PayoutWithApprovals {
  if (!p) throw new PayoutError('NOT_FOUND');
  if (p.requesterId === actor.id) {
    throw new PayoutError('SELF_APPROVAL');
  }
  return p;
}

export interface QuotePreview {
  quoteId: string;
  quote: StoredQuote;
  driftBps: string;
  needsAcknowledgement: boolean;
}

/** A fresh quote for an approver, with its drift against the indicative one (each look is its own quote). */
export async function previewQuote(actor: PayoutActor, requestId: string, deps: PayoutDeps = {}): Promise<QuotePreview> {
  requirePermission(actor, 'payouts:approve');
  const db = await getDb();
  const p = assertOpenFor(await getPayout(requestId, db), actor);
  await assertCooledOff(actor.id, db, now());
  if (p.status !== requiredStatus('APPROVE')) throw new PayoutError('INVALID_STATUS', { status: p.status });
  // Whoever may not give the next approval learns it before looking at a quote (approvePayout decides again).
  const decision = decideStepApproval({
    plan: p.approvalPlan ?? legacyPlan(p.requiredApprovals),
    requesterId: p.requesterId,
    approver: actor,
    approvals: liveApprovals(p).map((a) => ({ approverId: a.approverId, step: a.step })),
  });
  if (decision.kind === 'refused' && decision.code === 'ROLE_NOT_IN_STEP') throw refusalError(decision);
  const fixed = p.fixedSide === 'source' ? { sourceAmount: p.amount } : { targetAmount: p.amount };
  const { data } = await createQuote(
    { accountId: p.sourceAccountId, sourceAsset: p.sourceAsset, targetAsset: p.targetAsset, ...fixed },
    { client: deps.client, idempotencyKey: newIdempotencyKey() },
  );
  const quote = toStoredQuote(data);
  const drift = driftBps(p.indicativeQuote.rate, quote.rate);
  await db.insert(payoutQuotePreviews).values({ quoteId: quote.id, requestId, userId: actor.id, quote, driftBps: drift, createdAt: now() });
  return { quoteId: quote.id, quote, driftBps: drift, needsAcknowledgement: needsAcknowledgement(drift) };
}

export interface ApproveInput {
  requestId: string;
  previewQuoteId: string;
  acknowledged: boolean;
}
export interface ApproveResult {
  status: PayoutStatus;
  approvals: number;
  required: number;
  /** True when this call's approval was already recorded (a retry, a double click). */
  replayed: boolean;
}

/**
 * Approves as `actor`. The requester is refused here (not only in the UI); one approval per person; the
 * approval that completes the count claims the request with a guarded update and executes it.
 */
export async function approvePayout(actor: PayoutActor, input: ApproveInput, deps: PayoutDeps = {}): Promise<ApproveResult> {
  requirePermission(actor, 'payouts:approve');
  const db = await getDb();
  const at = now();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, input.requestId)).for('update');
    const p = assertOpenFor(row ? { ...row, approvals: [] } : null, actor);
    const live = await tx
      .select()
      .from(payoutApprovals)
      .where(and(eq(payoutApprovals.requestId, p.id), isNull(payoutApprovals.supersededAt)));
    const mine = live.some((a) => a.approverId === actor.id);
    if (mine) return { claimed: false, replayed: true, status: p.status, count: live.length, required: p.requiredApprovals };
    // Inside the transaction, after the row lock: a role granted a moment ago cannot slip in between check and insert.
    await assertCooledOff(actor.id, tx as unknown as typeof db, at);
    if (p.status !== requiredStatus('APPROVE')) {
      throw new PayoutError('INVALID_STATUS', { status: p.status });
    }
    // The key may have been rejected by the team since the request: no approval sends money to it.
    await assertKeyReviewed(p.instructionId, tx as unknown as typeof db);
    const [preview] = await tx
      .select()
      .from(payoutQuotePreviews)
      .where(
        and(
          eq(payoutQuotePreviews.quoteId, input.previewQuoteId),
          eq(payoutQuotePreviews.requestId, p.id),
          eq(payoutQuotePreviews.userId, actor.id),
        ),
      )
      .orderBy(desc(payoutQuotePreviews.createdAt))
      .limit(1);
    if (!preview || at.getTime() - preview.createdAt.getTime() > PREVIEW_MAX_AGE_MS) {
      throw new PayoutError('PREVIEW_REQUIRED');
    }
    if (needsAcknowledgement(preview.driftBps) && !input.acknowledged) {
      throw new PayoutError('DRIFT_NOT_ACKNOWLEDGED', { driftBps: preview.driftBps }, { acknowledged: 'DRIFT_NOT_ACKNOWLEDGED' });
    }
    const decision = decideStepApproval({
      plan: p.approvalPlan ?? legacyPlan(p.requiredApprovals),
      requesterId: p.requesterId,
      approver: actor,
      approvals: live.map((a) => ({ approverId: a.approverId, step: a.step })),
    });
    if (decision.kind === 'refused') throw refusalError(decision);
    const tolerance = toleranceFor(preview.driftBps, input.acknowledged);
    const inserted = await tx
      .insert(payoutApprovals)
      .values({
        requestId: p.id,
        approverId: actor.id,
        approverEmail: actor.email,
        approverName: actor.name,
        freshQuote: preview.quote,
        driftBps: preview.driftBps,
        acknowledged: input.acknowledged,
        toleranceBps: tolerance,
        step: decision.step,
        approverRole: actor.role,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: payoutApprovals.id });
    if (inserted.length === 0) return { claimed: false, replayed: true, status: p.status, count: live.length, required: p.requiredApprovals };
    if (decision.kind === 'partial') {
      const approve = payoutTransition('APPROVE', { at: at.toISOString(), by: actor.email, note: 'APPROVED' });
      await tx
        .update(payoutRequests)
        .set({ ...approve.set, updatedAt: at })
        .where(and(eq(payoutRequests.id, p.id), approve.guard));
      return { claimed: false, replayed: false, status: approve.to, count: decision.counted, required: decision.required };
    }
    // The one guarded state change that lets money move: only the caller that moves APPROVING → EXECUTING runs it.
    const tolerances = [...live.map((a) => new Dec(a.toleranceBps)), new Dec(tolerance)];
    const final = payoutTransition('APPROVE_FINAL', { at: at.toISOString(), by: actor.email });
    const claimed = await tx
      .update(payoutRequests)
      .set({
        ...final.set,
        quoteAttempt: 1,
        executedQuote: null,
        toleranceBps: Dec.min(...tolerances).toFixed(2),
        leaseUntil: new Date(at.getTime() + EXECUTION_LEASE_MS),
        decidedById: actor.id,
        decidedByEmail: actor.email,
        updatedAt: at,
      })
      .where(and(eq(payoutRequests.id, p.id), final.guard))
      .returning({ id: payoutRequests.id });
    return { claimed: claimed.length === 1, replayed: false, status: final.to, count: decision.counted, required: decision.required };
  });
  let status: PayoutStatus = outcome.status as PayoutStatus;
  if (outcome.claimed) {
    const approved = await getPayout(input.requestId, db);
    if (approved) await notifyPayout('payout.approved', approved, { actorId: actor.id });
    await recordAudit({
      actor,
      action: 'payouts.execute',
      target: input.requestId,
      outcome: 'success',
      details: { idempotencyKey: payoutStepKey(input.requestId, 'withdrawal') },
    });
    status = (await executePayout(input.requestId, deps)) ?? status;
    // Still executing or processing: the sweep follows it (it may have backed off while there was nothing to do).
    if (status === 'EXECUTING' || status === 'PROCESSING') wakePayoutSweep();
  }
  return { status, approvals: outcome.count, required: outcome.required, replayed: outcome.replayed };
}
