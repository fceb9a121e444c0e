import { describe, expect, it } from 'vitest';
import { ROLES, can } from '@/lib/auth/permissions';
import {
  APPROVING_ROLES,
  TEAM_ROLES,
  canTransition,
  decisionRefusal,
  describeChange,
  isDue,
  isFinal,
  isWeakening,
  parseControlChangeDelayHours,
  payoutPolicyWeakens,
  pendingTimes,
  roleChangeWeakens,
  subjectOf,
  type PolicyState,
} from '.';

const user = { userId: 'u1', email: 'p@x.test', name: 'P' };
const brl = (rules: PolicyState['rules']): PolicyState => ({ asset: 'BRL', rules });

describe('what weakens, per kind', () => {
  it('the approving and team roles are those of the permission matrix', () => {
    expect(ROLES.filter((r) => can(r, 'payouts:approve')).sort()).toEqual([...APPROVING_ROLES].sort());
    expect(ROLES.filter((r) => can(r, 'team:manage'))).toEqual([...TEAM_ROLES]);
  });

  it('roles: gaining approval or team rights weakens; losing them does not', () => {
    expect(roleChangeWeakens('viewer', 'finance')).toBe(true);
    expect(roleChangeWeakens('compliance', 'finance')).toBe(true);
    expect(roleChangeWeakens('viewer', 'admin')).toBe(true);
    expect(roleChangeWeakens('finance', 'admin')).toBe(true);
    expect(roleChangeWeakens('admin', 'finance')).toBe(false);
    expect(roleChangeWeakens('finance', 'viewer')).toBe(false);
    expect(roleChangeWeakens('viewer', 'compliance')).toBe(false);
    expect(roleChangeWeakens('finance', 'finance')).toBe(false);
    expect(isWeakening('team.add-user', { ...user, role: 'viewer' }, { ...user, role: 'finance' })).toBe(true);
    expect(isWeakening('team.change-role', { ...user, role: 'admin' }, { ...user, role: 'viewer' })).toBe(false);
  });

  it('second factor: turning it off weakens, on does not', () => {
    expect(isWeakening('team.second-factor', { required: true }, { required: false })).toBe(true);
    expect(isWeakening('team.second-factor', { required: false }, { required: true })).toBe(false);
    expect(isWeakening('team.second-factor', { required: false }, { required: false })).toBe(false);
  });

  it('payout policy: a raised threshold, fewer approvals or a removed rule weaken; the opposite does not', () => {
    const base = brl([{ minAmount: '100.00', approvals: 2 }]);
    expect(payoutPolicyWeakens(base, brl([{ minAmount: '500.00', approvals: 2 }]))).toBe(true);
    expect(payoutPolicyWeakens(base, brl([{ minAmount: '100.00', approvals: 1 }]))).toBe(true);
    expect(payoutPolicyWeakens(base, brl([]))).toBe(true);
    expect(payoutPolicyWeakens(base, brl([{ minAmount: '50.00', approvals: 2 }]))).toBe(false);
    expect(payoutPolicyWeakens(brl([]), base)).toBe(false);
    expect(payoutPolicyWeakens(base, base)).toBe(false);
    // A new lower rule that only adds approvals below the old threshold, while the old one stays: not weaker.
    expect(payoutPolicyWeakens(base, brl([{ minAmount: '10.00', approvals: 2 }, { minAmount: '100.00', approvals: 2 }]))).toBe(false);
    expect(isWeakening('payouts.policy', base, brl([]))).toBe(true);
  });
});

