import { describe, expect, it } from 'vitest';
import { ROLES, can } from '@/lib/auth/permissions';
import {
  APPROVING_ROLES,
  TEAM_ROLES,
  canTransition,
  controlChangeStatement,
  decisionRefusal,
  describeChange,
  isDue,
  isFinal,
  isWeakening,
  payoutPolicyWeakens,
  pendingTimes,
  roleChangeWeakens,
  samePolicy,
  subjectOf,
  type PolicyState,
} from '.';
import type { ApproverRole, PolicyTier } from '@/lib/domain/payouts/approval-policy';

const user = { userId: 'u1', email: 'p@x.test', name: 'P' };
const step = (approvals: number, ...roles: ApproverRole[]) => ({ approvals, roles: roles.length ? roles : (['finance', 'admin'] as ApproverRole[]) });
const brl = (tiers: PolicyTier[], dailyCap: string | null = null): PolicyState => ({ referenceCurrency: 'BRL', tiers, dailyCap });
// Up to R$ 10.000 one approval, up to R$ 100.000 two, above two then one admin; a cap of R$ 50.000 a day.
const base = brl(
  [
    { upTo: '10000.00', steps: [step(1)] },
    { upTo: '100000.00', steps: [step(2)] },
    { upTo: null, steps: [step(2), step(1, 'admin')] },
  ],
  '50000.00',
);

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

  it('payout policy: a raised bound, fewer approvals, a removed tier or step, wider roles or a raised cap weaken', () => {
    const tiers = base.tiers;
    // A bound raised: R$ 10.000,01 to R$ 20.000 now needs one approval instead of two.
    expect(payoutPolicyWeakens(base, brl([{ upTo: '20000.00', steps: [step(1)] }, tiers[1]!, tiers[2]!], '50000.00'))).toBe(true);
    // Fewer approvals in a tier.
    expect(payoutPolicyWeakens(base, brl([tiers[0]!, { upTo: '100000.00', steps: [step(1)] }, tiers[2]!], '50000.00'))).toBe(true);
    // A tier removed (the top tier's admin step gone with it).
    expect(payoutPolicyWeakens(base, brl([tiers[0]!, { upTo: null, steps: [step(2)] }], '50000.00'))).toBe(true);
    // The admin step opened to finance.
    expect(payoutPolicyWeakens(base, brl([tiers[0]!, tiers[1]!, { upTo: null, steps: [step(2), step(1)] }], '50000.00'))).toBe(true);
    // Only the daily cap raised, or removed: a second admin too.
    expect(payoutPolicyWeakens(base, brl(tiers, '80000.00'))).toBe(true);
    expect(payoutPolicyWeakens(base, brl(tiers, null))).toBe(true);
    expect(isWeakening('payouts.policy', base, brl(tiers, null))).toBe(true);
    // Stricter: a lower bound, more approvals, a lower cap, a cap where there was none.
    expect(payoutPolicyWeakens(base, brl([{ upTo: '5000.00', steps: [step(1)] }, tiers[1]!, tiers[2]!], '50000.00'))).toBe(false);
    expect(payoutPolicyWeakens(base, brl([tiers[0]!, { upTo: '100000.00', steps: [step(3)] }, tiers[2]!], '50000.00'))).toBe(false);
    expect(payoutPolicyWeakens(base, brl(tiers, '10000.00'))).toBe(false);
    expect(payoutPolicyWeakens(brl(tiers, null), base)).toBe(false);
    expect(payoutPolicyWeakens(base, base)).toBe(false);
    expect(isWeakening('payouts.policy', base, base)).toBe(false);
  });

  it('payout policy: the same policy read back with its keys in another order and amounts in another scale is the same', () => {
    const reordered = JSON.parse(
      '{"tiers":[{"steps":[{"roles":["finance","admin"],"approvals":1}],"upTo":"10000.0"},{"steps":[{"roles":["admin","finance"],"approvals":2}],"upTo":"100000.00"},' +
        '{"steps":[{"roles":["finance","admin"],"approvals":2},{"roles":["admin"],"approvals":1}],"upTo":null}],"dailyCap":"50000","referenceCurrency":"BRL"}',
    ) as PolicyState;
    expect(samePolicy(base, reordered)).toBe(true);
    expect(samePolicy(base, brl(base.tiers, null))).toBe(false);
    expect(samePolicy(base, brl(base.tiers.slice(0, 2), '50000.00'))).toBe(false);
    expect(samePolicy(base, { ...base, referenceCurrency: 'USD' })).toBe(false);
    expect(samePolicy(base, brl([base.tiers[0]!, base.tiers[1]!, { upTo: null, steps: [step(2), step(1, 'finance')] }], '50000.00'))).toBe(false);
  });
});

