import { describe, expect, it } from 'vitest';
import { countingApprovers, decideApproval, requiredApprovals, validatePolicy, type ApprovalPolicy } from './policy';

const usd: ApprovalPolicy = { asset: 'USD', rules: [{ minAmount: '0.00', approvals: 1 }, { minAmount: '10000.00', approvals: 2 }] };

describe('requiredApprovals', () => {
  it('applies the highest threshold at or below the amount, exactly at the boundary', () => {
    expect(requiredApprovals(usd, { value: '9999.99', asset: 'USD' })).toBe(1);
    expect(requiredApprovals(usd, { value: '10000.00', asset: 'USD' })).toBe(2);
    expect(requiredApprovals(usd, { value: '10000', asset: 'USD' })).toBe(2);
    expect(requiredApprovals(usd, { value: '250000.50', asset: 'USD' })).toBe(2);
  });

  it('compares decimals exactly (6-decimal assets, values a float would round)', () => {
    const usdt: ApprovalPolicy = { asset: 'USDT', rules: [{ minAmount: '0.300000', approvals: 2 }] };
    expect(requiredApprovals(usdt, { value: '0.299999', asset: 'USDT' })).toBe(1);
    expect(requiredApprovals(usdt, { value: '0.300000', asset: 'USDT' })).toBe(2);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; the policy never sees a float.
    expect(requiredApprovals({ asset: 'USDT', rules: [{ minAmount: '0.300001', approvals: 2 }] }, { value: '0.300000', asset: 'USDT' })).toBe(1);
    expect(requiredApprovals(usd, { value: '99999999999999.99', asset: 'USD' })).toBe(2);
  });

  it('one approval without a policy, for another asset, or below every threshold; order of rules does not matter', () => {
    expect(requiredApprovals(null, { value: '1000000.00', asset: 'USD' })).toBe(1);
    expect(requiredApprovals(usd, { value: '1000000.00', asset: 'BRL' })).toBe(1);
    const unsorted: ApprovalPolicy = { asset: 'BRL', rules: [{ minAmount: '50000.00', approvals: 2 }, { minAmount: '100.00', approvals: 1 }] };
    expect(requiredApprovals(unsorted, { value: '99.99', asset: 'BRL' })).toBe(1);
    expect(requiredApprovals(unsorted, { value: '60000.00', asset: 'BRL' })).toBe(2);
  });

  it('refuses a non-decimal amount instead of guessing', () => {
    expect(() => requiredApprovals(usd, { value: '1e5', asset: 'USD' })).toThrow(TypeError);
  });
});

describe('validatePolicy', () => {
  it('normalises to the asset scale and sorts thresholds', () => {
    const r = validatePolicy({ asset: 'USDT', rules: [{ minAmount: '5000', approvals: 2 }, { minAmount: '0', approvals: 1 }] });
    expect(r).toEqual({ ok: true, policy: { asset: 'USDT', rules: [{ minAmount: '0.000000', approvals: 1 }, { minAmount: '5000.000000', approvals: 2 }] } });
  });

  it('names the field of each mistake', () => {
    const r = validatePolicy({
      asset: 'USD',
      rules: [
        { minAmount: '1.001', approvals: 1 },
        { minAmount: '-5', approvals: 1 },
        { minAmount: '10', approvals: 3 },
        { minAmount: '10.00', approvals: 2 },
      ],
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual([
      { path: 'rules.0.minAmount', code: 'AMOUNT_PRECISION' },
      { path: 'rules.1.minAmount', code: 'INVALID_AMOUNT' },
      { path: 'rules.2.approvals', code: 'INVALID_APPROVALS' },
      { path: 'rules.3.minAmount', code: 'DUPLICATE_THRESHOLD' },
    ]);
    expect(validatePolicy({ asset: 'XYZ', rules: [] })).toEqual({ ok: false, errors: [{ path: 'asset', code: 'UNKNOWN_ASSET' }] });
    expect(validatePolicy({ asset: 'USD', rules: Array.from({ length: 11 }, (_, i) => ({ minAmount: String(i), approvals: 1 })) }).ok).toBe(false);
  });
});

describe('approvals: the requester never counts', () => {
  it('counts distinct approvers other than the requester', () => {
    expect(countingApprovers(['a', 'b', 'a', 'req'], 'req')).toEqual(['a', 'b']);
  });

  it('refuses a self-approval and a second approval by the same person', () => {
    expect(decideApproval({ requesterId: 'r', approverId: 'r', approverIds: [], required: 1 })).toEqual({ kind: 'refused', code: 'SELF_APPROVAL' });
    expect(decideApproval({ requesterId: 'r', approverId: 'a', approverIds: ['a'], required: 2 })).toEqual({ kind: 'refused', code: 'ALREADY_APPROVED' });
  });

  it('is final when the required number of other people approved', () => {
    expect(decideApproval({ requesterId: 'r', approverId: 'a', approverIds: [], required: 1 })).toEqual({ kind: 'final', counted: 1, required: 1 });
    expect(decideApproval({ requesterId: 'r', approverId: 'a', approverIds: [], required: 2 })).toEqual({ kind: 'partial', counted: 1, required: 2 });
    expect(decideApproval({ requesterId: 'r', approverId: 'b', approverIds: ['a'], required: 2 })).toEqual({ kind: 'final', counted: 2, required: 2 });
    // A stray requester row (e.g. from before a role change) still never counts.
    expect(decideApproval({ requesterId: 'r', approverId: 'b', approverIds: ['r'], required: 2 })).toEqual({ kind: 'partial', counted: 1, required: 2 });
  });
});
