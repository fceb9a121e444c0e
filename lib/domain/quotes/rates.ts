import { Dec } from '@/lib/money/decimal';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

function positive(rate: string, what: string): Dec {
  if (!PLAIN_DECIMAL.test(rate)) throw new RangeError(`${what} is not a decimal rate: ${rate.slice(0, 40)}`);
  const d = new Dec(rate);
  if (d.isZero()) throw new RangeError(`${what} is zero`);
  return d;
}

/** A rate as quoted: how much `quote` one unit of `base` buys. */
export interface RateLike {
  value: string;
  base: string;
  quote: string;
}

/**
 * Basis points as a decimal string with 2 decimals, rounded half away from zero (HALF_UP on the magnitude), never a
 * float and never "-0.00". The one rounding of every bps figure: a payout's drift is stored and signed with it.
 */
function bps(ratio: Dec): string {
  const rounded = ratio.times(10_000).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  return (rounded.isZero() ? new Dec(0) : rounded).toFixed(2);
}

/**
 * How far the rate moved from one quote to the next, in basis points of the earlier rate: positive when the new
 * quote gives more of the target per unit of source (better for the person selling), negative when less. Both
 * rates must quote the same pair in the same direction (RangeError otherwise).
 */
export function driftBps(previous: RateLike, next: RateLike): string {
  if (!sameDirection(previous, next)) {
    throw new RangeError(`Rates quote different pairs: ${previous.base}/${previous.quote} vs ${next.base}/${next.quote}`);
  }
  const prev = positive(previous.value, 'Previous rate');
  const now = positive(next.value, 'New rate');
  return bps(now.minus(prev).div(prev));
}

/**
 * What the quote costs against the mid-market rate, in basis points of the mid: (mid − effective) / mid. Positive
 * when the effective rate gives less than the mid (the usual case: the spread). Both in the same orientation.
 */
export function spreadBps(effectiveRate: string, midRate: string): string {
  const effective = positive(effectiveRate, 'Effective rate');
  const mid = positive(midRate, 'Mid rate');
  return bps(mid.minus(effective).div(mid));
}

/** Two quotes can be compared only when they convert the same pair in the same direction. */
export function sameDirection(a: { base: string; quote: string }, b: { base: string; quote: string }): boolean {
  return a.base === b.base && a.quote === b.quote;
}
