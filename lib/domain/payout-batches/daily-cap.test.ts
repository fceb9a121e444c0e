import { describe, expect, it } from 'vitest';
import { batchCountedToward, type BatchForDailyCap } from './daily-cap';

const batch = (over: Partial<BatchForDailyCap> = {}): BatchForDailyCap => ({
  status: 'EXECUTING',
  referenceCurrency: 'BRL',
  referenceTotal: '1581.00',
  referenceValues: { BRL: '1000.00', USDC: '581.00' },
  totals: { BRL: '1000.00', USDC: '100.000000' },
  ...over,
});

describe('a batch toward its requester’s daily cap', () => {
  it('counts its reference total while every row counts, whatever its status but rejected', () => {
    for (const status of ['PENDING_APPROVAL', 'APPROVED', 'EXECUTING', 'COMPLETED', 'CANCELLED'] as const) {
      expect(batchCountedToward(batch({ status }), 'BRL', {})).toBe('1581.00');
    }
    expect(batchCountedToward(batch({ status: 'REJECTED' }), 'BRL', {})).toBe('0');
  });
  it('leaves out failed and cancelled rows at the rate the batch was valued at, rounded up', () => {
    expect(batchCountedToward(batch(), 'BRL', { BRL: '250.00' })).toBe('1331.00');
    expect(batchCountedToward(batch(), 'BRL', { USDC: '33.333333' })).toBe('1387.34');
    expect(batchCountedToward(batch(), 'BRL', { BRL: '1000.00', USDC: '100.000000' })).toBe('0.00');
    expect(batchCountedToward(batch(), 'BRL', { BRL: '0' })).toBe('1581.00');
  });
  it('an old batch without per-asset values: one asset splits by amount; several count whole', () => {
    expect(batchCountedToward(batch({ referenceValues: null, referenceTotal: '1000.00', totals: { BRL: '1000.00' } }), 'BRL', { BRL: '400.00' })).toBe('600.00');
    expect(batchCountedToward(batch({ referenceValues: null }), 'BRL', { BRL: '400.00' })).toBe('1581.00');
  });
  it('counts nothing when it could not be valued or was valued in another reference currency', () => {
    expect(batchCountedToward(batch({ referenceTotal: null, referenceValues: null }), 'BRL', {})).toBe('0');
    expect(batchCountedToward(batch({ referenceCurrency: 'USD' }), 'BRL', {})).toBe('0');
  });
});
