import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { createQuote } from '@/lib/api/quotes';
import { newIdempotencyKey } from '@/lib/api/request';
import { now } from '@/lib/clock';
import { beginStepUp, consumeStepUp, type StepUpChallenge, type StepUpDeps, type StepUpProof, type StepUpResponse } from '@/lib/auth/step-up/service';
import type { SessionUser } from '@/lib/auth/sessions';
import { getDb } from '@/lib/db/client';
import { payoutQuotePreviews } from '@/lib/db/schema';
import { payoutApprovalStatement } from '@/lib/domain/payouts/approval-statement';
import { requiredStatus, withinTolerance } from '@/lib/domain/payouts';
import { driftBps } from '@/lib/domain/quotes/rates';
import type { StepUpStatement } from '@/lib/domain/step-up/statement';
import { DomainError } from '@/lib/errors';
import { PayoutError } from './errors';
import { approvePayout, PREVIEW_MAX_AGE_MS, type ApproveResult } from './approval';
import { toStoredQuote, type PayoutDeps } from './upstream';
import { getPayout } from './store';

export type PayoutApprovalIntent = { payoutId: string; previewQuoteId: string; acknowledged: boolean };

/**
 * The statement an approver signs for `intent`, recomputed from the database alone: the payout row (amount, asset,
 * source account, beneficiary and key are fixed at request time) and the fresh quote this approver previewed.
 */
export async function payoutStepUpStatement(user: Pick<SessionUser, 'id'>, intent: PayoutApprovalIntent): Promise<StepUpStatement> {
  const db = await getDb();
  const p = await getPayout(intent.payoutId, db);
  if (!p) throw new PayoutError('NOT_FOUND');
  // Who asks comes first: the requester is refused as such (403, audited as denied), whatever else they send.
  if (p.requesterId === user.id) throw new PayoutError('SELF_APPROVAL');
  const [preview] = await db
    .select()
    .from(payoutQuotePreviews)
    .where(and(eq(payoutQuotePreviews.quoteId, intent.previewQuoteId), eq(payoutQuotePreviews.requestId, p.id), eq(payoutQuotePreviews.userId, user.id)))
    .orderBy(desc(payoutQuotePreviews.createdAt))
    .limit(1);
  if (!preview || now().getTime() - preview.createdAt.getTime() > PREVIEW_MAX_AGE_MS) {
    throw new PayoutError('PREVIEW_REQUIRED');
  }
  return payoutApprovalStatement({
    payout: { ...p, fixedSide: p.fixedSide as 'source' | 'target' },
    preview: { quoteId: preview.quoteId, rate: preview.quote.rate, driftBps: preview.driftBps },
    acknowledged: intent.acknowledged,
  });
}

/** Shows the approver what they will sign: a stored challenge over the recomputed statement. */
export async function beginPayoutStepUp(user: SessionUser, intent: PayoutApprovalIntent): Promise<StepUpChallenge> {
  const statement = await payoutStepUpStatement(user, intent);
  const p = await getPayout(intent.payoutId);
  if (p?.status !== requiredStatus('APPROVE')) throw new PayoutError('INVALID_STATUS', { status: p?.status });
  return beginStepUp(user, statement);
}

function fact(statement: StepUpStatement, key: string): string {
  const found = statement.facts.find(([k]) => k === key);
  if (!found) throw new Error(`statement without ${key}`);
  return found[1];
}

/**
 * Approves with a step-up: the statement is recomputed now and must be the one signed (else nothing happens), the
 * answer is consumed once (a replayed answer is refused as such, whatever state the payout reached), and a quote taken now must lie within the rate bound the approver signed — checked
 * before the approval is recorded, so a rate that moved too far changes nothing. Then the ordinary approval runs
 * (one approval per person; the last one claims the request with a guarded update: one withdrawal).
 */
export async function approvePayoutWithStepUp(
  user: SessionUser,
  intent: PayoutApprovalIntent & { stepUp: StepUpResponse | undefined },
  deps: PayoutDeps & { stepUp?: StepUpDeps } = {},
): Promise<{ result: ApproveResult; proof: StepUpProof; boundCheck: { driftBps: string; maxDriftBps: string } }> {
  const expected = await payoutStepUpStatement(user, intent);
  const proof = await consumeStepUp(user, intent.stepUp, expected, deps.stepUp);
  const p = (await getPayout(intent.payoutId))!;
  const fixed = p.fixedSide === 'source' ? { sourceAmount: p.amount } : { targetAmount: p.amount };
  const { data } = await createQuote(
    { accountId: p.sourceAccountId, sourceAsset: p.sourceAsset, targetAsset: p.targetAsset, ...fixed },
    { client: deps.client, idempotencyKey: newIdempotencyKey() },
  );
  const drift = driftBps(p.indicativeQuote.rate, toStoredQuote(data).rate);
  const maxDriftBps = fact(expected, 'maxDriftBps');
  if (!withinTolerance(drift, maxDriftBps)) {
    throw Object.assign(new DomainError('RATE_BEYOND_BOUND', { httpStatus: 409 }), {
      boundCheck: { driftBps: drift, maxDriftBps },
      proof,
    });
  }
  const result = await approvePayout(user, { requestId: intent.payoutId, previewQuoteId: intent.previewQuoteId, acknowledged: intent.acknowledged }, deps);
  return { result, proof, boundCheck: { driftBps: drift, maxDriftBps } };
}
