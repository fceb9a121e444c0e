import { describe, expect, it } from 'vitest';
import { chosenPair } from './rate-pair';

describe('chosenPair', () => {
  it('keeps the pair from the URL when both assets are usable and differ', () => {
    expect(chosenPair('USDC', 'BRL', ['BRL', 'USDC'], 'BRL')).toEqual({ base: 'USDC', quote: 'BRL' });
  });

  it('falls back to USD (or the first other asset) against the reference', () => {
    expect(chosenPair('BRL', 'BRL', ['BRL', 'USD', 'USDC'], 'BRL')).toEqual({ base: 'USD', quote: 'BRL' });
    expect(chosenPair(undefined, undefined, ['BRL', 'USDC'], 'BRL')).toEqual({ base: 'USDC', quote: 'BRL' });
    expect(chosenPair('XXX', 'BRL', ['BRL', 'USDC'], 'BRL')).toEqual({ base: 'USDC', quote: 'BRL' });
  });

  it('has no pair with fewer than two assets', () => {
    expect(chosenPair(undefined, undefined, ['BRL'], 'BRL')).toBeNull();
    expect(chosenPair(undefined, undefined, [], 'BRL')).toBeNull();
  });
});
