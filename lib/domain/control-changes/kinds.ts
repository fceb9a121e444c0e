import type { Role } from '@/lib/auth/permissions';
import { payoutPolicyWeakens, type PolicyState } from './payout-policy';
import { roleChangeWeakens } from './roles';

/**
 * Control changes: what an admin may change about who can move money and how many people must agree. A change that
 * WEAKENS a control (one more person who can approve or manage the team, the second factor off, fewer approvals
 * somewhere) waits for a second admin; any other change applies at once, as before.
 */
export const CONTROL_CHANGE_KINDS = ['team.add-user', 'team.change-role', 'team.second-factor', 'payouts.policy'] as const;
export type ControlChangeKind = (typeof CONTROL_CHANGE_KINDS)[number];

export function isControlChangeKind(value: unknown): value is ControlChangeKind {
  return typeof value === 'string' && (CONTROL_CHANGE_KINDS as readonly string[]).includes(value);
}

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

/**
 * The subject a change is about: at most one change per subject waits at a time (a second proposal for the same
 * user or asset is refused until the first is decided), so an approver never signs one of two contradicting changes.
 */
export function subjectOf<K extends ControlChangeKind>(kind: K, after: ControlChangeStates[K]): string {
  switch (kind) {
    case 'team.add-user':
    case 'team.change-role':
      return `user:${(after as RoleState).userId}`;
    case 'team.second-factor':
      return 'team:second-factor';
    case 'payouts.policy':
      return `policy:${(after as PolicyState).asset}`;
    default:
      return kind;
  }
}

/** One row of the side-by-side view: a stable key (translated by the page) and the value before and after. */
export type ChangeRow =
  | { key: 'user'; before: string; after: string }
  | { key: 'role'; before: Role; after: Role }
  | { key: 'secondFactor'; before: boolean; after: boolean }
  | { key: 'policyRule'; asset: string; minAmount: string; before: number | null; after: number | null };

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

function describePolicyRows(before: PolicyState, after: PolicyState): ChangeRow[] {
  const thresholds = new Map<string, { before: number | null; after: number | null }>();
  for (const r of before.rules) thresholds.set(r.minAmount, { before: r.approvals, after: null });
  for (const r of after.rules) thresholds.set(r.minAmount, { before: thresholds.get(r.minAmount)?.before ?? null, after: r.approvals });
  return [...thresholds.entries()]
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([minAmount, v]) => ({ key: 'policyRule' as const, asset: after.asset, minAmount, ...v }));
}
