import { describe, expect, it } from 'vitest';
import { defaultSourceAsset, firstPayableInstruction, isPayable, requestPayoutSchema } from './request-payout-form';

const filled = {
  sourceAccountId: 'acc',
  sourceAsset: 'BRL',
  beneficiaryId: 'ben',
  instructionId: 'pix',
  fixedSide: 'source' as const,
  amount: '10.00',
  memo: '',
};

describe('payout request form rules', () => {
  it('asks for the account, beneficiary, key and amount, in screen order', () => {
    const result = requestPayoutSchema.safeParse({ ...filled, sourceAccountId: '', beneficiaryId: '', instructionId: '', amount: '' });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['sourceAccountId', 'ACCOUNT_REQUIRED'],
      ['beneficiaryId', 'BENEFICIARY_REQUIRED'],
      ['instructionId', 'INSTRUCTION_REQUIRED'],
      ['amount', 'AMOUNT_REQUIRED'],
    ]);
    expect(requestPayoutSchema.safeParse(filled)).toEqual({ success: true, data: filled });
  });

  it('leaves from BRL when the account has it, else its first asset', () => {
    expect(defaultSourceAsset(['USDC', 'BRL'])).toBe('BRL');
    expect(defaultSourceAsset(['USDC'])).toBe('USDC');
    expect(defaultSourceAsset(undefined)).toBe('');
  });

  it('offers only approved keys', () => {
    const b = { instructions: [{ id: 'k1', payable: false }, { id: 'k2', payable: true }] };
    expect(isPayable(b)).toBe(true);
    expect(firstPayableInstruction(b)).toBe('k2');
    const unpayable = { instructions: [{ id: 'k1', payable: false }] };
    expect(isPayable(unpayable)).toBe(false);
    expect(firstPayableInstruction(undefined)).toBe('');
  });
});
