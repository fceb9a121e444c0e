import type { Asset } from '@/lib/money/assets';
import { roundToAsset, type Amount } from '@/lib/money/amount-core';
import { Dec } from '@/lib/money/decimal';

/**
 * Deterministic mid-market table: units of each asset per 1 USD. Fixed (not random, not time-varying) so tests
 * and demos reproduce to the cent. Stablecoins are pegged to their fiat (USDC/USDT = USD, EURC = EUR, BRLT = BRL).
 */
export const UNITS_PER_USD: Readonly<Record<Asset, string>> = Object.freeze({
  USD: '1',
  BRL: '5.00',
  EUR: '0.92',
  CAD: '1.36',
  AUD: '1.52',
  GBP: '0.79',
  MXN: '17.00',
  HKD: '7.80',
  SGD: '1.34',
  PHP: '56.00',
  NZD: '1.64',
  CHF: '0.88',
  NOK: '10.50',
  DKK: '6.86',
  PLN: '4.00',
  SEK: '10.40',
  USDC: '1',
  USDT: '1',
  EURC: '0.92',
  BRLT: '5.00',
});

/** The FX_SPREAD fee: 0.5 % of the source amount, charged on every conversion between different currencies. */
export const FX_SPREAD = '0.0050';

/** Scale of the published effective rate; the rate string is what the amounts are computed from. */
export const RATE_DECIMALS = 10;

const PEG_GROUP: Readonly<Record<Asset, string>> = Object.freeze({
  USD: 'USD', USDC: 'USD', USDT: 'USD',
  EUR: 'EUR', EURC: 'EUR',
  BRL: 'BRL', BRLT: 'BRL',
  CAD: 'CAD', AUD: 'AUD', GBP: 'GBP', MXN: 'MXN', HKD: 'HKD', SGD: 'SGD', PHP: 'PHP',
  NZD: 'NZD', CHF: 'CHF', NOK: 'NOK', DKK: 'DKK', PLN: 'PLN', SEK: 'SEK',
});

/** Same asset, or a stablecoin and its fiat (or two stablecoins on the same fiat): 1:1 and no spread. */
export function isPeggedPair(source: Asset, target: Asset): boolean {
  return PEG_GROUP[source] === PEG_GROUP[target];
}

/** Mid rate: target units per 1 source unit, unrounded. */
export function midRate(source: Asset, target: Asset): InstanceType<typeof Dec> {
  if (isPeggedPair(source, target)) return new Dec(1);
  return new Dec(UNITS_PER_USD[target]).div(UNITS_PER_USD[source]);
}

/** Formats a rate: at most RATE_DECIMALS places, trailing zeros dropped, but never fewer than 2 ("1.00", "0.199"). */
export function formatRate(rate: InstanceType<typeof Dec>): string {
  const rounded = rate.toDecimalPlaces(RATE_DECIMALS, Dec.ROUND_HALF_EVEN);
  const dp = Math.max(2, rounded.decimalPlaces());
  return rounded.toFixed(dp);
}

export interface FeeLine {
  type: 'PERCENTAGE';
  source: 'FX_SPREAD';
  percentage: string;
  amount: Amount;
}

export interface PricedQuote {
  sourceAmount: Amount;
  targetAmount: Amount;
  /** target = source × rate. */
  rate: string;
  /** Mid rate before the spread (published as the event's `spotRate`). */
  spotRate: string;
  fees: FeeLine[];
}

export type FixedSide = { side: 'source'; value: string } | { side: 'target'; value: string };

/**
 * Prices a conversion. ONE rounding rule, in the service's favour so it never pays out a fraction it did not
 * receive: when the source is fixed the target is rounded DOWN to its scale; when the target is fixed the source
 * is rounded UP to its scale. The rate used is the published (rounded) rate string, so `target ≈ source × rate`
 * is checkable by the client. The FX_SPREAD fee is expressed in the source asset (source × spread, half-up).
 */
export function priceQuote(source: Asset, target: Asset, fixed: FixedSide): PricedQuote {
  const pegged = isPeggedPair(source, target);
  const mid = midRate(source, target);
  const spread = pegged ? new Dec(0) : new Dec(FX_SPREAD);
  const rateStr = pegged ? '1.00' : formatRate(mid.times(new Dec(1).minus(spread)));
  const rate = new Dec(rateStr);
  let sourceAmount: Amount;
  let targetAmount: Amount;
  if (fixed.side === 'source') {
    sourceAmount = roundToAsset(fixed.value, source, 'HALF_EVEN');
    targetAmount = roundToAsset(new Dec(sourceAmount.value).times(rate), target, 'DOWN');
  } else {
    targetAmount = roundToAsset(fixed.value, target, 'HALF_EVEN');
    sourceAmount = roundToAsset(new Dec(targetAmount.value).div(rate), source, 'UP');
  }
  const fees: FeeLine[] = pegged
    ? []
    : [{
        type: 'PERCENTAGE',
        source: 'FX_SPREAD',
        percentage: FX_SPREAD,
        amount: roundToAsset(new Dec(sourceAmount.value).times(spread), source, 'HALF_UP'),
      }];
  return { sourceAmount, targetAmount, rate: rateStr, spotRate: formatRate(mid), fees };
}
