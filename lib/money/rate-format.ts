import { DEFAULT_LOCALE } from './format-amount';

// Positive plain decimals only: "1e3", "NaN" or "1,5" are not rates.
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Formats an exchange rate given as a decimal string with the locale's separators, rounded half-even to at most
 * `maximumFractionDigits` places (at least 2 shown). The string goes to Intl.NumberFormat, which rounds and formats it
 * exactly (no binary float, no decimal.js): browser code showing a quote's rate does not load decimal.js for it.
 * `formatRate` in ./rate.ts is the same for decimal.js values too.
 */
export function formatRateText(rate: string, locale: string = DEFAULT_LOCALE, maximumFractionDigits = 8): string {
  if (typeof rate !== 'string' || !PLAIN_DECIMAL.test(rate) || /^0+(\.0+)?$/.test(rate)) {
    throw new RangeError(`Not a positive decimal rate: ${String(rate).slice(0, 40)}`);
  }
  // roundingMode is ES2023 Intl (every current browser and Node 20); the lib types here are ES2022.
  const options = {
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.max(2, maximumFractionDigits),
    roundingMode: 'halfEven',
  } as Intl.NumberFormatOptions;
  let nf: Intl.NumberFormat;
  try {
    nf = new Intl.NumberFormat(locale, options);
  } catch {
    nf = new Intl.NumberFormat(DEFAULT_LOCALE, options);
  }
  return nf.format(rate as `${number}`);
}
