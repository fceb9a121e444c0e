import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getAccount } from '@/lib/api/accounts';
import { getBeneficiary } from '@/lib/api/beneficiaries';
import { isApiError } from '@/lib/api/errors';
import { createQuote } from '@/lib/api/quotes';
import { newIdempotencyKey } from '@/lib/api/request';
import { recordAudit } from '@/lib/audit/record-audit';
import { enforceAvailable } from '@/lib/balances/enforce-available';
import { now } from '@/lib/clock';
import { can, type Role } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { payoutApprovals, payoutQuotePreviews, payoutRequests, type StoredQuote } from '@/lib/db/schema';
import type { FieldProblem } from '@/lib/errors';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { driftBps } from '@/lib/domain/quotes/rates';
import { INITIAL_PAYOUT_STATUS, expiresAt, requiredStatus, needsAcknowledgement, payoutStepKey, toleranceFor, type PayoutStatus } from '@/lib/domain/payouts';
import {
  dailyCapRaised,
  decideStepApproval,
  legacyPlan,
  planFor,
  policyWeakens,
  totalApprovals,
  validateTieredPolicy,
  valueInReference,
  type ApprovalPlan,
  type QuoteForValuation,
  type StepDecision,
  type TieredPolicy,
  type TieredPolicyInput,
  type WeakeningReason,
} from '@/lib/domain/payouts/approval-policy';
import { toAmount } from '@/lib/money/amount';
import { amountProblem } from '@/lib/money/amount-problem';
import { parseAmount } from '@/lib/money/parse-amount';
import { isAsset, type Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';
import { notifyPayout } from '@/lib/notifications/payout-facts';
import { assertCooledOff } from './cool-off';
import { PayoutError } from './errors';
import { EXECUTION_LEASE_MS, executePayout } from './execute';
import { assertKeyReviewed } from './reviewed-key';
import { wakePayoutSweep } from './sweep';
import { toStoredQuote, type PayoutDeps } from './quotes';
import { getTieredPolicy, lockRequester, referenceCurrency, requestedOnDay, saveTieredPolicy } from './approval-policy';
import { getPayout, liveApprovals, payoutTransition, type PayoutWithApprovals } from './store';
import type { RequestPayoutValues } from '@/lib/domain/payouts/request-payout-form';

export type PayoutActor = { id: string; email: string; name: string; role: Role };

/** A fresh quote shown to an approver is trusted for this long; after that they must look again. */
export const PREVIEW_MAX_AGE_MS = 10 * 60_000;
export const REJECTION_REASON_MAX = 500;

/** What the form sends: its values (lib/domain/payouts/request-payout-form.ts) and the intent's key. */
export interface RequestPayoutInput extends RequestPayoutValues {
  /** The form instance's idempotency key; it becomes the request's id, so a double submit is one request. */
  requestId: string;
}

function must(actor: PayoutActor, permission: 'payouts:request' | 'payouts:approve' | 'payouts:policy'): void {
  if (!can(actor.role, permission)) throw new PayoutError('FORBIDDEN', { permission });
}

/** Finance or admin asks for a payout to a saved beneficiary's APPROVED instruction; stores the indicative quote. */
export async function requestPayout(actor: PayoutActor, input: RequestPayoutInput, deps: PayoutDeps = {}): Promise<PayoutWithApprovals> {
  must(actor, 'payouts:request');
  const db = await getDb();
  const existing = await getPayout(input.requestId, db);
  if (existing) {
    if (existing.requesterId !== actor.id) throw new PayoutError('NOT_FOUND');
    return existing; // the same form submitted twice
  }
  if (!isAsset(input.sourceAsset)) throw new PayoutError('INVALID_AMOUNT', {}, { sourceAsset: 'ASSET_REQUIRED' });
  const sourceAsset: Asset = input.sourceAsset;

  const beneficiary = await getBeneficiary(input.beneficiaryId, { client: deps.client }).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) {
      throw new PayoutError('INSTRUCTION_NOT_FOUND', {}, { beneficiaryId: 'BENEFICIARY_NOT_FOUND' });
    }
    throw error;
  });
  const instruction = beneficiary.data.paymentInstructions.find((i) => i.id === input.instructionId);
  if (!instruction) throw new PayoutError('INSTRUCTION_NOT_FOUND', {}, { instructionId: 'INSTRUCTION_NOT_FOUND' });
  if (instruction.currentState.status !== 'APPROVED') {
    throw new PayoutError('INSTRUCTION_NOT_APPROVED', { status: instruction.currentState.status }, { instructionId: 'INSTRUCTION_NOT_APPROVED' });
  }
  await assertKeyReviewed(instruction.id, db);
  const targetAsset = instruction.asset;
  if (!isAsset(targetAsset)) throw new PayoutError('INSTRUCTION_NOT_FOUND', {}, { instructionId: 'INSTRUCTION_NOT_FOUND' });

  const account = await getAccount(input.sourceAccountId, { client: deps.client }).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) {
      throw new PayoutError('ACCOUNT_NOT_ACTIVE', {}, { sourceAccountId: 'ACCOUNT_NOT_FOUND' });
    }
    throw error;
  });
  if (account.data.currentState.status !== 'ACTIVE') {
    throw new PayoutError('ACCOUNT_NOT_ACTIVE', {}, { sourceAccountId: 'ACCOUNT_NOT_ACTIVE' });
  }
  if (!account.data.assets.some((a) => a.asset === sourceAsset && a.status === 'ACTIVE')) {
    throw new PayoutError('ASSET_NOT_ENABLED', {}, { sourceAsset: 'ASSET_NOT_ENABLED' });
  }

  const fixedAsset = input.fixedSide === 'source' ? sourceAsset : targetAsset;
  let amount: string;
  try {
    amount = toAmount(input.amount.trim(), fixedAsset).value;
  } catch {
    // The form's schema let the digits through: what is left is the asset's scale (BRL has two decimals).
    const parsed = parseAmount(input.amount, fixedAsset);
    throw new PayoutError('INVALID_AMOUNT', {}, { amount: parsed.ok ? { code: 'AMOUNT_INVALID' } : amountProblem(parsed.code, fixedAsset) });
  }
  if (!new Dec(amount).gt(0)) throw new PayoutError('INVALID_AMOUNT', {}, { amount: 'AMOUNT_NOT_POSITIVE' });

  // A request the balance cannot cover is refused now, naming what is available, not approved and then failed:
  // before quoting when the debit is typed, after it when only the quote says what the payout costs.
  if (input.fixedSide === 'source') await enforceAvailable(input.sourceAccountId, toAmount(amount, sourceAsset), 'amount', { client: deps.client });
  const fixed = input.fixedSide === 'source' ? { sourceAmount: amount } : { targetAmount: amount };
  const { data: quote } = await createQuote(
    { accountId: input.sourceAccountId, sourceAsset, targetAsset, ...fixed },
    { client: deps.client, idempotencyKey: payoutStepKey(input.requestId, { quoteAttempt: 0 }) },
  );
  const indicative = toStoredQuote(quote);
  if (input.fixedSide === 'target') {
    await enforceAvailable(input.sourceAccountId, toAmount(indicative.sourceAmount.value, sourceAsset), 'amount', { client: deps.client });
  }
  const { policy } = await getTieredPolicy(db);
  const valuation = await valuePayout(policy, input.requestId, input.sourceAccountId, quote, deps);
  const at = now();
  const owner = account.data.owner as { legalName?: unknown };
  const inserted = await db.transaction(async (tx) => {
    const txDb = tx as unknown as typeof db;
    // One requester's requests one at a time, so two at once cannot both stay under the daily cap.
    await lockRequester(actor.id, txDb);
    const requestedBefore = await requestedOnDay(actor.id, policy.referenceCurrency, at, txDb);
    const plan = valuation ? planFor(policy, valuation, requestedBefore) : strictestPlan(policy);
    return tx
      .insert(payoutRequests)
      .values({
        id: input.requestId,
        requesterId: actor.id,
        requesterEmail: actor.email,
        requesterName: actor.name,
        sourceAccountId: input.sourceAccountId,
        sourceAccountName: typeof owner.legalName === 'string' ? owner.legalName : input.sourceAccountId,
        sourceAsset,
        beneficiaryId: input.beneficiaryId,
        beneficiaryName: holderName(beneficiary.data.holder as { type: string }),
        instructionId: instruction.id,
        targetAsset,
        dictKeyType: 'dictKeyType' in instruction.address ? String(instruction.address.dictKeyType) : '',
        dictKey: 'dictKey' in instruction.address ? String(instruction.address.dictKey) : '',
        fixedSide: input.fixedSide,
        amount,
        memo: input.memo.trim().slice(0, 140),
        indicativeQuote: indicative,
        requiredApprovals: totalApprovals(plan.steps),
        approvalPlan: plan,
        status: INITIAL_PAYOUT_STATUS,
        states: [{ status: INITIAL_PAYOUT_STATUS, at: at.toISOString(), by: actor.email }],
        createdAt: at,
        updatedAt: at,
        expiresAt: expiresAt(at),
      })
      .onConflictDoNothing()
      .returning({ id: payoutRequests.id });
  });
  const created = await getPayout(input.requestId, db);
  if (!created) throw new Error('payout request vanished after insert');
  // Only the insert that created the request tells the approvers (a double submit stored nothing new).
  if (inserted.length === 1) await notifyPayout('payout.awaiting-approval', created, { occurrence: 'requested' });
  return created;
}

