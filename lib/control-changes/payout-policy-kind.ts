import 'server-only';
import type { ConsoleDb } from '@/lib/db/client';
import { payoutPolicyWeakens, describeChange, samePolicy, type PolicyState } from '@/lib/domain/control-changes';
import { getTieredPolicy, saveTieredPolicy } from '@/lib/payouts/approval-policy';
import type { KindHandler } from './kind-handler';

/**
 * The team's tiered payout approval policy as a control-change kind, in one file so the policy's shape can be swapped
 * here alone: the policy in force (saved, or derived from the per-asset thresholds of before), when a new one weakens
 * it (lib/domain/control-changes/payout-policy.ts) and how to write it (the tiers store).
 */
export const payoutPolicyKind: KindHandler<PolicyState> = {
  async current(db: ConsoleDb): Promise<PolicyState> {
    return (await getTieredPolicy(db)).policy;
  },
  isWeakening: payoutPolicyWeakens,
  describe: (before, after) => describeChange('payouts.policy', before, after),
  same: samePolicy,
  async apply(db, after, by, at) {
    await saveTieredPolicy(after, by, at, db);
  },
};
