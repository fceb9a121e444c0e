import { Dec } from './decimal';
import { DEFAULT_LOCALE } from './format-amount';
import { formatRateText } from './rate-format';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

function toRate(rate: Dec | string): Dec {
  const d = typeof rate === 'string' ? (PLAIN_DECIMAL.test(rate) ? new Dec(rate) : null) : rate;
  if (!d || !Dec.isDecimal(d) || !d.isFinite() || d.isNegative() || d.isZero()) {
    throw new RangeError(`Not a positive decimal rate: ${String(rate).slice(0, 40)}`);
  }
  return d;
}

/**
 * 1 / rate for showing a quote "both ways", to `fractionDigits` places. Rounded half-even, because the
 * inverse is for display only; the service's own rate is what prices the operation.
 */
export function invertRate(rate: Dec | string, fractionDigits = 8): string {
  return new Dec(1).div(toRate(rate)).toDecimalPlaces(fractionDigits, Dec.ROUND_HALF_EVEN).toFixed();
}

/**
 * Formats an exchange rate with the locale's separators and at most `maximumFractionDigits` places
 * (at least 2), passing the decimal string to Intl so no digit goes through a binary float (./rate-format.ts).
 */
export function formatRate(rate: Dec | string, locale: string = DEFAULT_LOCALE, maximumFractionDigits = 8): string {
  return formatRateText(typeof rate === 'string' ? rate : toRate(rate).toFixed(), locale, maximumFractionDigits);
}
