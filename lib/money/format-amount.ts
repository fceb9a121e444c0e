import { isStablecoin } from './assets';
import type { Amount } from './amount-core';
import { canonicalAmount } from './canonical';

export type CurrencyDisplay = 'symbol' | 'code' | 'name';
export type SignDisplay = 'auto' | 'always' | 'exceptZero' | 'negative' | 'never';

export interface FormatAmountOptions {
  currencyDisplay?: CurrencyDisplay;
  signDisplay?: SignDisplay;
}

export const DEFAULT_LOCALE = 'en-US';

// Tables format hundreds of cells; constructing Intl.NumberFormat is the expensive part.
const cache = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let nf = cache.get(key);
  if (!nf) {
    try {
      nf = new Intl.NumberFormat(locale, options);
    } catch {
      // A malformed locale (e.g. from a header or preference) must not break a page.
      nf = new Intl.NumberFormat(DEFAULT_LOCALE, options);
    }
    cache.set(key, nf);
  }
  return nf;
}

/** The Intl options used for an amount; exported so a locale-aware parser can mirror the formatter. */
export function numberFormatOptions(amount: Pick<Amount, 'asset' | 'decimals'>, opts: FormatAmountOptions = {}): Intl.NumberFormatOptions {
  const base: Intl.NumberFormatOptions = {
    minimumFractionDigits: amount.decimals,
    maximumFractionDigits: amount.decimals,
    signDisplay: opts.signDisplay ?? 'auto',
    useGrouping: true,
  };
  // Stablecoins are not ISO 4217 codes: style 'currency' would print them with 2 decimals or reject them.
  if (isStablecoin(amount.asset)) return { ...base, style: 'decimal' };
  return { ...base, style: 'currency', currency: amount.asset, currencyDisplay: opts.currencyDisplay ?? 'symbol' };
}

/**
 * Formats an amount for display. The canonical decimal STRING goes to Intl.NumberFormat#format, which
 * (Intl.NumberFormat v3, Node 20 / all current browsers) formats it exactly: "12345678901234.567891" keeps
 * every digit, whereas Number() would round it to 15-17 significant digits.
 * Stablecoins: all 6 decimals and the code as a suffix, e.g. "1,234.500000 USDT".
 */
export function formatAmount(amount: Amount, locale: string = DEFAULT_LOCALE, opts: FormatAmountOptions = {}): string {
  const canonical = canonicalAmount(amount.value, amount.asset);
  const nf = formatter(locale, numberFormatOptions(canonical, opts));
  const text = nf.format(canonical.value as `${number}`);
  return isStablecoin(canonical.asset) ? `${text} ${canonical.asset}` : text;
}

/** The canonical string for inputs and the API: "1234.50", never grouped or localised. */
export function formatAmountPlain(amount: Amount): string {
  return canonicalAmount(amount.value, amount.asset).value;
}
