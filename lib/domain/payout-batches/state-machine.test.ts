import { describe, expect, it } from 'vitest';
import { BATCH_FINAL, batchOutcome, batchSourcesOf, canMoveBatch, canMoveRow, rowSourcesOf, rowsFinal, rowsSettled } from './state-machine';
import { batchRowKey } from './keys';
import { batchApprovalStatement } from './statement';

describe('batch state machine', () => {
  it('allows only the table’s moves', () => {
    expect(canMoveBatch('PENDING_APPROVAL', 'APPROVED')).toBe(true);
    expect(canMoveBatch('APPROVED', 'EXECUTING')).toBe(true);
    expect(canMoveBatch('EXECUTING', 'COMPLETED')).toBe(true);
    expect(canMoveBatch('PENDING_APPROVAL', 'EXECUTING')).toBe(false);
    expect(canMoveBatch('COMPLETED', 'CANCELLED')).toBe(false);
    expect(canMoveBatch('REJECTED', 'APPROVED')).toBe(false);
    expect(batchSourcesOf('CANCELLED')).toEqual(['PENDING_APPROVAL', 'APPROVED', 'EXECUTING']);
    expect(BATCH_FINAL).toEqual(['COMPLETED', 'CANCELLED', 'REJECTED']);
  });
  it('never cancels a row in flight', () => {
    expect(canMoveRow('PENDING', 'CANCELLED')).toBe(true);
    expect(canMoveRow('SUBMITTING', 'CANCELLED')).toBe(false);
    expect(canMoveRow('CREATED', 'SUBMITTING')).toBe(false);
    expect(rowSourcesOf('CREATED')).toEqual(['SUBMITTING']);
    expect(rowsSettled({ PENDING: 0, SUBMITTING: 1, CREATED: 3, COMPLETED: 0, FAILED: 0, CANCELLED: 0 })).toBe(false);
    expect(rowsSettled({ PENDING: 0, SUBMITTING: 0, CREATED: 3, COMPLETED: 0, FAILED: 1, CANCELLED: 2 })).toBe(true);
  });
  it('a row is final once its withdrawal completed or failed; the batch then completes, with failures or not', () => {
    expect(rowSourcesOf('COMPLETED')).toEqual(['CREATED']);
    expect(rowSourcesOf('FAILED')).toEqual(['SUBMITTING', 'CREATED']);
    expect(canMoveRow('COMPLETED', 'FAILED')).toBe(false);
    expect(rowsFinal({ PENDING: 0, SUBMITTING: 0, CREATED: 1, COMPLETED: 3, FAILED: 0, CANCELLED: 0 })).toBe(false);
    expect(rowsFinal({ PENDING: 0, SUBMITTING: 0, CREATED: 0, COMPLETED: 3, FAILED: 1, CANCELLED: 2 })).toBe(true);
    expect(batchOutcome({ PENDING: 0, SUBMITTING: 0, CREATED: 0, COMPLETED: 3, FAILED: 1, CANCELLED: 2 })).toBe('COMPLETED_WITH_FAILURES');
    expect(batchOutcome({ PENDING: 0, SUBMITTING: 0, CREATED: 0, COMPLETED: 3, FAILED: 0, CANCELLED: 2 })).toBe('COMPLETED');
  });
  it('derives one key per row and step', () => {
    const id = '7d7f1f0e-0000-4000-8000-000000000001';
    expect(batchRowKey(id, 2, 'withdrawal')).toBe(batchRowKey(id, 2, 'withdrawal'));
    expect(batchRowKey(id, 2, 'withdrawal')).not.toBe(batchRowKey(id, 3, 'withdrawal'));
    expect(batchRowKey(id, 2, { quoteAttempt: 0 })).not.toBe(batchRowKey(id, 2, { quoteAttempt: 1 }));
  });
  it('signs the batch id, row count, totals per asset and the rows’ digest', () => {
    const s = batchApprovalStatement({ id: 'b', sourceAccountId: 'a', rowCount: 47, totals: { USDC: '1.000000', BRL: '10.00' }, referenceCurrency: 'BRL', referenceTotal: '15.50', payableDigest: 'd' });
    expect(s).toEqual({
      purpose: 'payout-batch.approve',
      subject: 'b',
      facts: [['batch', 'b'], ['sourceAccount', 'a'], ['rowCount', '47'], ['total.BRL', '10.00'], ['total.USDC', '1.000000'], ['referenceTotal.BRL', '15.50'], ['rowsDigest', 'd']],
    });
  });
});
