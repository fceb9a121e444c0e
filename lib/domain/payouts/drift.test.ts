import { describe, expect, it } from 'vitest';
import { driftBps, formatBps, needsAcknowledgement, toleranceFor, withinTolerance } from './drift';
import { payoutStepKey } from './keys';

const r = (value: string) => ({ value, base: 'USD', quote: 'BRL' });

describe('drift in basis points', () => {
  it('is (fresh − indicative) / indicative × 10,000, signed, 2 decimals', () => {
    expect(driftBps(r('4.9750'), r('4.9750'))).toBe('0.00');
    expect(driftBps(r('5.0000'), r('5.0250'))).toBe('50.00');
    expect(driftBps(r('5.0000'), r('4.9750'))).toBe('-50.00');
    expect(driftBps(r('5.0000'), r('5.0251'))).toBe('50.20');
    expect(driftBps(r('3'), r('3.0001'))).toBe('0.33'); // 0.333… rounds half up on the magnitude
    expect(driftBps(r('0.1990000000'), r('0.2000000000'))).toBe('50.25');
  });

  it('refuses rates of different pairs or non-positive rates', () => {
    expect(() => driftBps(r('5'), { value: '5', base: 'BRL', quote: 'USD' })).toThrow(RangeError);
    expect(() => driftBps(r('0'), r('5'))).toThrow(RangeError);
  });

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

describe('formatBps', () => {
  it('shows zero, positive and negative drift in the locale, with a sign when not zero', () => {
    expect(formatBps('0.00', 'en')).toBe('0.00');
    expect(formatBps('12.5', 'en')).toBe('+12.50');
    expect(formatBps('-1234.56', 'pt-BR')).toBe('-1.234,56');
    expect(formatBps('abc', 'en')).toBe('abc');
  });
});
