import { describe, expect, it } from 'vitest';
import {
  dailyCapRaised,
  decideStepApproval,
  defaultPolicy,
  exceedsDailyCap,
  legacyPlan,
  midRateOf,
  planFor,
  policyFromLegacy,
  policyWeakens,
  progressOf,
  resolveTier,
  validateTieredPolicy,
  valueInReference,
  type TieredPolicy,
  type Valuation,
} from './approval-policy';

const policy = defaultPolicy('BRL');
const valued = (referenceAmount: string): Valuation => ({
  referenceCurrency: 'BRL',
  referenceAmount,
  midRate: '1',
  midRateSource: 'SAME_ASSET',
  quoteId: null,
  sourceAmount: { value: referenceAmount, asset: 'BRL' },
});

describe('resolveTier', () => {
  it('bounds are inclusive; the last tier takes everything above', () => {
    expect(resolveTier(policy, '0.01')).toBe(0);
    expect(resolveTier(policy, '10000.00')).toBe(0);
    expect(resolveTier(policy, '10000.01')).toBe(1);
    expect(resolveTier(policy, '100000.00')).toBe(1);
    expect(resolveTier(policy, '100000.01')).toBe(2);
    expect(resolveTier(policy, '99999999999999.99')).toBe(2);
  });
});

describe('valueInReference: the fresh quote’s mid rate, whatever the source asset', () => {
  const usdBrl = {
    id: 'q1',
    sourceAmount: { value: '1000.00', asset: 'USD' },
    effectiveRate: { value: '4.975', base: 'USD', quote: 'BRL' },
    midRate: { value: '5.00', base: 'USD', quote: 'BRL' },
    fees: [{ type: 'PERCENTAGE', source: 'FX_SPREAD', percentage: '0.5' }],
  };
  it('uses the quote’s midRate when sent; else adds the FX_SPREAD fee back; else the effective rate', () => {
    expect(midRateOf(usdBrl, 'USD', 'BRL')).toMatchObject({ source: 'MID_RATE' });
    expect(midRateOf(usdBrl, 'USD', 'BRL')!.rate.toString()).toBe('5');
    const noMid = { ...usdBrl, midRate: undefined };
    expect(midRateOf(noMid, 'USD', 'BRL')).toMatchObject({ source: 'SPREAD_FEE' });
    expect(midRateOf(noMid, 'USD', 'BRL')!.rate.toString()).toBe('5');
    expect(midRateOf({ ...noMid, fees: [] }, 'USD', 'BRL')).toMatchObject({ source: 'EFFECTIVE_RATE' });
    // A rate quoted the other way round is inverted; a quote between other assets cannot value.
    expect(midRateOf({ ...usdBrl, midRate: { value: '0.2', base: 'BRL', quote: 'USD' } }, 'USD', 'BRL')!.rate.toString()).toBe('5');
    expect(midRateOf(usdBrl, 'USDT', 'BRL')).toBeNull();
  });
  it('R$ 5.000 paid from USD is worth R$ 5.000 (1000 × 5.00), rounded up to the reference scale', () => {
    expect(valueInReference({ value: '1000.00', asset: 'USD' }, 'BRL', usdBrl)).toEqual({
      referenceCurrency: 'BRL',
      referenceAmount: '5000.00',
      midRate: '5',
      midRateSource: 'MID_RATE',
      quoteId: 'q1',
      sourceAmount: { value: '1000.00', asset: 'USD' },
    });
    const odd = { ...usdBrl, midRate: { value: '5.123456', base: 'USD', quote: 'BRL' } };
    expect(valueInReference({ value: '0.01', asset: 'USD' }, 'BRL', odd)!.referenceAmount).toBe('0.06');
    expect(valueInReference({ value: '10.00', asset: 'BRL' }, 'BRL', null)).toMatchObject({ referenceAmount: '10.00', midRateSource: 'SAME_ASSET', quoteId: null });
    expect(valueInReference({ value: '10.00', asset: 'USD' }, 'BRL', null)).toBeNull();
  });
});

