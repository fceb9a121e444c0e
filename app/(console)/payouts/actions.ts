'use server';

import { revalidatePath } from 'next/cache';
import { actionClient } from '@/lib/actions/safe-action';
import { approvalPolicySchema, approvePayoutSchema, payoutIdSchema, payoutStepUpSchema, rejectPayoutSchema, requestPayoutSchema, payoutStepKey, validateTieredPolicy } from '@/lib/domain/payouts';
import { clientDetails } from '@/lib/auth/factors/manage';
import { stepUpRefusalDetails } from '@/lib/auth/step-up/service';
import { proposeControlChange } from '@/lib/control-changes/service';
import { referenceCurrency } from '@/lib/payouts/approval-policy';
import { approvePayoutWithStepUp, beginPayoutStepUp } from '@/lib/payouts/step-up';
import { rateLimits } from '@/lib/security/rate-limits';
import { previewQuote } from '@/lib/payouts/approval';
import { cancelPayout } from '@/lib/payouts/cancellation';
import { setApprovalPolicy } from '@/lib/payouts/policy-change';
import { rejectPayout } from '@/lib/payouts/rejection';
import { requestPayout } from '@/lib/payouts/request';

// Each action re-checks who may do it inside the service (the requester's own approve is refused there, not only
// hidden), and the action client records every attempt — success, error or denied — in the audit log.

export const requestPayoutAction = actionClient
  .metadata({ name: 'payouts.request', permission: 'payouts:request' })
  .inputSchema(requestPayoutSchema)
  .action(async ({ parsedInput, ctx }) => {
    const { idempotencyKey, ...rest } = parsedInput;
    await rateLimits.payoutRequest.enforce(ctx.user.id);
    const p = await requestPayout(ctx.user, { ...rest, requestId: idempotencyKey });
    ctx.audit.target = p.id;
    ctx.audit.details = { idempotencyKey, amount: p.amount, fixedSide: p.fixedSide, sourceAsset: p.sourceAsset, beneficiaryId: p.beneficiaryId };
    revalidatePath('/payouts');
    return { payoutId: p.id };
  });

export const previewQuoteAction = actionClient
  .metadata({ name: 'payouts.previewQuote', permission: 'payouts:approve' })
  .inputSchema(payoutIdSchema)
  .action(async ({ parsedInput, ctx }) => {
    const preview = await previewQuote(ctx.user, parsedInput.payoutId);
    ctx.audit.details = { quoteId: preview.quoteId, driftBps: preview.driftBps };
    return preview;
  });

/**
 * The approver is about to sign: the statement is built from the database (payout row + this approver's fresh
 * quote) and stored as a single-use challenge whose digest the passkey signs.
 */
export const beginPayoutStepUpAction = actionClient
  .metadata({ name: 'payouts.beginStepUp', permission: 'payouts:approve' })
  .inputSchema(payoutStepUpSchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.details = await clientDetails();
    const challenge = await beginPayoutStepUp(ctx.user, parsedInput);
    ctx.audit.details = {
      ...ctx.audit.details,
      challengeId: challenge.challengeId,
      method: challenge.method,
      digest: challenge.digest,
      expiresAt: challenge.expiresAt,
    };
    return challenge;
  });

/**
 * Approval needs the signed step-up: without it, or when anything signed differs from what would be approved now,
 * it is refused before anything changes (and the refusal is audited with its reason).
 */
export const approvePayoutAction = actionClient
  .metadata({ name: 'payouts.approve', permission: 'payouts:approve' })
  .inputSchema(approvePayoutSchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.details = {
      idempotencyKey: payoutStepKey(parsedInput.payoutId, 'withdrawal'),
      acknowledged: parsedInput.acknowledged,
      ...(await clientDetails()),
    };
    let approved: Awaited<ReturnType<typeof approvePayoutWithStepUp>>;
    try {
      approved = await approvePayoutWithStepUp(ctx.user, {
        payoutId: parsedInput.payoutId,
        previewQuoteId: parsedInput.previewQuoteId,
        acknowledged: parsedInput.acknowledged,
        stepUp: parsedInput.stepUp,
      });
    } catch (error) {
      const bound = (error as { boundCheck?: unknown; proof?: unknown }) ?? {};
      ctx.audit.details = { ...ctx.audit.details, ...stepUpRefusalDetails(error), ...(bound.boundCheck ? { rateBound: bound.boundCheck, stepUp: bound.proof } : {}) };
      throw error;
    }
    const { result, proof, boundCheck } = approved;
    ctx.audit.details = { ...ctx.audit.details, status: result.status, replayed: result.replayed, stepUp: proof, rateBound: boundCheck };
    revalidatePath('/payouts');
    return result;
  });

export const rejectPayoutAction = actionClient
  .metadata({ name: 'payouts.reject', permission: 'payouts:approve' })
  .inputSchema(rejectPayoutSchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.details = { reason: parsedInput.reason, ...(await clientDetails()) };
    const status = await rejectPayout(ctx.user, { requestId: parsedInput.payoutId, reason: parsedInput.reason });
    revalidatePath('/payouts');
    return { status };
  });

export const cancelPayoutAction = actionClient
  .metadata({ name: 'payouts.cancel', permission: 'payouts:request' })
  .inputSchema(payoutIdSchema)
  .action(async ({ parsedInput, ctx }) => {
    const status = await cancelPayout(ctx.user, { requestId: parsedInput.payoutId });
    revalidatePath('/payouts');
    return { status };
  });

export const setApprovalPolicyAction = actionClient
  .metadata({ name: 'payouts.setPolicy', permission: 'payouts:policy' })
  .inputSchema(approvalPolicySchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = 'policy:payout-approvals';
    // A policy under which some payout needs less (or with a higher daily cap) waits for a second admin
    // (lib/control-changes); an invalid one is refused by setApprovalPolicy below with its field errors.
    const checked = validateTieredPolicy({ ...parsedInput, referenceCurrency: referenceCurrency() });
    if (checked.ok) {
      const proposal = await proposeControlChange(ctx.user, 'payouts.policy', checked.policy);
      if (proposal.pending) {
        ctx.audit.details = { after: checked.policy, pendingChange: proposal.pending.id };
        revalidatePath('/payouts');
        return {
          weakens: [] as string[],
          dailyCapRaised: false,
          pending: { id: proposal.pending.id, effectiveAt: proposal.pending.effectiveAt?.toISOString() ?? null },
        };
      }
    }
    const change = await setApprovalPolicy(ctx.user, parsedInput);
    // Before and after side by side, and how the change weakens the controls (if it does).
    ctx.audit.details = { ...change };
    revalidatePath('/payouts');
    return { weakens: change.weakens.map((w) => w.code) as string[], dailyCapRaised: change.dailyCapRaised, pending: null };
  });
