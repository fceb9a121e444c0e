import { describe, expect, it } from 'vitest';
import { needsAcknowledgement, toleranceFor, withinTolerance } from './drift';
import { payoutStepKey } from './idempotency-keys';

describe('drift acknowledgement', () => {
  it('asks for the acknowledgement strictly above 50 bps, in either direction', () => {
    expect(needsAcknowledgement('50.00')).toBe(false);
    expect(needsAcknowledgement('50.01')).toBe(true);
    expect(needsAcknowledgement('-50.01')).toBe(true);
    expect(needsAcknowledgement('-12.00')).toBe(false);
  });

  it('tolerance: the threshold without a tick, the drift shown with it', () => {
    expect(toleranceFor('12.00', false)).toBe('50.00');
    expect(toleranceFor('80.25', true)).toBe('80.25');
    expect(toleranceFor('-80.25', true)).toBe('80.25');
    expect(toleranceFor('10.00', true)).toBe('50.00');
    expect(withinTolerance('-80.25', '80.25')).toBe(true);
    expect(withinTolerance('80.26', '80.25')).toBe(false);
  });
});

describe('idempotency keys derived from the request id', () => {
  it('are stable uuids, one per step, different per request and per quote attempt', () => {
    const id = '0b6a1f0e-4f7d-4a55-8f1e-0f5b0e6c2a11';
    const w = payoutStepKey(id, 'withdrawal');
    expect(w).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(payoutStepKey(id, 'withdrawal')).toBe(w);
    expect(payoutStepKey(id, { quoteAttempt: 1 })).not.toBe(payoutStepKey(id, { quoteAttempt: 2 }));
    expect(payoutStepKey('1b6a1f0e-4f7d-4a55-8f1e-0f5b0e6c2a11', 'withdrawal')).not.toBe(w);
  });
});
