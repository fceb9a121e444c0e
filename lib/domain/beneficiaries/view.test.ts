import { describe, expect, it } from 'vitest';
import { instructionHistory, isPayable, payableInstructions, pixKeyOf } from './view';

const instruction = (status: string, address: Record<string, unknown>) => ({
  id: 'i',
  asset: 'BRL',
  currentState: { status },
  address,
});

describe('pixKeyOf', () => {
  it('masks a CPF key and groups a phone key', () => {
    expect(pixKeyOf(instruction('APPROVED', { rail: 'PIX_KEY', dictKeyType: 'CPF', dictKey: '39053344705' }))).toEqual({
      type: 'CPF',
      display: '390.533.447-05',
    });
    expect(pixKeyOf(instruction('APPROVED', { rail: 'PIX_KEY', dictKeyType: 'PHONE', dictKey: '+5511912345678' }))?.display).toBe(
      '+55 11 91234-5678',
    );
  });

  it('returns null for another rail', () => {
    expect(pixKeyOf(instruction('APPROVED', { rail: 'SWIFT', bic: 'X' }))).toBeNull();
  });
});

describe('payable instructions', () => {
  it('only APPROVED ones can receive a payout', () => {
    const list = [instruction('PENDING_REVIEW', {}), instruction('APPROVED', {}), instruction('REJECTED', {})];
    expect(list.map(isPayable)).toEqual([false, true, false]);
    expect(payableInstructions(list)).toHaveLength(1);
  });
});

describe('instructionHistory', () => {
  it('is the pending start, then the decision with its reason', () => {
    const reason = { code: 'PIX_KEY_REJECTED', message: 'The PIX key was rejected by the compliance review' };
    expect(
      instructionHistory({ createdAt: '2026-11-23T10:00:00Z', currentState: { status: 'REJECTED', createdAt: '2026-11-23T10:00:02Z', reason } }),
    ).toEqual([
      { status: 'PENDING_REVIEW', createdAt: '2026-11-23T10:00:00Z', reason: null },
      { status: 'REJECTED', createdAt: '2026-11-23T10:00:02Z', reason },
    ]);
  });

  it('is one entry while still pending', () => {
    expect(instructionHistory({ createdAt: '2026-11-23T10:00:00Z', currentState: { status: 'PENDING_REVIEW', createdAt: '2026-11-23T10:00:00Z' } })).toHaveLength(1);
  });
});
