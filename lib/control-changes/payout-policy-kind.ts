import 'server-only';
import { approvalPolicies } from '@/lib/db/schema';
import type { ConsoleDb } from '@/lib/db/client';
import { payoutPolicyWeakens, describeChange, type PolicyState } from '@/lib/domain/control-changes';
import { isAsset } from '@/lib/money/assets';
import { getPolicyRow } from '@/lib/payouts/store';
import type { KindHandler } from './kind-handler';

/**
 * The payout approval policy as a control-change kind, in one file so the policy's shape can be swapped here alone:
 * how to read the current policy, when a new one weakens it (lib/domain/control-changes/payout-policy.ts) and how to
 * write it.
 */
export const payoutPolicyKind: KindHandler<PolicyState> = {
  async current(db: ConsoleDb, after: PolicyState): Promise<PolicyState | null> {
    if (!isAsset(after.asset)) return null;
    const row = await getPolicyRow(after.asset, db);
    return { asset: after.asset, rules: row?.rules ?? [] };
  },
  isWeakening: payoutPolicyWeakens,
  describe: (before, after) => describeChange('payouts.policy', before, after),
  same: (a, b) => a.asset === b.asset && JSON.stringify(a.rules) === JSON.stringify(b.rules),
  async apply(db, after, by, at) {
    await db
      .insert(approvalPolicies)
      .values({ asset: after.asset, rules: after.rules, updatedById: by.id, updatedByEmail: by.email, updatedAt: at })
      .onConflictDoUpdate({
        target: approvalPolicies.asset,
        set: { rules: after.rules, updatedById: by.id, updatedByEmail: by.email, updatedAt: at },
      });
  },
};
