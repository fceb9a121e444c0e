import { describe, expect, it } from 'vitest';
import { KEY_REVIEW_REASON_MAX, keyReviewState, normaliseRejectionReason, payoutBlock, reviewRefusal } from './key-review';

const creator = { id: 'u-compliance', role: 'compliance' as const };
const admin = { id: 'u-admin', role: 'admin' as const };
const otherCompliance = { id: 'u-compliance-2', role: 'compliance' as const };
const finance = { id: 'u-finance', role: 'finance' as const };
const viewer = { id: 'u-viewer', role: 'viewer' as const };
const awaiting = { creatorId: creator.id, decision: null };

describe('key review state', () => {
  it('a key without a record, or without a decision, awaits review', () => {
    expect(keyReviewState(null)).toBe('AWAITING_REVIEW');
    expect(keyReviewState(undefined)).toBe('AWAITING_REVIEW');
    expect(keyReviewState({ decision: null })).toBe('AWAITING_REVIEW');
    expect(keyReviewState({ decision: 'APPROVED' })).toBe('APPROVED');
    expect(keyReviewState({ decision: 'REJECTED' })).toBe('REJECTED');
  });
});

describe('who may review a key', () => {
  it('admin and compliance other than the creator may', () => {
    expect(reviewRefusal(admin, awaiting, 'APPROVED')).toBeNull();
    expect(reviewRefusal(otherCompliance, awaiting, 'PENDING_REVIEW')).toBeNull();
  });
  it('the creator never may, whatever their role', () => {
    expect(reviewRefusal(creator, awaiting, 'APPROVED')).toBe('OWN_KEY');
    expect(reviewRefusal({ id: admin.id, role: 'admin' }, { creatorId: admin.id, decision: null }, 'APPROVED')).toBe('OWN_KEY');
  });
  it('finance and viewer have no permission to review', () => {
    expect(reviewRefusal(finance, awaiting, 'APPROVED')).toBe('FORBIDDEN');
    expect(reviewRefusal(viewer, null, 'APPROVED')).toBe('FORBIDDEN');
  });
  it('a key of unknown creator may be reviewed by anyone eligible', () => {
    expect(reviewRefusal(creator, null, 'APPROVED')).toBeNull();
    expect(reviewRefusal(creator, { creatorId: null, decision: null }, 'APPROVED')).toBeNull();
  });
  it('a decision is final, and a key the service rejected has nothing to decide', () => {
    expect(reviewRefusal(admin, { creatorId: creator.id, decision: 'APPROVED' }, 'APPROVED')).toBe('ALREADY_DECIDED');
    expect(reviewRefusal(admin, { creatorId: creator.id, decision: 'REJECTED' }, 'APPROVED')).toBe('ALREADY_DECIDED');
    expect(reviewRefusal(admin, awaiting, 'REJECTED')).toBe('SERVICE_REJECTED');
  });
});

describe('payout block', () => {
  it('needs both the service and the team to approve', () => {
    expect(payoutBlock('APPROVED', { decision: 'APPROVED' })).toBeNull();
    expect(payoutBlock('APPROVED', null)).toBe('AWAITING_REVIEW');
    expect(payoutBlock('APPROVED', { decision: null })).toBe('AWAITING_REVIEW');
    expect(payoutBlock('APPROVED', { decision: 'REJECTED' })).toBe('REJECTED');
    expect(payoutBlock('PENDING_REVIEW', { decision: 'APPROVED' })).toBe('SERVICE_STATUS');
    expect(payoutBlock('REJECTED', { decision: 'APPROVED' })).toBe('SERVICE_STATUS');
  });
});

describe('rejection reason', () => {
  it('is required, trimmed and bounded', () => {
    expect(normaliseRejectionReason(undefined)).toBeNull();
    expect(normaliseRejectionReason('   ')).toBeNull();
    expect(normaliseRejectionReason('  wrong CPF  ')).toBe('wrong CPF');
    expect(normaliseRejectionReason('x'.repeat(KEY_REVIEW_REASON_MAX + 10))).toHaveLength(KEY_REVIEW_REASON_MAX);
  });
});
