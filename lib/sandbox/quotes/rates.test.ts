import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSETS, decimalsOf } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';
import { FX_SPREAD, isPeggedPair, midRate, priceQuote } from './rates';

describe('rate table', () => {
  it('prices every ordered pair of the 20 assets with a positive rate', () => {
    for (const s of ASSETS) {
      for (const t of ASSETS) {
        const q = priceQuote(s, t, { side: 'source', value: '1000' });
        expect(new Dec(q.rate).isPositive(), `${s}->${t}`).toBe(true);
        expect(q.sourceAmount.asset).toBe(s);
        expect(q.targetAmount.asset).toBe(t);
      }
    }
  });

  it('pegs stablecoins to their fiat 1:1 with no fee', () => {
    for (const [a, b] of [['USDC', 'USD'], ['USDT', 'USD'], ['USDC', 'USDT'], ['EURC', 'EUR'], ['BRLT', 'BRL'], ['BRL', 'BRL']] as const) {
      expect(isPeggedPair(a, b)).toBe(true);
      const q = priceQuote(a, b, { side: 'source', value: '123.45' });
      expect(q.rate).toBe('1.00');
      expect(q.fees).toEqual([]);
      expect(new Dec(q.targetAmount.value).eq(q.sourceAmount.value)).toBe(true);
    }
  });

  it('charges the FX_SPREAD percentage on a cross-currency pair: effective = mid × (1 − 0.005)', () => {
    const q = priceQuote('BRL', 'USD', { side: 'source', value: '5000.00' });
    expect(midRate('BRL', 'USD').toString()).toBe('0.2');
    expect(q.rate).toBe('0.199');
    expect(q.targetAmount).toEqual({ value: '995.00', asset: 'USD', decimals: 2 });
    expect(q.fees).toEqual([
      { type: 'PERCENTAGE', source: 'FX_SPREAD', percentage: FX_SPREAD, amount: { value: '25.00', asset: 'BRL', decimals: 2 } },
    ]);
  });

  it('rounds the target DOWN when the source is fixed', () => {
    // 10.00 USD → PHP at 55.72 = 557.2 exactly; 0.01 USD → 0.5572 PHP → 0.55 (down, not 0.56).
    const q = priceQuote('USD', 'PHP', { side: 'source', value: '0.01' });
    expect(q.rate).toBe('55.72');
    expect(q.targetAmount.value).toBe('0.55');
  });

  it('rounds the source UP when the target is fixed, so source × rate always covers the target', () => {
    const q = priceQuote('PHP', 'USD', { side: 'target', value: '100.00' });
    const covered = new Dec(q.sourceAmount.value).times(q.rate);
    expect(covered.gte('100.00')).toBe(true);
    // One cent less would not cover it: the source is the smallest amount that does.
    expect(new Dec(q.sourceAmount.value).minus('0.01').times(q.rate).lt('100.00')).toBe(true);
  });

  it('keeps 6 decimals for stablecoins and 2 for fiat', () => {
    const q = priceQuote('EUR', 'USDC', { side: 'source', value: '10.01' });
    expect(q.targetAmount.decimals).toBe(6);
    expect(q.targetAmount.value).toMatch(/^\d+\.\d{6}$/);
    const r = priceQuote('USDT', 'BRL', { side: 'source', value: '1.123456' });
    expect(r.targetAmount.value).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('rounding invariants (property-based)', () => {
  const asset = fc.constantFrom(...ASSETS);
  it('source fixed: the target never exceeds source × rate and misses it by less than one unit of its scale', () => {
    fc.assert(
      fc.property(asset, asset, fc.bigInt({ min: 1n, max: 10n ** 15n }), (s, t, minor) => {
        const value = new Dec(minor.toString()).div(10 ** decimalsOf(s)).toFixed(decimalsOf(s));
        const q = priceQuote(s, t, { side: 'source', value });
        const exact = new Dec(q.sourceAmount.value).times(q.rate);
        const unit = new Dec(1).div(10 ** decimalsOf(t));
        const target = new Dec(q.targetAmount.value);
        return target.lte(exact) && exact.minus(target).lt(unit) && q.sourceAmount.value === new Dec(value).toFixed(decimalsOf(s));
      }),
      { numRuns: 300 },
    );
  });

  it('target fixed: source × rate always covers the target, and one unit less would not', () => {
    fc.assert(
      fc.property(asset, asset, fc.bigInt({ min: 1n, max: 10n ** 15n }), (s, t, minor) => {
        const value = new Dec(minor.toString()).div(10 ** decimalsOf(t)).toFixed(decimalsOf(t));
        const q = priceQuote(s, t, { side: 'target', value });
        const source = new Dec(q.sourceAmount.value);
        const unit = new Dec(1).div(10 ** decimalsOf(s));
        return source.times(q.rate).gte(value) && source.minus(unit).times(q.rate).lt(value);
      }),
      { numRuns: 300 },
    );
  });

  it('the FX_SPREAD fee is 0.5 % of the source, in the source asset, and absent on pegged pairs', () => {
    fc.assert(
      fc.property(asset, asset, fc.bigInt({ min: 1n, max: 10n ** 12n }), (s, t, minor) => {
        const value = new Dec(minor.toString()).div(10 ** decimalsOf(s)).toFixed(decimalsOf(s));
        const q = priceQuote(s, t, { side: 'source', value });
        if (isPeggedPair(s, t)) return q.fees.length === 0 && q.rate === '1.00';
        const [fee] = q.fees;
        return q.fees.length === 1 && fee.amount.asset === s && fee.amount.value === new Dec(value).times(FX_SPREAD).toDecimalPlaces(decimalsOf(s), Dec.ROUND_HALF_UP).toFixed(decimalsOf(s));
      }),
      { numRuns: 300 },
    );
  });
});
