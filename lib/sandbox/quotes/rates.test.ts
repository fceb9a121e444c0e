import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSETS, decimalsOf } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';
import {
  FX_SPREAD,
  RATE_STEP_SECONDS,
  UNITS_PER_USD,
  formatRate,
  isPeggedPair,
  midRate,
  priceQuote,
  rateStep,
  unitsPerUsd,
} from './rates';

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

describe('moving mid rates (sandbox clock)', () => {
  const at = (ms: number) => ({ now: new Date(ms), mode: 'moving' as const });
  const t0 = Date.UTC(2026, 0, 15, 9, 0, 0);

  it('are deterministic: the same instant gives the same rate; the same 10 s step gives the same rate', () => {
    expect(midRate('BRL', 'USD', at(t0)).eq(midRate('BRL', 'USD', at(t0)))).toBe(true);
    const stepStart = rateStep(new Date(t0)) * RATE_STEP_SECONDS * 1000;
    expect(midRate('EUR', 'BRL', at(stepStart)).eq(midRate('EUR', 'BRL', at(stepStart + 9_999)))).toBe(true);
  });

  it('pinned (or no time given) is the base table', () => {
    expect(midRate('BRL', 'USD', { now: new Date(t0), mode: 'pinned' }).toString()).toBe('0.2');
    expect(midRate('BRL', 'USD').toString()).toBe('0.2');
    expect(priceQuote('BRL', 'USD', { side: 'source', value: '5000.00' }, { now: new Date(t0), mode: 'pinned' }).rate).toBe('0.199');
  });

  it('move within ±0.2 % per step for every pair, over 100 consecutive steps, and do move', () => {
    const FIAT = ASSETS.filter((a) => decimalsOf(a) === 2);
    const start = rateStep(new Date(t0)) * RATE_STEP_SECONDS * 1000;
    const limit = new Dec('0.002');
    const moved = new Set<string>();
    let prev = FIAT.map((a) => unitsPerUsd(a, at(start)));
    for (let k = 1; k <= 100; k++) {
      const next = FIAT.map((a) => unitsPerUsd(a, at(start + k * 10_000)));
      FIAT.forEach((s, i) => {
        FIAT.forEach((t, j) => {
          if (i === j) return;
          // mid(s→t) = units[t] / units[s]; its relative change over the step:
          const change = next[j].div(prev[j]).div(next[i].div(prev[i])).minus(1).abs();
          expect(change.lte(limit), `${s}->${t} step ${k}: ${change.toString()}`).toBe(true);
          if (!change.isZero()) moved.add(`${s}${t}`);
        });
      });
      prev = next;
    }
    expect(moved.size).toBe(FIAT.length * (FIAT.length - 1));
  });

  it('stay within ±1.425 % of the base table (bounded, not a random walk away)', () => {
    for (let k = 0; k < 200; k++) {
      for (const asset of ['BRL', 'EUR', 'GBP', 'PHP'] as const) {
        const level = unitsPerUsd(asset, at(t0 + k * 10_000)).div(UNITS_PER_USD[asset]).minus(1).abs();
        expect(level.lte('0.01425')).toBe(true);
      }
    }
    expect(unitsPerUsd('USD', at(t0)).toString()).toBe('1');
    expect(unitsPerUsd('USDC', at(t0)).toString()).toBe('1');
    expect(unitsPerUsd('EURC', at(t0)).eq(unitsPerUsd('EUR', at(t0)))).toBe(true);
  });

  it('keep pegged pairs at 1.00 with no fee while the fiat moves', () => {
    const q = priceQuote('BRLT', 'BRL', { side: 'source', value: '10' }, at(t0));
    expect(q.rate).toBe('1.00');
    expect(q.fees).toEqual([]);
  });

  it('price from the moving mid: effective = mid × 0.995, spotRate = the mid', () => {
    const q = priceQuote('BRL', 'USD', { side: 'source', value: '5000.00' }, at(t0));
    const mid = midRate('BRL', 'USD', at(t0));
    expect(q.spotRate).toBe(formatRate(mid));
    expect(q.rate).toBe(formatRate(mid.times('0.995')));
  });
});
