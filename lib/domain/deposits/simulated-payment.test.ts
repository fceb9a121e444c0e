import { describe, expect, it } from 'vitest';
import { OPERATION_STATUS_VALUES } from '@/lib/contract/operation-vocabulary';
import { simulatedPaymentOutcome } from './simulated-payment';

describe('simulatedPaymentOutcome', () => {
  it('answers paid only where the payment happened, and refuses every other state', () => {
    const outcomes = Object.fromEntries(OPERATION_STATUS_VALUES.map((s) => [s, simulatedPaymentOutcome(s)]));
    expect(outcomes).toEqual({
      REQUESTED: 'refused',
      PROCESSING: 'paid',
      ON_HOLD: 'refused',
      ACTION_REQUIRED: 'refused',
      COMPLETED: 'paid',
      FAILED: 'refused',
    });
    expect(simulatedPaymentOutcome('SETTLING')).toBe('refused');
  });
});
