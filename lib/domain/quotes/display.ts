// Display of rate differences (basis points) and fee fractions. Inputs are decimal strings; Intl formats the string
// itself (Intl.NumberFormat v3 accepts decimal strings exactly), so no binary float sits in between.

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const cache = new Map<string, Intl.NumberFormat>();

function nf(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      // A malformed locale must not break a page.
      f = new Intl.NumberFormat('en', options);
    }
    cache.set(key, f);
  }
  return f;
}

/**
 * Basis points (lib/domain/quotes/rates.ts: 2 decimals) in the reader's locale: `50.00` / `50,00`; `signed` adds the
 * sign of a drift (`+4.10`, `-2,00`, `0.00`). The decimal string goes to Intl as a string, never through a float; a
 * value that is not a plain decimal string is returned as it is.
 */
export function formatBps(bps: string, locale: string, signed = false): string {
  if (!PLAIN_DECIMAL.test(bps)) return bps;
  return nf(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: signed ? 'exceptZero' : 'auto' }).format(
    bps as `${number}`,
  );
}

/** A fraction (`"0.0050"`) as a percentage in the locale: `0.50%` (en), `0,50%` (pt-BR). */
export function formatFraction(fraction: string, locale: string): string {
  if (!PLAIN_DECIMAL.test(fraction)) return fraction;
  return nf(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(fraction as `${number}`);
}

/** True for a decimal string that is zero (`"0.0"`, `"-0.0"`). */
export function isZeroDecimal(value: string): boolean {
  return /^-?0+(\.0+)?$/.test(value);
}
