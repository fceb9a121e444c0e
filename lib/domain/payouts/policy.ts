import { ASSETS, decimalsOf, isAsset, type Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';

/**
 * Approval policy of one asset: amount thresholds → approvals required. A request whose amount (in the
 * policy's asset) is at or above a rule's `minAmount` needs that rule's approvals; the highest matching
 * threshold wins; below every threshold (or with no policy) one approval is required.
 */
export type ApprovalCount = 1 | 2;
export interface PolicyRule {
  /** Decimal string in the asset's scale, ≥ 0. */
  minAmount: string;
  approvals: ApprovalCount;
}
export interface ApprovalPolicy {
  asset: Asset;
  rules: PolicyRule[];
}

export const DEFAULT_APPROVALS: ApprovalCount = 1;
export const MAX_POLICY_RULES = 10;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** Approvals a request of `amount` (a decimal string in `asset`) needs under `policy`. */
export function requiredApprovals(policy: ApprovalPolicy | null | undefined, amount: { value: string; asset: Asset }): ApprovalCount {
  if (!policy || policy.asset !== amount.asset) return DEFAULT_APPROVALS;
  if (!PLAIN_DECIMAL.test(amount.value)) throw new TypeError('amount.value must be a plain non-negative decimal string');
  const value = new Dec(amount.value);
  let best: PolicyRule | null = null;
  for (const rule of policy.rules) {
    if (value.gte(new Dec(rule.minAmount)) && (!best || new Dec(rule.minAmount).gt(new Dec(best.minAmount)))) best = rule;
  }
  return best?.approvals ?? DEFAULT_APPROVALS;
}

export type PolicyErrorCode =
  | 'UNKNOWN_ASSET'
  | 'TOO_MANY_RULES'
  | 'INVALID_AMOUNT'
  | 'AMOUNT_PRECISION'
  | 'INVALID_APPROVALS'
  | 'DUPLICATE_THRESHOLD';

export type PolicyValidation =
  | { ok: true; policy: ApprovalPolicy }
  | { ok: false; errors: Array<{ path: string; code: PolicyErrorCode }> };

/** Checks an edited policy and returns it normalised: canonical scale, thresholds ascending. */
export function validatePolicy(input: { asset: string; rules: Array<{ minAmount: string; approvals: number }> }): PolicyValidation {
  const errors: Array<{ path: string; code: PolicyErrorCode }> = [];
  if (!isAsset(input.asset)) return { ok: false, errors: [{ path: 'asset', code: 'UNKNOWN_ASSET' }] };
  const asset = input.asset;
  const scale = decimalsOf(asset);
  if (input.rules.length > MAX_POLICY_RULES) errors.push({ path: 'rules', code: 'TOO_MANY_RULES' });
  const seen = new Set<string>();
  const rules: PolicyRule[] = [];
  input.rules.forEach((rule, i) => {
    const raw = String(rule.minAmount ?? '').trim();
    if (!PLAIN_DECIMAL.test(raw)) {
      errors.push({ path: `rules.${i}.minAmount`, code: 'INVALID_AMOUNT' });
    } else if (new Dec(raw).decimalPlaces() > scale) {
      errors.push({ path: `rules.${i}.minAmount`, code: 'AMOUNT_PRECISION' });
    } else {
      const canonical = new Dec(raw).toFixed(scale);
      if (seen.has(canonical)) errors.push({ path: `rules.${i}.minAmount`, code: 'DUPLICATE_THRESHOLD' });
      seen.add(canonical);
      if (rule.approvals !== 1 && rule.approvals !== 2) errors.push({ path: `rules.${i}.approvals`, code: 'INVALID_APPROVALS' });
      else rules.push({ minAmount: canonical, approvals: rule.approvals });
    }
  });
  if (errors.length) return { ok: false, errors };
  rules.sort((a, b) => new Dec(a.minAmount).comparedTo(new Dec(b.minAmount)));
  return { ok: true, policy: { asset, rules } };
}

export const POLICY_ASSETS: readonly Asset[] = ASSETS;

/** Distinct approvers that count: the requester never does, and one person counts once. */
export function countingApprovers(approverIds: readonly string[], requesterId: string): string[] {
  return [...new Set(approverIds.filter((id) => id !== requesterId))];
}

export type ApprovalDecision =
  | { kind: 'refused'; code: 'SELF_APPROVAL' | 'ALREADY_APPROVED' }
  | { kind: 'partial'; counted: number; required: ApprovalCount }
  | { kind: 'final'; counted: number; required: ApprovalCount };

/** What one more approval by `approverId` does to a request that already has `approverIds`. */
export function decideApproval(input: {
  requesterId: string;
  approverId: string;
  approverIds: readonly string[];
  required: ApprovalCount;
}): ApprovalDecision {
  if (input.approverId === input.requesterId) return { kind: 'refused', code: 'SELF_APPROVAL' };
  if (input.approverIds.includes(input.approverId)) return { kind: 'refused', code: 'ALREADY_APPROVED' };
  const counted = countingApprovers([...input.approverIds, input.approverId], input.requesterId).length;
  return counted >= input.required ? { kind: 'final', counted, required: input.required } : { kind: 'partial', counted, required: input.required };
}
