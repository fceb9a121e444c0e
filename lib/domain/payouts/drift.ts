import { Dec } from '@/lib/money/decimal';

/** Above this drift between the indicative and the fresh rate, an approver must acknowledge it explicitly. */
export const DRIFT_ACK_THRESHOLD_BPS = 50;

export interface RateLike {
  value: string;
  base: string;
  quote: string;
}

/**
 * Drift of `fresh` against `indicative` in basis points, signed (+ = the fresh rate gives more target per
 * source unit), as a decimal string with 2 decimals (HALF_UP on the magnitude). Both rates must quote the
 * same pair in the same direction.
 */
export function driftBps(indicative: RateLike, fresh: RateLike): string {
  if (indicative.base !== fresh.base || indicative.quote !== fresh.quote) {
    throw new RangeError(`Rates quote different pairs: ${indicative.base}/${indicative.quote} vs ${fresh.base}/${fresh.quote}`);
  }
  const a = new Dec(indicative.value);
  const b = new Dec(fresh.value);
  if (!a.isFinite() || a.lte(0) || !b.isFinite() || b.lte(0)) throw new RangeError('Rates must be positive');
  const bps = b.minus(a).div(a).times(10_000);
  const rounded = bps.abs().toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  return (bps.isNegative() && !rounded.isZero() ? rounded.negated() : rounded).toFixed(2);
}

/** |drift| strictly above the threshold needs the acknowledgement tick. */
export function needsAcknowledgement(drift: string, thresholdBps = DRIFT_ACK_THRESHOLD_BPS): boolean {
  return new Dec(drift).abs().gt(thresholdBps);
}

/** Whether a re-quote at `drift` stays inside what was acknowledged (`toleranceBps`, inclusive). */
export function withinTolerance(drift: string, toleranceBps: string | number): boolean {
  return new Dec(drift).abs().lte(new Dec(toleranceBps));
}

/**
 * The tolerance an approval grants: up to the threshold without a tick; with the tick, up to the larger of the
 * threshold and the drift the approver was shown.
 */
export function toleranceFor(shownDrift: string, acknowledged: boolean): string {
  const shown = new Dec(shownDrift).abs();
  const threshold = new Dec(DRIFT_ACK_THRESHOLD_BPS);
  return (acknowledged && shown.gt(threshold) ? shown : threshold).toFixed(2);
}

/**
 * A signed drift (`"-12.50"`, `"0.00"`) in the reader's locale with 2 decimals and an explicit sign when not zero
 * (`+12.50` / `−12,50`). The decimal string goes to Intl as a string, never through a float; an unreadable value
 * is returned as it came.
 */
export function formatBps(drift: string, locale: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(drift)) return drift;
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' };
  let nf: Intl.NumberFormat;
  try {
    nf = new Intl.NumberFormat(locale, options);
  } catch {
    nf = new Intl.NumberFormat('en', options);
  }
  return nf.format(drift as `${number}`);
}
