import { describe, expect, it } from 'vitest';
import { auditIdempotencyKey, auditTargetHref } from './audit-row';

const ID = '0b8f4c1e-3a2d-4e5f-9a1b-2c3d4e5f6a7b';

describe('audit rows', () => {
  it('links payout and beneficiary targets by id, nothing else', () => {
    expect(auditTargetHref('payouts.approve', ID)).toBe(`/payouts/${ID}`);
    expect(auditTargetHref('beneficiaries.create', ID)).toBe(`/beneficiaries/${ID}`);
    expect(auditTargetHref('team.add-user', ID)).toBeNull();
    expect(auditTargetHref('payouts.approve', 'not-an-id')).toBeNull();
    expect(auditTargetHref('payouts.approve', null)).toBeNull();
  });

  it('reads the idempotency key only when it is a string', () => {
    expect(auditIdempotencyKey({ idempotencyKey: 'k-1' })).toBe('k-1');
    expect(auditIdempotencyKey({ idempotencyKey: 7 })).toBeNull();
    expect(auditIdempotencyKey(null)).toBeNull();
  });
});
