// Pure: balances valued in one reference currency at the mid rate (indicative: a mid is not a price anyone pays).
import { roundToAsset, toDec, type Amount } from '@/lib/money/amount-core';
import type { Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';

const PLAIN_RATE = /^\d+(\.\d+)?$/;

/** Places a composed or inverted mid keeps: far beyond any asset's scale, so rounding the value is what decides. */
export const RATE_PLACES = 12;

/** Mid rates into the reference currency: `rates.get(asset)` units of the reference per one unit of `asset`. */
export type ReferenceRates = ReadonlyMap<Asset, string>;

function rateDec(rate: string): Dec | null {
  if (!PLAIN_RATE.test(rate)) return null;
  const d = new Dec(rate);
  return d.isZero() ? null : d;
}

/** A mid as the service gave it (`value` of `base` → `quote`) turned into units of `to` per one `from`. */
export function orientRate(mid: { value: string; base: string; quote: string }, from: Asset, to: Asset): string | null {
  const value = rateDec(mid.value);
  if (!value) return null;
  if (mid.base === from && mid.quote === to) return value.toFixed();
  if (mid.base === to && mid.quote === from) return new Dec(1).div(value).toDecimalPlaces(RATE_PLACES, Dec.ROUND_HALF_EVEN).toFixed();
  return null;
}

/** from → pivot → to, for an asset no account holds together with the reference currency. */
export function composeRates(first: string, second: string): string | null {
  const a = rateDec(first);
  const b = rateDec(second);
  if (!a || !b) return null;
  return a.times(b).toDecimalPlaces(RATE_PLACES, Dec.ROUND_HALF_EVEN).toFixed();
}

/** One amount in the reference currency (half-even to its scale); null without a rate. */
export function toReference(amount: Amount, reference: Asset, rates: ReferenceRates): Amount | null {
  if (amount.asset === reference) return roundToAsset(toDec(amount), reference, 'HALF_EVEN');
  const rate = rates.get(amount.asset);
  const r = rate ? rateDec(rate) : null;
  if (!r) return null;
  return roundToAsset(toDec(amount).times(r), reference, 'HALF_EVEN');
}

export interface ReferenceTotal {
  total: Amount;
  /** Assets left out because the service gave no mid for them (the total is then partial, and says so). */
  missing: Asset[];
}

/** The sum of `amounts` in the reference currency; each converted first, then added (what each line shows adds up). */
export function referenceTotal(amounts: readonly Amount[], reference: Asset, rates: ReferenceRates): ReferenceTotal {
  let sum = new Dec(0);
  const missing = new Set<Asset>();
  for (const amount of amounts) {
    const converted = toReference(amount, reference, rates);
    if (converted) sum = sum.plus(toDec(converted));
    else missing.add(amount.asset);
  }
  return { total: roundToAsset(sum, reference, 'HALF_EVEN'), missing: [...missing] };
}

export type RateRoute =
  | { kind: 'same' }
  | { kind: 'direct'; accountId: string }
  | { kind: 'via'; pivot: Asset; firstAccountId: string; secondAccountId: string };

/**
 * How to ask the service for each asset's mid into the reference: a quote needs one account on which both assets
 * are enabled, so an asset is priced directly where some account holds it with the reference, else through one
 * pivot asset (USD first) that connects them. Null: no route, the asset stays out of the total.
 */
export function planRateRoutes(
  assets: readonly Asset[],
  reference: Asset,
  accounts: ReadonlyArray<{ id: string; assets: ReadonlySet<Asset> }>,
): Map<Asset, RateRoute | null> {
  const holding = (a: Asset, b: Asset) => accounts.find((acc) => acc.assets.has(a) && acc.assets.has(b))?.id ?? null;
  const pivots = [...new Set<Asset>(['USD', ...accounts.flatMap((a) => [...a.assets])])];
  const routes = new Map<Asset, RateRoute | null>();
  for (const asset of new Set(assets)) {
    if (asset === reference) {
      routes.set(asset, { kind: 'same' });
      continue;
    }
    const direct = holding(asset, reference);
    if (direct) {
      routes.set(asset, { kind: 'direct', accountId: direct });
      continue;
    }
    let route: RateRoute | null = null;
    for (const pivot of pivots) {
      if (pivot === asset || pivot === reference) continue;
      const first = holding(asset, pivot);
      const second = first ? holding(pivot, reference) : null;
      if (first && second) {
        route = { kind: 'via', pivot, firstAccountId: first, secondAccountId: second };
        break;
      }
    }
    routes.set(asset, route);
  }
  return routes;
}
