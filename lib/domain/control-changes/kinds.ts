import type { Role } from '@/lib/auth/permissions';
import { payoutPolicyWeakens, policyTierSide, type DailyCapSide, type PolicyState, type PolicyTierSide } from './payout-policy';
import { roleChangeWeakens } from './roles';

/**
 * Control changes: what an admin may change about who can move money and how many people must agree. A change that
 * WEAKENS a control (one more person who can approve or manage the team, the second factor off, fewer approvals
 * somewhere) waits for a second admin; any other change applies at once, as before.
 */
export const CONTROL_CHANGE_KINDS = ['team.add-user', 'team.change-role', 'team.second-factor', 'payouts.policy'] as const;
export type ControlChangeKind = (typeof CONTROL_CHANGE_KINDS)[number];

/** A user's role before and after (adding a user: the user exists at once with no approval rights, `viewer`). */
export type RoleState = { userId: string; email: string; name: string; role: Role };
export type SecondFactorState = { required: boolean };

export type ControlChangeStates = {
  'team.add-user': RoleState;
  'team.change-role': RoleState;
  'team.second-factor': SecondFactorState;
  'payouts.policy': PolicyState;
};

/** Turning the team's second-factor requirement off weakens; turning it on never does. */
export function secondFactorWeakens(before: SecondFactorState, after: SecondFactorState): boolean {
  return before.required && !after.required;
}

/** Whether going from `before` to `after` under `kind` weakens a control (and so needs a second admin). */
export function isWeakening<K extends ControlChangeKind>(kind: K, before: ControlChangeStates[K], after: ControlChangeStates[K]): boolean {
  switch (kind) {
    case 'team.add-user':
    case 'team.change-role':
      return roleChangeWeakens((before as RoleState).role, (after as RoleState).role);
    case 'team.second-factor':
      return secondFactorWeakens(before as SecondFactorState, after as SecondFactorState);
    case 'payouts.policy':
      return payoutPolicyWeakens(before as PolicyState, after as PolicyState);
    default:
      return true;
  }
}

export const PAYOUT_POLICY_SUBJECT = 'policy:payout-approvals';

/**
 * The subject a change is about: at most one change per subject waits at a time (a second proposal for the same
 * user or the team's payout policy is refused until the first is decided), so an approver never signs one of two
 * contradicting changes.
 */
export function subjectOf<K extends ControlChangeKind>(kind: K, after: ControlChangeStates[K]): string {
  switch (kind) {
    case 'team.add-user':
    case 'team.change-role':
      return `user:${(after as RoleState).userId}`;
    case 'team.second-factor':
      return 'team:second-factor';
    case 'payouts.policy':
      // The team has one tiered policy.
      return PAYOUT_POLICY_SUBJECT;
    default:
      return kind;
  }
}

/** One row of the side-by-side view: a stable key (translated by the page) and the value before and after. */
export type ChangeRow =
  | { key: 'user'; before: string; after: string }
  | { key: 'role'; before: Role; after: Role }
  | { key: 'secondFactor'; before: boolean; after: boolean }
  /** Tier `tier` (0-based) of the payout policy before and after (null: that policy has no such tier). */
  | { key: 'policyTier'; tier: number; before: PolicyTierSide | null; after: PolicyTierSide | null }
  | { key: 'policyDailyCap'; before: DailyCapSide; after: DailyCapSide }
  | { key: 'policyCurrency'; before: string; after: string };

/** The before/after rows a reader compares (only what differs, plus who the change is about). */
export function describeChange<K extends ControlChangeKind>(kind: K, before: ControlChangeStates[K], after: ControlChangeStates[K]): ChangeRow[] {
  switch (kind) {
    case 'team.add-user': {
      const a = after as RoleState;
      // The user exists already (as a viewer): only the role waits.
      return [
        { key: 'user', before: '', after: `${a.name} <${a.email}>` },
        { key: 'role', before: (before as RoleState).role, after: a.role },
      ];
    }
    case 'team.change-role': {
      const b = before as RoleState;
      const a = after as RoleState;
      return [
        { key: 'user', before: `${b.name} <${b.email}>`, after: `${a.name} <${a.email}>` },
        { key: 'role', before: b.role, after: a.role },
      ];
    }
    case 'team.second-factor':
      return [{ key: 'secondFactor', before: (before as SecondFactorState).required, after: (after as SecondFactorState).required }];
    case 'payouts.policy':
      return describePolicyRows(before as PolicyState, after as PolicyState);
    default:
      return [];
  }
}

/**
 * The payout policy side by side: every tier (a reader compares whole tiers, not only the ones that moved, since a
 * moved bound changes what the next tier covers), then the daily cap, and the reference currency when it changes.
 */
function describePolicyRows(before: PolicyState, after: PolicyState): ChangeRow[] {
  const rows: ChangeRow[] = [];
  if (before.referenceCurrency !== after.referenceCurrency) {
    rows.push({ key: 'policyCurrency', before: before.referenceCurrency, after: after.referenceCurrency });
  }
  const count = Math.max(before.tiers.length, after.tiers.length);
  for (let tier = 0; tier < count; tier++) {
    rows.push({ key: 'policyTier', tier, before: policyTierSide(before, tier), after: policyTierSide(after, tier) });
  }
  rows.push({
    key: 'policyDailyCap',
    before: { amount: before.dailyCap, currency: before.referenceCurrency },
    after: { amount: after.dailyCap, currency: after.referenceCurrency },
  });
  return rows;
}
