import { dailyCapRaised, policyWeakens, type PolicyTier, type TieredPolicy } from '@/lib/domain/payouts/approval-policy';
import type { Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';

/**
 * The payout approval policy's side of control changes, in one file so that the policy's shape can change without
 * touching the rest: what a policy state is, when a new one weakens the old, and how two compare. The policy is the
 * team's tiered one in the reference currency (lib/domain/payouts/approval-policy.ts).
 */
export type PolicyState = TieredPolicy;

/**
 * A new policy weakens the old when some payout would get through with less than before (a bound raised, a tier or
 * step removed, fewer approvals, a step open to more roles, another reference currency: `policyWeakens`) or when the
 * per-user daily cap goes up or away (`dailyCapRaised`): both need a second admin.
 */
export function payoutPolicyWeakens(before: PolicyState, after: PolicyState): boolean {
  return policyWeakens(before, after).length > 0 || dailyCapRaised(before, after);
}

const sameAmount = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Dec(a).eq(new Dec(b)));

/**
 * Whether two policies say the same. Field by field, never by JSON text: a policy read back from a jsonb column
 * comes with its keys in another order.
 */
export function samePolicy(a: PolicyState, b: PolicyState): boolean {
  if (a.referenceCurrency !== b.referenceCurrency || !sameAmount(a.dailyCap, b.dailyCap) || a.tiers.length !== b.tiers.length) return false;
  return a.tiers.every((ta, i) => {
    const tb = b.tiers[i]!;
    if (!sameAmount(ta.upTo, tb.upTo) || ta.steps.length !== tb.steps.length) return false;
    return ta.steps.every((sa, j) => {
      const sb = tb.steps[j]!;
      return sa.approvals === sb.approvals && sa.roles.length === sb.roles.length && sa.roles.every((r) => sb.roles.includes(r));
    });
  });
}

/** One tier as the side-by-side view reads it: the tier, the bound below it (for "Above …") and the currency. */
export type PolicyTierSide = { tier: PolicyTier; previousUpTo: string | null; currency: Asset };
export type DailyCapSide = { amount: string | null; currency: Asset };

/** Tier i of a policy, or null when the policy has fewer tiers. */
export function policyTierSide(policy: PolicyState, index: number): PolicyTierSide | null {
  const tier = policy.tiers[index];
  if (!tier) return null;
  return { tier, previousUpTo: index > 0 ? policy.tiers[index - 1]!.upTo : null, currency: policy.referenceCurrency };
}
