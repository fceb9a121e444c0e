import { createHash } from 'node:crypto';
import type { Asset } from '@/lib/money/assets';
import { roundToAsset, type Amount } from '@/lib/money/amount-core';
import { Dec } from '@/lib/money/decimal';

/**
 * The base mid-market table: units of each asset per 1 USD. With rates `pinned` these are the mid rates exactly;
 * with rates `moving` (the default) each currency drifts around its base on the sandbox clock (see `unitsPerUsd`).
 * Stablecoins are pegged to their fiat (USDC/USDT = USD, EURC = EUR, BRLT = BRL).
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

/**
 * `moving`: mid rates change every RATE_STEP_SECONDS of sandbox-clock time, deterministically (the same instant
 * gives the same rates in every process and after a restart). `pinned`: the base table, for tests that assert
 * amounts to the cent.
 */
export type RateMode = 'moving' | 'pinned';

/** Where on the sandbox clock a price is taken, and whether rates move at all. Omitted = pinned. */
export interface MarketTime {
  now: Date;
  mode: RateMode;
}

/** A new rate step every 10 s of sandbox-clock time. */
export const RATE_STEP_SECONDS = 10;
/**
 * The level of a currency at step K is base × (1 + Σ of its last RATE_WINDOW_STEPS seeded increments), each
 * increment in [−MAX_INCREMENT, +MAX_INCREMENT]. From one step to the next one increment enters and one leaves, so a
 * currency moves by at most 2 × 0.000475 / (1 − 30 × 0.000475) ≈ 0.0964 % against USD per step, and a pair of
 * currencies by at most ≈ 0.193 % — within ±0.2 % per step — while the level stays within ±1.425 % of its base.
 * A window (rather than a walk from the epoch) keeps every price O(window) and bounded.
 */
export const RATE_WINDOW_STEPS = 30;
const MAX_INCREMENT_MICROS = 475;

/** The rate step an instant falls in. */
export function rateStep(now: Date): number {
  return Math.floor(now.getTime() / (RATE_STEP_SECONDS * 1000));
}

/** The seeded increment of one currency at one step, in millionths: uniform-ish in [−475, 475]. */
function incrementMicros(group: string, step: number): number {
  const h = createHash('sha256').update(`fx-sandbox-rate:${group}:${step}`).digest();
  return (h.readUInt32BE(0) % (2 * MAX_INCREMENT_MICROS + 1)) - MAX_INCREMENT_MICROS;
}

// The levels of one step are computed once (a quote burst within 10 s reuses them); a few recent steps are kept.
const levelCache = new Map<number, Map<string, InstanceType<typeof Dec>>>();
const LEVEL_CACHE_STEPS = 8;

function levelFactor(group: string, step: number): InstanceType<typeof Dec> {
  let byGroup = levelCache.get(step);
  if (!byGroup) {
    byGroup = new Map();
    levelCache.set(step, byGroup);
    while (levelCache.size > LEVEL_CACHE_STEPS) levelCache.delete(levelCache.keys().next().value as number);
  }
  let factor = byGroup.get(group);
  if (!factor) {
    let micros = 0;
    for (let j = 0; j < RATE_WINDOW_STEPS; j++) micros += incrementMicros(group, step - j);
    factor = new Dec(1).plus(new Dec(micros).div(1_000_000));
    byGroup.set(group, factor);
  }
  return factor;
}

/** Units of `asset` per 1 USD at a moment (USD itself, the numeraire, never moves; stablecoins follow their fiat). */
export function unitsPerUsd(asset: Asset, at?: MarketTime): InstanceType<typeof Dec> {
  const base = new Dec(UNITS_PER_USD[asset]);
  const group = PEG_GROUP[asset];
  if (!at || at.mode === 'pinned' || group === 'USD') return base;
  return base.times(levelFactor(group, rateStep(at.now)));
}

/** Mid rate: target units per 1 source unit, unrounded, at `at` (omitted: the pinned base table). */
export function midRate(source: Asset, target: Asset, at?: MarketTime): InstanceType<typeof Dec> {
  if (isPeggedPair(source, target)) return new Dec(1);
  return unitsPerUsd(target, at).div(unitsPerUsd(source, at));
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
  /** Mid rate before the spread (published as the event's `spotRate` and the quote's `midRate` extension). */
  spotRate: string;
  fees: FeeLine[];
}

export type FixedSide = { side: 'source'; value: string } | { side: 'target'; value: string };

/**
 * Prices a conversion. ONE rounding rule, in the service's favour so it never pays out a fraction it did not
 * receive: when the source is fixed the target is rounded DOWN to its scale; when the target is fixed the source
 * is rounded UP to its scale. The rate used is the published (rounded) rate string, so `target ≈ source × rate`
 * is checkable by the client. `at` picks the moment on the sandbox clock (omitted: the pinned base table). The FX_SPREAD fee is expressed in the source asset (source × spread, half-up).
 */
export function priceQuote(source: Asset, target: Asset, fixed: FixedSide, at?: MarketTime): PricedQuote {
  const pegged = isPeggedPair(source, target);
  const mid = midRate(source, target, at);
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