/** No rate to value a payout at: the strictest tier, and the daily cap's admin step whenever there is a cap. */
export function strictestPlan(policy: TieredPolicy): ApprovalPlan {
  const last = policy.tiers.length - 1;
  const steps = policy.tiers[last]!.steps.map((s) => ({ ...s, reason: 'TIER' as const }));
  const capped = policy.dailyCap !== null;
  return {
    referenceCurrency: policy.referenceCurrency,
    tierIndex: last,
    from: last > 0 ? policy.tiers[last - 1]!.upTo : null,
    upTo: null,
    steps: capped ? [...steps, { approvals: 1, roles: ['admin'], reason: 'DAILY_CAP' as const }] : steps,
    dailyCap: capped ? { cap: policy.dailyCap!, requestedBefore: '0' } : null,
    valuation: null,
  };
}

/**
 * The payout's debit valued in the policy's reference currency at a fresh quote's mid rate: the request's own quote
 * when it pays into the reference currency, a quote from the source asset to the reference otherwise (quotes are
 * free until used; this one never is). Null when no rate can be had: the caller then applies the strictest tier.
 */
async function valuePayout(
  policy: TieredPolicy,
  requestId: string,
  accountId: string,
  quote: QuoteForValuation & { targetAmount: { asset: string } },
  deps: PayoutDeps,
) {
  const reference = policy.referenceCurrency;
  const source = quote.sourceAmount;
  if (source.asset === reference || quote.targetAmount.asset === reference) return valueInReference(source, reference, quote);
  try {
    const { data } = await createQuote(
      { accountId, sourceAsset: source.asset, targetAsset: reference, sourceAmount: source.value },
      { client: deps.client, idempotencyKey: payoutStepKey(requestId, 'valuation') },
    );
    return valueInReference(source, reference, data);
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

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

function assertOpenFor(p: PayoutWithApprovals | null, actor: PayoutActor): PayoutWithApprovals {
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
  must(actor, 'payouts:approve');
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
  must(actor, 'payouts:approve');
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

/** An approver (never the requester) refuses the request; the reason reaches the requester. */
export async function rejectPayout(actor: PayoutActor, input: { requestId: string; reason: string }): Promise<PayoutStatus> {
  must(actor, 'payouts:approve');
  const reason = input.reason.trim();
  if (!reason) throw new PayoutError('REASON_REQUIRED', {}, { reason: 'REASON_REQUIRED' });
  const db = await getDb();
  const p = assertOpenFor(await getPayout(input.requestId, db), actor);
  const at = now();
  const reject = payoutTransition('REJECT', { at: at.toISOString(), by: actor.email, note: reason.slice(0, REJECTION_REASON_MAX) });
  const moved = await db
    .update(payoutRequests)
    .set({
      ...reject.set,
      rejectionReason: reason.slice(0, REJECTION_REASON_MAX),
      decidedById: actor.id,
      decidedByEmail: actor.email,
      updatedAt: at,
    })
    .where(and(eq(payoutRequests.id, p.id), reject.guard))
    .returning({ id: payoutRequests.id });
  if (moved.length === 0) throw new PayoutError('INVALID_STATUS', { status: p.status });
  await notifyPayout('payout.rejected', p, { actorId: actor.id, reason });
  return reject.to;
}

/** Only the requester cancels, and only while approvals are still open. */
export async function cancelPayout(actor: PayoutActor, input: { requestId: string }): Promise<PayoutStatus> {
  must(actor, 'payouts:request');
  const db = await getDb();
  const p = await getPayout(input.requestId, db);
  if (!p) throw new PayoutError('NOT_FOUND');
  if (p.requesterId !== actor.id) throw new PayoutError('NOT_REQUESTER');
  const at = now();
  const cancel = payoutTransition('CANCEL', { at: at.toISOString(), by: actor.email });
  const moved = await db
    .update(payoutRequests)
    .set({ ...cancel.set, updatedAt: at })
    .where(and(eq(payoutRequests.id, p.id), eq(payoutRequests.requesterId, actor.id), cancel.guard))
    .returning({ id: payoutRequests.id });
  if (moved.length === 0) throw new PayoutError('INVALID_STATUS', { status: p.status });
  return cancel.to;
}

export interface PolicyChange {
  before: TieredPolicy;
  after: TieredPolicy;
  /** How `after` asks less than `before` (empty: at least as strict); a weakening change is audited with them. */
  weakens: WeakeningReason[];
  dailyCapRaised: boolean;
}

/** Admin: replaces the team's tiered policy, written in REFERENCE_CURRENCY. Waiting requests keep their plan. */
export async function setApprovalPolicy(actor: PayoutActor, input: Omit<TieredPolicyInput, 'referenceCurrency'>): Promise<PolicyChange> {
  must(actor, 'payouts:policy');
  const checked = validateTieredPolicy({ ...input, referenceCurrency: referenceCurrency() });
  if (!checked.ok) {
    const fields: Record<string, FieldProblem> = {};
    for (const e of checked.errors) fields[e.path] ??= { code: `POLICY_${e.code}` };
    throw new PayoutError('INVALID_POLICY', {}, fields);
  }
  const db = await getDb();
  const { policy: before } = await getTieredPolicy(db);
  await saveTieredPolicy(checked.policy, actor, now(), db);
  return { before, after: checked.policy, weakens: policyWeakens(before, checked.policy), dailyCapRaised: dailyCapRaised(before, checked.policy) };
}