describe('subjects and the side-by-side view', () => {
  it('one subject per user, one for the payout policy, one for the team setting', () => {
    expect(subjectOf('team.change-role', { ...user, role: 'admin' })).toBe('user:u1');
    expect(subjectOf('payouts.policy', base)).toBe('policy:payout-approvals');
    expect(subjectOf('payouts.policy', { ...base, referenceCurrency: 'USD' })).toBe('policy:payout-approvals');
    expect(subjectOf('team.second-factor', { required: false })).toBe('team:second-factor');
  });

  it('rows compare before and after', () => {
    expect(describeChange('team.change-role', { ...user, role: 'viewer' }, { ...user, role: 'admin' })).toEqual([
      { key: 'user', before: 'P <p@x.test>', after: 'P <p@x.test>' },
      { key: 'role', before: 'viewer', after: 'admin' },
    ]);
    // Every tier side by side (a removed tier reads as none after), each with the bound below it, then the cap.
    const after = brl([{ upTo: '20000.00', steps: [step(1)] }, { upTo: null, steps: [step(2)] }], null);
    expect(describeChange('payouts.policy', base, after)).toEqual([
      {
        key: 'policyTier',
        tier: 0,
        before: { tier: base.tiers[0], previousUpTo: null, currency: 'BRL' },
        after: { tier: after.tiers[0], previousUpTo: null, currency: 'BRL' },
      },
      {
        key: 'policyTier',
        tier: 1,
        before: { tier: base.tiers[1], previousUpTo: '10000.00', currency: 'BRL' },
        after: { tier: after.tiers[1], previousUpTo: '20000.00', currency: 'BRL' },
      },
      { key: 'policyTier', tier: 2, before: { tier: base.tiers[2], previousUpTo: '100000.00', currency: 'BRL' }, after: null },
      { key: 'policyDailyCap', before: { amount: '50000.00', currency: 'BRL' }, after: { amount: null, currency: 'BRL' } },
    ]);
    // Another reference currency leads the rows.
    expect(describeChange('payouts.policy', base, { ...base, referenceCurrency: 'USD' })[0]).toEqual({ key: 'policyCurrency', before: 'BRL', after: 'USD' });
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

describe('what the approving admin signs', () => {
  const id = '7b0f3c1e-3d1a-4c55-9a55-0d6f3c1e2a10';
  it('a tiered policy change: kind, who asked, every tier and the cap before and after, in canonical form', () => {
    const after = brl([{ upTo: '20000.00', steps: [step(1)] }, { upTo: null, steps: [step(2), step(1, 'admin')] }], null);
    const s = controlChangeStatement({ id, kind: 'payouts.policy', requestedByEmail: 'admin@acme.test', before: base, after });
    expect(s).toEqual({
      purpose: 'control-change.approve',
      subject: id,
      facts: [
        ['kind', 'payouts.policy'],
        ['requestedBy', 'admin@acme.test'],
        ['before.currency', 'BRL'],
        ['before.tier1', 'upTo=10000.00;steps=1:finance+admin'],
        ['before.tier2', 'upTo=100000.00;steps=2:finance+admin'],
        ['before.tier3', 'upTo=none;steps=2:finance+admin,1:admin'],
        ['before.dailyCap', '50000.00'],
        ['after.currency', 'BRL'],
        ['after.tier1', 'upTo=20000.00;steps=1:finance+admin'],
        ['after.tier2', 'upTo=none;steps=2:finance+admin,1:admin'],
        ['after.dailyCap', 'none'],
      ],
    });
    // The same change read back from jsonb (keys in another order) signs the same facts.
    const reread = JSON.parse(JSON.stringify({ dailyCap: after.dailyCap, tiers: after.tiers, referenceCurrency: 'BRL' })) as PolicyState;
    expect(controlChangeStatement({ id, kind: 'payouts.policy', requestedByEmail: 'admin@acme.test', before: base, after: reread })).toEqual(s);
    // Any other policy signs differently.
    expect(controlChangeStatement({ id, kind: 'payouts.policy', requestedByEmail: 'admin@acme.test', before: base, after: { ...after, dailyCap: '1.00' } })).not.toEqual(s);
  });

  it('role and second-factor changes name whom and what', () => {
    expect(controlChangeStatement({ id, kind: 'team.change-role', requestedByEmail: 'a@x.test', before: { ...user, role: 'viewer' }, after: { ...user, role: 'admin' } }).facts).toEqual([
      ['kind', 'team.change-role'],
      ['requestedBy', 'a@x.test'],
      ['user', 'u1'],
      ['userEmail', 'p@x.test'],
      ['before.role', 'viewer'],
      ['after.role', 'admin'],
    ]);
    expect(controlChangeStatement({ id, kind: 'team.second-factor', requestedByEmail: 'a@x.test', before: { required: true }, after: { required: false } }).facts.slice(2)).toEqual([
      ['before.secondFactorRequired', 'true'],
      ['after.secondFactorRequired', 'false'],
    ]);
  });
});
