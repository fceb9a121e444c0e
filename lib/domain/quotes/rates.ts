import { Dec } from '@/lib/money/decimal';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

function positive(rate: string, what: string): Dec {
  if (!PLAIN_DECIMAL.test(rate)) throw new RangeError(`${what} is not a decimal rate: ${rate.slice(0, 40)}`);
  const d = new Dec(rate);
  if (d.isZero()) throw new RangeError(`${what} is zero`);
  return d;
}

/** Basis points as a decimal string with `places` decimals (half-even), never a float. */
function bps(ratio: Dec, places: number): string {
  return ratio.times(10_000).toDecimalPlaces(places, Dec.ROUND_HALF_EVEN).toFixed(places);
}

/**
 * How far the rate moved from one quote to the next, in basis points of the earlier rate: positive when the new
 * quote gives more of the target per unit of source (better for the person selling), negative when less.
 * Both rates must have the same orientation (same base and quote assets).
 */
export function driftBps(previousRate: string, nextRate: string, places = 1): string {
  const prev = positive(previousRate, 'Previous rate');
  const next = positive(nextRate, 'New rate');
  return bps(next.minus(prev).div(prev), places);
}

/**
 * What the quote costs against the mid-market rate, in basis points of the mid: (mid − effective) / mid. Positive
 * when the effective rate gives less than the mid (the usual case: the spread). Both in the same orientation.
 */
export function spreadBps(effectiveRate: string, midRate: string, places = 1): string {
  const effective = positive(effectiveRate, 'Effective rate');
  const mid = positive(midRate, 'Mid rate');
  return bps(mid.minus(effective).div(mid), places);
}

/** Two quotes can be compared only when they convert the same pair in the same direction. */
export function sameDirection(a: { base: string; quote: string }, b: { base: string; quote: string }): boolean {
  return a.base === b.base && a.quote === b.quote;
}
