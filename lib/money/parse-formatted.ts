import { decimalsOf, isStablecoin, type Asset } from './assets';
import { parseAmount } from './parse-amount';
import { numberFormatOptions, type FormatAmountOptions } from './format-amount';
import type { Amount } from './amount-core';

/**
 * Reads back a string produced by formatAmount for the same locale, asset and display options (tests,
 * pasted values). It learns the locale's group/decimal/minus symbols and the currency text from
 * Intl.NumberFormat#formatToParts instead of hard-coding them, then hands a plain decimal to parseAmount.
 * Returns null when the text is not such a string.
 */
export function parseFormatted(text: string, locale: string, asset: Asset, opts: FormatAmountOptions = {}): Amount | null {
  let nf: Intl.NumberFormat;
  const options = numberFormatOptions({ asset, decimals: decimalsOf(asset) }, opts);
  try {
    nf = new Intl.NumberFormat(locale, options);
  } catch {
    return null;
  }
  const sample = nf.formatToParts('-1234567.5' as `${number}`).concat(nf.formatToParts('1' as `${number}`));
  const group = sample.find((p) => p.type === 'group')?.value;
  const decimal = sample.find((p) => p.type === 'decimal')?.value ?? '.';
  const minus = sample.find((p) => p.type === 'minusSign')?.value ?? '-';
  const currencyTexts = new Set(sample.filter((p) => p.type === 'currency').map((p) => p.value));

  let s = text.trim();
  if (isStablecoin(asset)) {
    if (!s.endsWith(` ${asset}`)) return null;
    s = s.slice(0, -(asset.length + 1));
  }
  // Longest first so "US dollars" goes before "US dollar".
  for (const c of [...currencyTexts].sort((a, b) => b.length - a.length)) s = s.split(c).join('');
  let negative = false;
  if (s.includes(minus) || s.includes('-')) negative = true;
  s = s.split(minus).join('').split('-').join('').split('+').join('');
  if (group) s = s.split(group).join('');
  s = s.replace(/[\s\u00a0\u202f\u200e\u200f\u061c]/g, '');
  s = s.split(decimal).join('.');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const parsed = parseAmount(negative ? `-${s}` : s, asset, { allowNegative: true, allowZero: true });
  return parsed.ok ? parsed.amount : null;
}