describe('subjects and the side-by-side view', () => {
  it('one subject per user, per asset, for the team setting', () => {
    expect(subjectOf('team.change-role', { ...user, role: 'admin' })).toBe('user:u1');
    expect(subjectOf('payouts.policy', brl([]))).toBe('policy:BRL');
    expect(subjectOf('team.second-factor', { required: false })).toBe('team:second-factor');
  });

  it('rows compare before and after', () => {
    expect(describeChange('team.change-role', { ...user, role: 'viewer' }, { ...user, role: 'admin' })).toEqual([
      { key: 'user', before: 'P <p@x.test>', after: 'P <p@x.test>' },
      { key: 'role', before: 'viewer', after: 'admin' },
    ]);
    expect(describeChange('payouts.policy', brl([{ minAmount: '100.00', approvals: 2 }]), brl([{ minAmount: '500.00', approvals: 2 }]))).toEqual([
      { key: 'policyRule', asset: 'BRL', minAmount: '100.00', before: 2, after: null },
      { key: 'policyRule', asset: 'BRL', minAmount: '500.00', before: null, after: 2 },
    ]);
  });
});

describe('state machine', () => {
  it('moves only forward; final states stay final', () => {
    expect(canTransition('PENDING', 'APPROVED')).toBe(true);
    expect(canTransition('APPROVED', 'APPLIED')).toBe(true);
    expect(canTransition('PENDING', 'APPLIED')).toBe(true);
    expect(canTransition('APPLIED', 'PENDING')).toBe(false);
    expect(canTransition('REJECTED', 'APPLIED')).toBe(false);
    expect(isFinal('EXPIRED')).toBe(true);
    expect(isFinal('PENDING')).toBe(false);
  });

  it('only another admin decides, only while pending and not expired', () => {
    const at = new Date('2026-01-05T09:00:00Z');
    const change = { status: 'PENDING' as const, requestedById: 'a1', expiresAt: new Date('2026-01-06T09:00:00Z') };
    expect(decisionRefusal(change, 'a1', at)).toBe('OWN_CHANGE');
    expect(decisionRefusal(change, 'a2', at)).toBeNull();
    expect(decisionRefusal({ ...change, status: 'APPLIED' }, 'a2', at)).toBe('NOT_PENDING');
    expect(decisionRefusal(change, 'a2', new Date('2026-01-06T09:00:00Z'))).toBe('EXPIRED');
  });
});

describe('single-admin delay', () => {
  const at = new Date('2026-01-05T09:00:00Z');
  it('parses CONTROL_CHANGE_DELAY_HOURS: 1-720, default 24', () => {
    expect(parseControlChangeDelayHours(undefined)).toBe(24);
    expect(parseControlChangeDelayHours(' 48 ')).toBe(48);
    expect(parseControlChangeDelayHours('0')).toBeNull();
    expect(parseControlChangeDelayHours('721')).toBeNull();
    expect(parseControlChangeDelayHours('2h')).toBeNull();
  });

  it('with another admin the change waits for them; alone it takes effect after the delay', () => {
    expect(pendingTimes({ at, otherActiveAdmins: 1, delayHours: 24 })).toEqual({
      effectiveAt: null,
      expiresAt: new Date('2026-01-12T09:00:00Z'),
    });
    const alone = pendingTimes({ at, otherActiveAdmins: 0, delayHours: 24 });
    expect(alone.effectiveAt).toEqual(new Date('2026-01-06T09:00:00Z'));
    expect(alone.expiresAt.getTime()).toBeGreaterThan(alone.effectiveAt!.getTime());
    const long = pendingTimes({ at, otherActiveAdmins: 0, delayHours: 720 });
    expect(long.expiresAt.getTime()).toBeGreaterThan(long.effectiveAt!.getTime());
  });

  it('is due once the effective time has come, while pending', () => {
    const effectiveAt = new Date('2026-01-06T09:00:00Z');
    expect(isDue({ status: 'PENDING', effectiveAt }, new Date('2026-01-06T08:59:59Z'))).toBe(false);
    expect(isDue({ status: 'PENDING', effectiveAt }, effectiveAt)).toBe(true);
    expect(isDue({ status: 'REJECTED', effectiveAt }, effectiveAt)).toBe(false);
    expect(isDue({ status: 'PENDING', effectiveAt: null }, effectiveAt)).toBe(false);
  });
});
