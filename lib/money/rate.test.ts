import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from './decimal';
import { formatRate, invertRate } from './rate';

describe('rates', () => {
  it('formats exactly with the locale separators', () => {
    expect(formatRate('5.12345678')).toBe('5.12345678');
    expect(formatRate('5.1', 'pt-BR')).toBe('5,10');
    expect(formatRate('1234.123456789', 'de-DE')).toBe('1.234,12345679');
    expect(formatRate('0.000000015', 'en-US')).toBe('0.00000002');
    expect(formatRate('123456789012.12345678')).toBe('123,456,789,012.12345678');
    expect(formatRate(new Dec('2'), 'en-US', 4)).toBe('2.00');
  });

  it('inverts for display', () => {
    expect(invertRate('4')).toBe('0.25');
    expect(invertRate('3')).toBe('0.33333333');
    expect(invertRate('5.4321', 4)).toBe('0.1841');
  });

  it('refuses non-positive or non-decimal rates', () => {
    for (const bad of ['0', '-1', '1e3', 'NaN', '', '1,5']) expect(() => formatRate(bad), bad).toThrow(RangeError);
    expect(() => invertRate('0')).toThrow(RangeError);
  });

  it('inverse of the inverse is close to the rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }), (n, scale) => {
        const rate = new Dec(n).div(new Dec(10).pow(scale));
        const back = new Dec(invertRate(invertRate(rate, 20), 20));
        expect(back.minus(rate).abs().lte(rate.times('1e-10'))).toBe(true);
      }),
    );
  });
});
