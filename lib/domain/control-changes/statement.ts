import type { StepUpStatement } from '@/lib/domain/step-up/statement';
import type { ControlChangeKind, ControlChangeStates, RoleState, SecondFactorState } from './kinds';
import type { PolicyState } from './payout-policy';

/** What the statement needs of a change: all of it read from its row. */
export interface ChangeForStatement<K extends ControlChangeKind = ControlChangeKind> {
  id: string;
  kind: K;
  requestedByEmail: string;
  before: ControlChangeStates[K];
  after: ControlChangeStates[K];
}

/** "2:finance+admin" — a step's approvals and roles, in the policy's order. */
const stepText = (s: { approvals: number; roles: readonly string[] }) => `${s.approvals}:${s.roles.join('+')}`;

/** A tier in one line: its inclusive bound (`none` on the last) and its steps in order, comma-separated. */
function tierText(tier: PolicyState['tiers'][number]): string {
  return `upTo=${tier.upTo ?? 'none'};steps=${tier.steps.map(stepText).join(',')}`;
}

function stateFacts(kind: ControlChangeKind, side: 'before' | 'after', state: unknown): [string, string][] {
  switch (kind) {
    case 'team.add-user':
    case 'team.change-role':
      return [[`${side}.role`, (state as RoleState).role]];
    case 'team.second-factor':
      return [[`${side}.secondFactorRequired`, String((state as SecondFactorState).required)]];
    case 'payouts.policy': {
      const p = state as PolicyState;
      return [
        [`${side}.currency`, p.referenceCurrency],
        ...p.tiers.map((t, i): [string, string] => [`${side}.tier${i + 1}`, tierText(t)]),
        [`${side}.dailyCap`, p.dailyCap ?? 'none'],
      ];
    }
  }
}

/**
 * What a second admin signs (step-up) when approving a control change: the change's id as the
 * subject, its kind, who asked, whom it is about, and the state before and after in canonical form (role names,
 * booleans, decimal strings as stored, steps as `approvals:role+role`) — never locale-formatted text. Built from
 * the change's row alone, so the server recomputes it at approval time from the locked row.
 */
export function controlChangeStatement(change: ChangeForStatement): StepUpStatement {
  const facts: [string, string][] = [
    ['kind', change.kind],
    ['requestedBy', change.requestedByEmail],
  ];
  if (change.kind === 'team.add-user' || change.kind === 'team.change-role') {
    const a = change.after as RoleState;
    facts.push(['user', a.userId], ['userEmail', a.email]);
  }
  facts.push(...stateFacts(change.kind, 'before', change.before), ...stateFacts(change.kind, 'after', change.after));
  return { purpose: 'control-change.approve', subject: change.id, facts };
}
