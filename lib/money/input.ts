/**
 * Pure text rules of the money input (components/forms/money-input.tsx): what the user may type, how a pasted
 * amount is read in pt-BR (`1.234,56`) or en (`1,234.56`), and the decimal string the form receives. Strings
 * only: an amount never passes through a `number`.
 */
import { decimalsOf, type Asset } from './assets';
import { MAX_INTEGER_DIGITS } from './parse-amount';

/** The locale's decimal separator (`,` in pt-BR, `.` in en), from Intl rather than a table. */
export function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/**
 * A keystroke's result while typing, in the locale's notation without grouping: digits and at most one decimal
 * separator (the locale's, or `.` which is mapped to it), at most the asset's scale after it. Null = refuse the
 * keystroke (the input keeps its previous text).
 */
export function acceptTyped(text: string, asset: Asset, locale: string): string | null {
  const sep = decimalSeparator(locale);
  const normalised = sep === '.' ? text : text.replace('.', sep);
  const escaped = sep === '.' ? '\\.' : sep;
  const match = new RegExp(`^(\\d*)(?:${escaped}(\\d*))?$`).exec(normalised);
  if (!match) return null;
  const [, int, frac] = match;
  if (int.length > MAX_INTEGER_DIGITS) return null;
  if (frac !== undefined && frac.length > decimalsOf(asset)) return null;
  return normalised;
}

/**
 * A pasted amount (`R$ 1.234,56`, `1,234.56 USD`, `1234.5`) as a decimal string (`1234.56`), or null when it is
 * not one amount or has more decimals than the asset allows (never rounded silently). When both `.` and `,`
 * occur the later one is the decimal mark; a lone mark is the locale's decimal mark unless it is clearly
 * grouping (repeated, or followed by exactly three digits while the locale uses the other mark).
 */
export function parsePasted(text: string, asset: Asset, locale: string): string | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^[^\d.,-]+|[^\d.,]+$/g, '');
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(compact)) return null;
  const localeSep = decimalSeparator(locale);
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  let decimalMark: string | null;
  if (lastDot !== -1 && lastComma !== -1) {
    decimalMark = lastDot > lastComma ? '.' : ',';
  } else if (lastDot === -1 && lastComma === -1) {
    decimalMark = null;
  } else {
    const mark = lastDot !== -1 ? '.' : ',';
    const count = compact.split(mark).length - 1;
    const after = compact.length - compact.lastIndexOf(mark) - 1;
    const grouping = count > 1 || (mark !== localeSep && after === 3);
    decimalMark = grouping ? null : mark;
  }
  const groupMark = decimalMark === '.' ? ',' : decimalMark === ',' ? '.' : null;
  let [int, frac = ''] = decimalMark ? splitOnce(compact, decimalMark) : [compact, ''];
  if (groupMark) int = int.split(groupMark).join('');
  int = int.split(decimalMark === null ? /[.,]/ : groupMark ?? '').join('');
  if (!/^\d*$/.test(int) || !/^\d*$/.test(frac)) return null;
  if (decimalMark && frac.includes(decimalMark)) return null;
  frac = frac.replace(/0+$/, '');
  if (frac.length > decimalsOf(asset)) return null;
  int = int.replace(/^0+(?=\d)/, '') || '0';
  if (int.length > MAX_INTEGER_DIGITS) return null;
  return frac ? `${int}.${frac}` : int;
}

function splitOnce(text: string, mark: string): [string, string] {
  const at = text.lastIndexOf(mark);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** The typed text (locale notation) as the decimal string the form holds: `1234,5` → `1234.5`; `` stays ``. */
export function typedToDecimal(text: string, locale: string): string {
  if (text === '') return '';
  const sep = decimalSeparator(locale);
  const plain = sep === '.' ? text : text.replace(sep, '.');
  const [int, frac] = plain.split('.');
  const whole = (int || '0').replace(/^0+(?=\d)/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** A decimal string (`1234.5`) as input text in the locale's notation (`1234,5`), without grouping. */
export function decimalToTyped(value: string, locale: string): string {
  if (value === '') return '';
  const sep = decimalSeparator(locale);
  return sep === '.' ? value : value.replace('.', sep);
}
