import { describe, expect, it } from 'vitest';
import { Dec } from './decimal';
import {
  addAmounts, compareAmounts, isAmount, isNegative, isZero, negateAmount, roundToAsset, subtractAmounts, sumAmounts,
  toAmount, toDec, zeroAmount,
} from './amount';

describe('toAmount', () => {
  it('builds the canonical amount from strings and decimals', () => {
    expect(toAmount('1.5', 'USD')).toEqual({ value: '1.50', asset: 'USD', decimals: 2 });
    expect(toAmount(new Dec('1.5'), 'USDC')).toEqual({ value: '1.500000', asset: 'USDC', decimals: 6 });
    expect(toAmount('-0', 'EUR').value).toBe('0.00');
    expect(toAmount(new Dec('-0'), 'EUR').value).toBe('0.00');
  });

  it('throws instead of silently rounding', () => {
    expect(() => toAmount('1.005', 'USD')).toThrow(RangeError);
    expect(() => toAmount(new Dec('0.0000001'), 'USDT')).toThrow(/more than 6/);
  });

  it('refuses strings decimal.js would accept but are not plain decimals', () => {
    for (const bad of ['1e3', '0x10', 'Infinity', 'NaN', ' 1', '1.', '.5', '+1', '']) {
      expect(() => toAmount(bad, 'USD'), bad).toThrow(TypeError);
    }
    expect(() => toAmount(new Dec(Infinity), 'USD')).toThrow(TypeError);
    expect(() => toAmount('1', 'XXX' as never)).toThrow(/Unknown asset/);
  });
});

describe('roundToAsset', () => {
  it('applies the requested rounding mode explicitly', () => {
    expect(roundToAsset('1.005', 'USD', 'HALF_EVEN').value).toBe('1.00');
    expect(roundToAsset('1.015', 'USD', 'HALF_EVEN').value).toBe('1.02');
    expect(roundToAsset('1.005', 'USD', 'HALF_UP').value).toBe('1.01');
    expect(roundToAsset('1.009', 'USD', 'DOWN').value).toBe('1.00');
    expect(roundToAsset('1.001', 'USD', 'UP').value).toBe('1.01');
    expect(roundToAsset('-1.001', 'USD', 'UP').value).toBe('-1.01');
    expect(roundToAsset('-1.009', 'USD', 'DOWN').value).toBe('-1.00');
    expect(roundToAsset(new Dec(1).dividedBy(3), 'USDT', 'HALF_EVEN').value).toBe('0.333333');
    expect(roundToAsset('-0.001', 'USD', 'HALF_EVEN').value).toBe('0.00');
  });
});

describe('arithmetic', () => {
  const usd = (v: string) => toAmount(v, 'USD');
  it('adds, subtracts and compares exactly', () => {
    expect(addAmounts(usd('0.10'), usd('0.20')).value).toBe('0.30');
    expect(subtractAmounts(usd('0.30'), usd('0.10')).value).toBe('0.20');
    expect(subtractAmounts(usd('1'), usd('2.5')).value).toBe('-1.50');
    expect(addAmounts(toAmount('999999999999999.999999', 'USDC'), toAmount('0.000001', 'USDC')).value).toBe('1000000000000000.000000');
    expect(compareAmounts(usd('1'), usd('2'))).toBe(-1);
    expect(compareAmounts(usd('2'), usd('2.00'))).toBe(0);
    expect(compareAmounts(usd('3'), usd('2'))).toBe(1);
    expect([usd('3'), usd('-1'), usd('2')].sort(compareAmounts).map((a) => a.value)).toEqual(['-1.00', '2.00', '3.00']);
  });

  it('answers zero and negative questions', () => {
    expect(isZero(usd('0'))).toBe(true);
    expect(isZero(usd('0.01'))).toBe(false);
    expect(isNegative(usd('-0.01'))).toBe(true);
    expect(isNegative(usd('0'))).toBe(false);
    expect(negateAmount(usd('5')).value).toBe('-5.00');
    expect(negateAmount(usd('0')).value).toBe('0.00');
    expect(zeroAmount('BRLT')).toEqual({ value: '0.000000', asset: 'BRLT', decimals: 6 });
    expect(toDec(usd('1.25')).times(4).toString()).toBe('5');
  });

  it('sums a list, with an asset for the empty list', () => {
    expect(sumAmounts(['0.10', '0.20', '0.30'].map(usd)).value).toBe('0.60');
    expect(sumAmounts([], 'EUR')).toEqual({ value: '0.00', asset: 'EUR', decimals: 2 });
    expect(() => sumAmounts([])).toThrow(/needs an asset/);
  });

  it('throws on asset mismatch', () => {
    const brl = toAmount('1', 'BRL');
    expect(() => addAmounts(usd('1'), brl)).toThrow(/Asset mismatch: USD and BRL/);
    expect(() => subtractAmounts(usd('1'), brl)).toThrow(/Asset mismatch/);
    expect(() => compareAmounts(usd('1'), brl)).toThrow(/Asset mismatch/);
    expect(() => sumAmounts([usd('1'), brl])).toThrow(/Asset mismatch/);
    expect(() => sumAmounts([usd('1')], 'BRL')).toThrow(/Asset mismatch/);
  });
});

describe('isAmount', () => {
  it('recognises canonical amounts only', () => {
    expect(isAmount(toAmount('1', 'USD'))).toBe(true);
    expect(isAmount({ value: '1.0', asset: 'USD', decimals: 2 })).toBe(false);
    expect(isAmount({ value: '1.00', asset: 'USD', decimals: 6 })).toBe(false);
    expect(isAmount({ value: 1, asset: 'USD', decimals: 2 })).toBe(false);
    expect(isAmount(null)).toBe(false);
  });
});
