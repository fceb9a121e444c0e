import { describe, expect, it } from 'vitest';
import { toAmount } from '@/lib/money/amount-core';
import { availableOf, exceedsAvailable } from './available';

const balances = {
  fiat: [
    { amount: toAmount('222000.00', 'BRL'), synced: true },
    { amount: null, synced: false },
  ],
  crypto: [{ amount: toAmount('10.5', 'USDC'), synced: true }],
};

describe('availableOf', () => {
  it('finds the asset among fiat and crypto entries, null when the service gave none', () => {
    expect(availableOf(balances, 'BRL')).toEqual(toAmount('222000', 'BRL'));
    expect(availableOf(balances, 'USDC')).toEqual(toAmount('10.5', 'USDC'));
    expect(availableOf(balances, 'USD')).toBeNull();
  });
});

describe('exceedsAvailable', () => {
  const available = toAmount('222000.00', 'BRL');
  it('compares as decimals in the asset scale', () => {
    expect(exceedsAvailable({ value: '99999999', asset: 'BRL' }, available)).toBe(true);
    expect(exceedsAvailable({ value: '222000.01', asset: 'BRL' }, available)).toBe(true);
    expect(exceedsAvailable({ value: '222000', asset: 'BRL' }, available)).toBe(false);
    expect(exceedsAvailable({ value: '0.01', asset: 'BRL' }, available)).toBe(false);
  });
  it('never blocks on an unknown balance or another asset', () => {
    expect(exceedsAvailable({ value: '99999999', asset: 'BRL' }, null)).toBe(false);
    expect(exceedsAvailable({ value: '99999999', asset: 'USD' }, available)).toBe(false);
  });
});