describe('the plan of a payout and its daily cap', () => {
  it('a tier’s steps; over the requester’s daily cap an admin step is added', () => {
    const capped: TieredPolicy = { ...policy, dailyCap: '20000.00' };
    const plan = planFor(capped, valued('5000.00'), '10000.00');
    expect(plan).toMatchObject({ tierIndex: 0, from: null, upTo: '10000.00', dailyCap: null });
    expect(plan.steps).toEqual([{ approvals: 1, roles: ['finance', 'admin'], reason: 'TIER' }]);
    const over = planFor(capped, valued('5000.00'), '15000.01');
    expect(over.dailyCap).toEqual({ cap: '20000.00', requestedBefore: '15000.01' });
    expect(over.steps.map((s) => [s.approvals, s.roles, s.reason])).toEqual([
      [1, ['finance', 'admin'], 'TIER'],
      [1, ['admin'], 'DAILY_CAP'],
    ]);
    expect(planFor(capped, valued('150000.00'), '0')).toMatchObject({ tierIndex: 2, from: '100000.00', upTo: null });
  });
  it('exactly at the cap is within it', () => {
    expect(exceedsDailyCap('1000.00', '400.00', '600.00')).toBe(false);
    expect(exceedsDailyCap('1000.00', '400.00', '600.01')).toBe(true);
    expect(exceedsDailyCap(null, '1e9', '1')).toBe(false);
  });
});

describe('steps: who may approve which, in order', () => {
  const top = planFor(policy, valued('500000.00'), '0');
  const fin = (id: string) => ({ id, role: 'finance' });
  const adm = (id: string) => ({ id, role: 'admin' });
  it('two finance-or-admin approvals, then an admin; the requester never counts; one person counts once', () => {
    expect(decideStepApproval({ plan: top, requesterId: 'r', approver: fin('r'), approvals: [] })).toMatchObject({ kind: 'refused', code: 'SELF_APPROVAL' });
    expect(decideStepApproval({ plan: top, requesterId: 'r', approver: fin('a'), approvals: [] })).toEqual({ kind: 'partial', step: 0, counted: 1, required: 3 });
    const one = [{ approverId: 'a', step: 0 }];
    expect(decideStepApproval({ plan: top, requesterId: 'r', approver: fin('a'), approvals: one })).toMatchObject({ kind: 'refused', code: 'ALREADY_APPROVED' });
    expect(decideStepApproval({ plan: top, requesterId: 'r', approver: adm('x'), approvals: one })).toEqual({ kind: 'partial', step: 0, counted: 2, required: 3 });
    const two = [...one, { approverId: 'b', step: 0 }];
    // Step 2 is admin-only: finance is refused, naming the roles; the admin who already approved step 1 cannot again.
    expect(decideStepApproval({ plan: top, requesterId: 'r', approver: fin('c'), approvals: two })).toEqual({
      kind: 'refused',
      code: 'ROLE_NOT_IN_STEP',
      step: 1,
      roles: ['admin'],
    });
    expect(decideStepApproval({ plan: top, requesterId: 'r', approver: adm('b'), approvals: two })).toMatchObject({ code: 'ALREADY_APPROVED' });
    expect(decideStepApproval({ plan: top, requesterId: 'r', approver: adm('z'), approvals: two })).toEqual({ kind: 'final', step: 1, counted: 3, required: 3 });
    expect(decideStepApproval({ plan: top, requesterId: 'r', approver: adm('y'), approvals: [...two, { approverId: 'z', step: 1 }] })).toMatchObject({
      code: 'ALREADY_COMPLETE',
    });
    expect(decideStepApproval({ plan: top, requesterId: 'r', approver: { id: 'v', role: 'viewer' }, approvals: [] })).toMatchObject({ code: 'ROLE_NOT_IN_STEP' });
  });
  it('progress ignores the requester’s, repeated and surplus approvals', () => {
    const p = progressOf(top, [
      { approverId: 'r', step: 0 },
      { approverId: 'a', step: 0 },
      { approverId: 'a', step: 1 },
      { approverId: 'b', step: 0 },
      { approverId: 'c', step: 0 },
    ], 'r');
    expect(p.steps.map((s) => s.approverIds)).toEqual([['a', 'b'], []]);
    expect(p.current).toBe(1);
  });
  it('a request from before tiers keeps its count, by any approver', () => {
    const plan = legacyPlan(2);
    expect(decideStepApproval({ plan, requesterId: 'r', approver: adm('a'), approvals: [] })).toMatchObject({ kind: 'partial', required: 2 });
    expect(decideStepApproval({ plan, requesterId: 'r', approver: fin('b'), approvals: [{ approverId: 'a', step: 0 }] })).toMatchObject({ kind: 'final' });
  });
});

