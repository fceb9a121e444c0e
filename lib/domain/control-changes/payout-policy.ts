import { requiredApprovals, type ApprovalPolicy } from '@/lib/domain/payouts/policy';
import { Dec } from '@/lib/money/decimal';

/**
 * The payout approval policy's side of control changes, in one file so that the policy's shape can change without
 * touching the rest: what a policy state is and when a new one weakens the old. Today's policy is per source asset,
 * thresholds → approvals (lib/domain/payouts/policy.ts).
 */
export type PolicyState = ApprovalPolicy;

/**
 * A new policy weakens the old when SOME amount needs fewer approvals than before: a threshold raised, an approval
 * count lowered, a rule removed. Required approvals change only at thresholds, so checking each threshold of either
 * policy (and zero) covers every amount.
 */
export function payoutPolicyWeakens(before: PolicyState, after: PolicyState): boolean {
  if (before.asset !== after.asset) return true;
  const points = new Set(['0', ...before.rules.map((r) => r.minAmount), ...after.rules.map((r) => r.minAmount)]);
  for (const point of points) {
    const value = new Dec(point).toFixed();
    const amount = { value, asset: before.asset };
    if (requiredApprovals(after, amount) < requiredApprovals(before, amount)) return true;
  }
  return false;
}
