import 'server-only';
import { getAccount } from '@/lib/api/accounts';
import { getBeneficiary } from '@/lib/api/beneficiaries';
import { isApiError } from '@/lib/api/errors';
import { createQuote } from '@/lib/api/quotes';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { payoutRequests } from '@/lib/db/schema';
import { enforceAvailable } from '@/lib/balances/enforce-available';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { INITIAL_PAYOUT_STATUS, expiresAt, payoutStepKey } from '@/lib/domain/payouts';
import { planFor, totalApprovals, valueInReference, type ApprovalPlan, type QuoteForValuation, type TieredPolicy } from '@/lib/domain/payouts/approval-policy';
import type { RequestPayoutValues } from '@/lib/domain/payouts/request-payout-form';
import { toAmount } from '@/lib/money/amount';
import { amountProblem } from '@/lib/money/amount-problem';
import { isAsset, type Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';
import { parseAmount } from '@/lib/money/parse-amount';
import { notifyPayout } from '@/lib/notifications/payout-facts';
import { requirePermission, type PayoutActor } from './actor';
import { getTieredPolicy, lockRequester, requestedOnDay } from './approval-policy';
import { PayoutError } from './errors';
import { assertKeyReviewed } from './reviewed-key';
import { getPayout, type PayoutWithApprovals } from './store';
import { toStoredQuote, type PayoutDeps } from './upstream';

/** What the form sends: its values (lib/domain/payouts/request-payout-form.ts) and the intent's key. */
export interface RequestPayoutInput extends RequestPayoutValues {
  /** The form instance's idempotency key; it becomes the request's id, so a double submit is one request. */
  requestId: string;
}

/** Finance or admin asks for a payout to a saved beneficiary's APPROVED instruction; stores the indicative quote. */
export async function requestPayout(actor: PayoutActor, input: RequestPayoutInput, deps: PayoutDeps = {}): Promise<PayoutWithApprovals> {
  requirePermission(actor, 'payouts:request');
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