describe('validateTieredPolicy', () => {
  const input = {
    referenceCurrency: 'BRL',
    tiers: [
      { upTo: '10000', steps: [{ approvals: 1, roles: ['admin', 'finance'] }] },
      { upTo: null, steps: [{ approvals: 2, roles: ['finance'] }, { approvals: 1, roles: ['admin'] }] },
    ],
    dailyCap: '50000',
  };
  it('normalises bounds and the cap to the reference scale and roles to a fixed order', () => {
    const r = validateTieredPolicy(input);
    expect(r).toEqual({
      ok: true,
      policy: {
        referenceCurrency: 'BRL',
        tiers: [
          { upTo: '10000.00', steps: [{ approvals: 1, roles: ['finance', 'admin'] }] },
          { upTo: null, steps: [{ approvals: 2, roles: ['finance'] }, { approvals: 1, roles: ['admin'] }] },
        ],
        dailyCap: '50000.00',
      },
    });
    expect(validateTieredPolicy({ ...input, dailyCap: '' })).toMatchObject({ ok: true, policy: { dailyCap: null } });
  });
  it('names each problem by its path', () => {
    const bad = validateTieredPolicy({
      referenceCurrency: 'BRL',
      tiers: [
        { upTo: '500.001', steps: [{ approvals: 0, roles: [] }] },
        { upTo: '100', steps: [] },
        { upTo: '', steps: [{ approvals: 6, roles: ['viewer'] }] },
        { upTo: '900', steps: [{ approvals: 1, roles: ['finance'] }] },
      ],
      dailyCap: '-1',
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual([
      { path: 'tiers.0.upTo', code: 'BOUND_PRECISION' },
      { path: 'tiers.0.steps.0.approvals', code: 'APPROVALS_INVALID' },
      { path: 'tiers.0.steps.0.roles', code: 'ROLES_REQUIRED' },
      { path: 'tiers.1.steps', code: 'NO_STEPS' },
      { path: 'tiers.2.upTo', code: 'BOUND_REQUIRED' },
      { path: 'tiers.2.steps.0.approvals', code: 'APPROVALS_INVALID' },
      { path: 'tiers.2.steps.0.roles', code: 'ROLE_UNKNOWN' },
      { path: 'tiers.3.upTo', code: 'LAST_TIER_BOUNDED' },
      { path: 'dailyCap', code: 'CAP_INVALID' },
    ]);
    expect(validateTieredPolicy({ ...input, tiers: [{ upTo: '10', steps: input.tiers[0]!.steps }, { upTo: '10', steps: input.tiers[0]!.steps }, input.tiers[1]!] })).toMatchObject({
      ok: false,
      errors: [{ path: 'tiers.1.upTo', code: 'BOUND_NOT_ASCENDING' }],
    });
    expect(validateTieredPolicy({ ...input, tiers: [] })).toMatchObject({ ok: false, errors: [{ path: 'tiers', code: 'NO_TIERS' }] });
    expect(validateTieredPolicy({ ...input, referenceCurrency: 'XYZ' })).toMatchObject({ ok: false, errors: [{ code: 'REFERENCE_UNKNOWN' }] });
  });
});

describe('policyWeakens and dailyCapRaised', () => {
  const codes = (before: TieredPolicy, after: TieredPolicy) => policyWeakens(before, after).map((r) => r.code).sort();
  const withTiers = (tiers: TieredPolicy['tiers']): TieredPolicy => ({ ...policy, tiers });
  it('the same policy, a stricter one, or a bound LOWERED (more value in a dearer tier) weakens nothing', () => {
    expect(policyWeakens(policy, policy)).toEqual([]);
    const stricter = withTiers([{ ...policy.tiers[0]!, upTo: '5000.00' }, policy.tiers[1]!, { upTo: null, steps: [...policy.tiers[2]!.steps, { approvals: 1, roles: ['admin'] }] }]);
    expect(policyWeakens(policy, stricter)).toEqual([]);
  });
  it('a bound raised sends more value to a cheaper tier', () => {
    const raised = withTiers([{ ...policy.tiers[0]!, upTo: '50000.00' }, policy.tiers[1]!, policy.tiers[2]!]);
    const reasons = policyWeakens(policy, raised);
    expect(reasons.map((r) => r.code)).toEqual(['BOUND_MOVED', 'FEWER_APPROVALS']);
    expect(reasons[0]).toEqual({ code: 'BOUND_MOVED', at: '10000.01', tier: 0 });
  });
  it('fewer approvals, a removed step or tier, wider roles', () => {
    expect(codes(policy, withTiers([policy.tiers[0]!, { ...policy.tiers[1]!, steps: [{ approvals: 1, roles: ['finance', 'admin'] }] }, policy.tiers[2]!]))).toEqual([
      'FEWER_APPROVALS',
    ]);
    expect(codes(policy, withTiers([policy.tiers[0]!, policy.tiers[1]!, { upTo: null, steps: [policy.tiers[2]!.steps[0]!] }]))).toEqual([
      'FEWER_APPROVALS',
      'ROLES_WIDENED',
      'STEP_REMOVED',
    ]);
    expect(codes(policy, withTiers([policy.tiers[0]!, { ...policy.tiers[2]!, upTo: null }]))).toEqual(['TIER_REMOVED']);
    expect(codes(policy, withTiers([policy.tiers[0]!, { upTo: null, steps: policy.tiers[1]!.steps }]))).toEqual(['FEWER_APPROVALS', 'ROLES_WIDENED', 'STEP_REMOVED', 'TIER_REMOVED']);
    const financeOnly = withTiers([{ upTo: null, steps: [{ approvals: 1, roles: ['finance'] }] }]);
    expect(codes(financeOnly, withTiers([{ upTo: null, steps: [{ approvals: 1, roles: ['finance', 'admin'] }] }]))).toEqual(['ROLES_WIDENED']);
    // Two by anyone → one by finance then one by admin: the same total, narrower roles: not weaker.
    expect(codes(policy, withTiers([policy.tiers[0]!, { ...policy.tiers[1]!, steps: [{ approvals: 1, roles: ['finance'] }, { approvals: 1, roles: ['admin'] }] }, policy.tiers[2]!]))).toEqual([]);
    expect(codes(policy, { ...policy, referenceCurrency: 'USD' })).toEqual(['REFERENCE_CHANGED']);
  });
  it('the daily cap: raised or removed', () => {
    expect(dailyCapRaised({ dailyCap: '1000.00' }, { dailyCap: '1000.01' })).toBe(true);
    expect(dailyCapRaised({ dailyCap: '1000.00' }, { dailyCap: null })).toBe(true);
    expect(dailyCapRaised({ dailyCap: '1000.00' }, { dailyCap: '999.99' })).toBe(false);
    expect(dailyCapRaised({ dailyCap: null }, { dailyCap: '5.00' })).toBe(false);
  });
});

describe('policyFromLegacy', () => {
  it('reference-currency thresholds carry over exactly, by any approver', () => {
    const p = policyFromLegacy([{ asset: 'BRL', rules: [{ minAmount: '1000.00', approvals: 2 }] }, { asset: 'USD', rules: [{ minAmount: '5', approvals: 2 }] }], 'BRL');
    expect(p).toEqual({
      referenceCurrency: 'BRL',
      tiers: [
        { upTo: '999.99', steps: [{ approvals: 1, roles: ['finance', 'admin'] }] },
        { upTo: null, steps: [{ approvals: 2, roles: ['finance', 'admin'] }] },
      ],
      dailyCap: null,
    });
    expect(resolveTier(p, '999.99')).toBe(0);
    expect(resolveTier(p, '1000.00')).toBe(1);
    expect(policyFromLegacy([{ asset: 'BRL', rules: [{ minAmount: '0', approvals: 2 }] }], 'BRL').tiers).toEqual([
      { upTo: null, steps: [{ approvals: 2, roles: ['finance', 'admin'] }] },
    ]);
  });
  it('without reference thresholds: the default policy', () => {
    expect(policyFromLegacy([{ asset: 'USD', rules: [{ minAmount: '5', approvals: 2 }] }], 'BRL')).toEqual(defaultPolicy('BRL'));
  });
});
