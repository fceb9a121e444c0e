/**
 * Pure text rules of the money field (components/forms/money-field.tsx): how typed text is read in pt-BR
 * (`1.234,56`) or en (`1,234.56`), how a pasted amount is read in either notation, and the decimal string the form
 * receives. Strings only: an amount never passes through a `number`.
 */
import { decimalsOf, type Asset } from './assets';
import { MAX_INTEGER_DIGITS } from './canonical';

/** The locale's decimal separator (`,` in pt-BR, `.` in en), from Intl rather than a table. */
export function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** The locale's grouping separator (`.` in pt-BR, `,` in en), the decimal's counterpart. */
export function groupSeparator(locale: string): string {
  return decimalSeparator(locale) === ',' ? '.' : ',';
}

/** Why typed text is not one exact amount; each has a field message in the catalogue (`common.moneyInput`). */
export type MoneyReadingProblem = 'INVALID' | 'GROUPING' | 'TOO_MANY_DECIMALS' | 'TOO_LARGE';

/**
 * What the text in an amount field says:
 * - `empty`: nothing typed;
 * - `ok`: one exact amount, `value` the decimal string the form sends (`1234.56`);
 * - `partial`: the beginning of an amount (`1.2` on the way to `1.234` in pt-BR, `12.` ): nothing to send yet, and
 *   nothing wrong while the person is still typing;
 * - `problem`: text no further typing at the end can make an exact amount (letters, a misplaced separator, more
 *   decimals than the asset has, too many digits).
 */
export type MoneyReading =
  | { kind: 'empty' }
  | { kind: 'ok'; value: string }
  | { kind: 'partial'; problem: MoneyReadingProblem }
  | { kind: 'problem'; problem: MoneyReadingProblem };

/**
 * Reads typed text strictly in the locale's notation: in pt-BR `.` groups thousands and `,` is the decimal mark
 * (`1.234,56`), in en the reverse (`1,234.56`). Grouping is optional but, when used, must fall every three digits
 * (`1.234.567`), so `1.5` in pt-BR or `1,5` in en is refused instead of guessed. Never rounds: more decimals than
 * the asset's scale (2 fiat, 6 stablecoins) is a problem, not a truncation.
 */
export function readTyped(text: string, asset: Asset, locale: string): MoneyReading {
  const s = text.trim();
  if (s === '') return { kind: 'empty' };
  if (/[^\d.,]/.test(s)) return { kind: 'problem', problem: 'INVALID' };
  const dec = decimalSeparator(locale);
  const group = groupSeparator(locale);
  const at = s.indexOf(dec);
  const intPart = at === -1 ? s : s.slice(0, at);
  const frac = at === -1 ? undefined : s.slice(at + 1);
  if (frac !== undefined && /[.,]/.test(frac)) return { kind: 'problem', problem: 'GROUPING' };
  const groups = intPart.split(group);
  if (groups.length > 1) {
    const [first, ...rest] = groups;
    const last = rest[rest.length - 1]!;
    const middleOk = rest.slice(0, -1).every((g) => g.length === 3);
    if (!/^\d{1,3}$/.test(first!) || !middleOk || last.length > 3) return { kind: 'problem', problem: 'GROUPING' };
    if (last.length < 3) {
      // `1.2` may still become `1.234`: only once a decimal mark follows is it final.
      return frac === undefined ? { kind: 'partial', problem: 'GROUPING' } : { kind: 'problem', problem: 'GROUPING' };
    }
  }
  const digits = groups.join('');
  if (digits === '' && (frac === undefined || frac === '')) return { kind: 'partial', problem: 'INVALID' };
  const int = digits.replace(/^0+(?=\d)/, '') || '0';
  if (int.length > MAX_INTEGER_DIGITS) return { kind: 'problem', problem: 'TOO_LARGE' };
  if (frac !== undefined && frac.length > decimalsOf(asset)) return { kind: 'problem', problem: 'TOO_MANY_DECIMALS' };
  return { kind: 'ok', value: frac ? `${int}.${frac}` : int };
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

/**
 * A decimal string (`1234.5`) as field text in the locale's notation, grouped (`1.234,5` in pt-BR, `1,234.5` in
 * en): what a paste or a value set by the form shows. Digits are moved as text, never through a number, and
 * `readTyped` reads the result back to the same decimal string.
 */
export function decimalToText(value: string, locale: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) return value;
  const [, int, frac] = match;
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator(locale));
  return frac ? `${grouped}${decimalSeparator(locale)}${frac}` : grouped;
}
