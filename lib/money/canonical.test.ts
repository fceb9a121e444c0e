import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSETS, type Asset } from './assets';
import { toAmount } from './amount-core';
import { compareAmounts } from './arithmetic';
import { canonicalAmount, compareCanonical } from './canonical';

/** What toAmount (decimal.js) does with a string: the amount, or the error's class and message. */
function viaDecimal(value: string, asset: Asset) {
  try {
    return toAmount(value, asset);
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
}
function viaStrings(value: string, asset: Asset) {
  try {
    return canonicalAmount(value, asset);
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
}

const digit = fc.constantFrom(...'0123456789'.split(''));
const digits = (minLength: number, maxLength: number) => fc.string({ unit: digit, minLength, maxLength });

describe('canonicalAmount', () => {
  it('spells amounts as toAmount does', () => {
    expect(canonicalAmount('10.5', 'BRL')).toEqual({ value: '10.50', asset: 'BRL', decimals: 2 });
    expect(canonicalAmount('007.500', 'BRL').value).toBe('7.50');
    expect(canonicalAmount('-0.000', 'BRL').value).toBe('0.00');
    expect(canonicalAmount('-0', 'USDT').value).toBe('0.000000');
    expect(canonicalAmount('-12.3', 'USDC').value).toBe('-12.300000');
    expect(canonicalAmount('123456789012345.123456', 'USDT').value).toBe('123456789012345.123456');
  });

  it('refuses what toAmount refuses, with the same error', () => {
    for (const bad of ['1e3', '0x10', 'Infinity', '', '.5', '5.', '+1', '1,5', ' 1', '--1']) {
      expect(viaStrings(bad, 'BRL')).toEqual(viaDecimal(bad, 'BRL'));
      expect(() => canonicalAmount(bad, 'BRL')).toThrow(TypeError);
    }
    expect(viaStrings('1.505', 'BRL')).toEqual(viaDecimal('1.505', 'BRL'));
    expect(() => canonicalAmount('1.505', 'BRL')).toThrow(RangeError);
    expect(viaStrings('-01.5050', 'EUR')).toEqual(viaDecimal('-01.5050', 'EUR'));
    expect(() => canonicalAmount('1', 'XYZ' as Asset)).toThrow(TypeError);
  });

  it('agrees with decimal.js on any plain decimal string, in every asset', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ASSETS),
        fc.boolean(),
        digits(1, 22),
        fc.option(digits(1, 9), { nil: undefined }),
        (asset, negative, int, frac) => {
          const value = `${negative ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`;
          expect(viaStrings(value, asset)).toEqual(viaDecimal(value, asset));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('compares as decimal.js does', () => {
    const amount = (asset: Asset) =>
      fc
        .tuple(fc.boolean(), digits(1, 16), fc.option(digits(1, 6), { nil: undefined }))
        .map(([negative, int, frac]) => `${negative ? '-' : ''}${int}${frac === undefined ? '' : `.${frac.slice(0, asset === 'USDT' ? 6 : 2)}`}`);
    for (const asset of ['BRL', 'USDT'] as const) {
      fc.assert(
        fc.property(amount(asset), amount(asset), (x, y) => {
          const a = canonicalAmount(x, asset);
          const b = canonicalAmount(y, asset);
          expect(compareCanonical(a, b)).toBe(compareAmounts(toAmount(x, asset), toAmount(y, asset)));
        }),
        { numRuns: 2000 },
      );
    }
    expect(compareCanonical(canonicalAmount('-0', 'BRL'), canonicalAmount('0.00', 'BRL'))).toBe(0);
    expect(() => compareCanonical(canonicalAmount('1', 'BRL'), canonicalAmount('1', 'USD'))).toThrow(TypeError);
  });
});
