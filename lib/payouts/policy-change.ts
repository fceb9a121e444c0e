import 'server-only';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import type { FieldProblem } from '@/lib/errors';
import {
  dailyCapRaised,
  policyWeakens,
  validateTieredPolicy,
  type TieredPolicy,
  type TieredPolicyInput,
  type WeakeningReason,
} from '@/lib/domain/payouts/approval-policy';
import { requirePermission, type PayoutActor } from './actor';
import { getTieredPolicy, referenceCurrency, saveTieredPolicy } from './approval-policy';
import { PayoutError } from './errors';

export interface PolicyChange {
  before: TieredPolicy;
  after: TieredPolicy;
  /** How `after` asks less than `before` (empty: at least as strict); a weakening change is audited with them. */
  weakens: WeakeningReason[];
  dailyCapRaised: boolean;
}

/** Admin: replaces the team's tiered policy, written in REFERENCE_CURRENCY. Waiting requests keep their plan. */
export async function setApprovalPolicy(actor: PayoutActor, input: Omit<TieredPolicyInput, 'referenceCurrency'>): Promise<PolicyChange> {
  requirePermission(actor, 'payouts:policy');
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
