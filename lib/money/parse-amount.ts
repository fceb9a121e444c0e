import { decimalsOf, isAsset, type Asset } from './assets';
import type { Amount } from './amount-core';
import { canonicalAmount, MAX_INTEGER_DIGITS } from './canonical';

export type AmountErrorCode =
  | 'EMPTY'
  | 'NOT_A_NUMBER'
  | 'HEX'
  | 'NON_ASCII_DIGITS'
  | 'EXPONENT'
  | 'PLUS_SIGN'
  | 'NEGATIVE_NOT_ALLOWED'
  | 'THOUSANDS_SEPARATOR'
  | 'DECIMAL_COMMA'
  | 'INTERNAL_SPACE'
  | 'LEADING_DOT'
  | 'TRAILING_DOT'
  | 'TOO_MANY_DECIMALS'
  | 'TOO_LARGE'
  | 'ZERO_NOT_ALLOWED'
  | 'INVALID_FORMAT'
  | 'UNKNOWN_ASSET';

export interface ParseAmountOptions {
  allowNegative?: boolean;
  allowZero?: boolean;
}

export type ParseAmountResult =
  | { ok: true; amount: Amount }
  | { ok: false; code: AmountErrorCode; message: string };

export { MAX_INTEGER_DIGITS };

// Longer inputs cannot be valid (1 sign + 15 digits + 1 dot + 6 decimals, plus some leading zeros) and
// capping keeps every regex below linear on hostile input.
const MAX_INPUT_LENGTH = 64;

const fail = (code: AmountErrorCode, message: string): ParseAmountResult => ({ ok: false, code, message });

function decimalsMessage(asset: Asset): string {
  const n = decimalsOf(asset);
  return `${asset} amounts allow at most ${n} decimal places.`;
}

/**
 * Strictly parses what a person typed into an amount field. Only ASCII digits with an optional single "."
 * as the decimal separator; everything a locale-aware or lenient parser would guess at is refused with a
 * reason, because a wrong guess moves the wrong amount of money.
 */
export function parseAmount(input: string, asset: Asset, opts: ParseAmountOptions = {}): ParseAmountResult {
  if (!isAsset(asset)) return fail('UNKNOWN_ASSET', 'Choose a supported asset.');
  if (typeof input !== 'string') return fail('INVALID_FORMAT', 'Enter an amount, for example 10.50.');
  const s = input.trim();
  if (s === '') return fail('EMPTY', 'Enter an amount.');
  if (s.length > MAX_INPUT_LENGTH) {
    return /^[+-]?[0-9.]+$/.test(s)
      ? fail('TOO_LARGE', `The amount is too large (at most ${MAX_INTEGER_DIGITS} digits before the decimal point).`)
      : fail('INVALID_FORMAT', 'Enter an amount, for example 10.50.');
  }
  if (/^[+-]?(nan|infinity|inf|∞)$/i.test(s)) return fail('NOT_A_NUMBER', 'Enter a number, for example 10.50.');
  if (/^[+-]?0[xob]/i.test(s)) {
    return /^[+-]?0x/i.test(s)
      ? fail('HEX', 'Hexadecimal numbers are not accepted. Enter a decimal amount, for example 10.50.')
      : fail('INVALID_FORMAT', 'Enter a decimal amount, for example 10.50.');
  }
  // \p{Nd} is every script's decimal digit; only 0-9 are accepted so the value is unambiguous.
  if (/[^0-9]/u.test(s.replace(/[^\p{Nd}]/gu, ''))) {
    return fail('NON_ASCII_DIGITS', 'Use the digits 0-9 only.');
  }
  if (/^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(s)) {
    return fail('EXPONENT', 'Scientific notation (like 1e3) is not accepted. Write the amount in full.');
  }

  let body = s;
  let negative = false;
  if (body.startsWith('+')) return fail('PLUS_SIGN', 'Remove the + sign.');
  if (body.startsWith('-')) {
    if (!opts.allowNegative) return fail('NEGATIVE_NOT_ALLOWED', 'The amount must not be negative.');
    negative = true;
    body = body.slice(1);
    if (/^[+-]/.test(body)) return fail('INVALID_FORMAT', 'Enter an amount, for example -10.50.');
  }

  // Grouped digits: "1,000", "1.000.000", "1 000", "1_000", "1'000", "1,000.50", "1.000,50".
  const groupSep = "[,_' \\u00a0\\u202f\\u2009.]";
  const grouped = new RegExp(`^\\d{1,3}(${groupSep}\\d{3})+([.,]\\d+)?$`);
  const hasSeparatorChars = /[,_'\u00a0\u202f\u2009]|\s/.test(body) || (body.match(/\./g)?.length ?? 0) > 1;
  if (hasSeparatorChars && grouped.test(body) && !/^\d+\.\d{3}$/.test(body)) {
    return fail('THOUSANDS_SEPARATOR', 'Remove the thousands separators (write 1000.50, not 1,000.50).');
  }
  if (/[_'\u00a0\u202f\u2009]/.test(body) && /^[\d_'\u00a0\u202f\u2009.,]+$/.test(body)) {
    return fail('THOUSANDS_SEPARATOR', 'Remove the thousands separators (write 1000.50, not 1,000.50).');
  }
  if (/,/.test(body)) {
    return /^\d+,\d+$/.test(body)
      ? fail('DECIMAL_COMMA', 'Use a dot (.) as the decimal separator, for example 10.50.')
      : fail('THOUSANDS_SEPARATOR', 'Remove the thousands separators (write 1000.50, not 1,000.50).');
  }
  if ((body.match(/\./g)?.length ?? 0) > 1) {
    return fail('THOUSANDS_SEPARATOR', 'Use a single dot (.) as the decimal separator and no thousands separators.');
  }
  if (/\s/.test(body) && /^[\d.\s]+$/.test(body)) return fail('INTERNAL_SPACE', 'Remove the spaces inside the amount.');
  if (/^\.\d+$/.test(body)) return fail('LEADING_DOT', 'Add a digit before the decimal point, for example 0.50.');
  if (/^\d+\.$/.test(body)) return fail('TRAILING_DOT', 'Add digits after the decimal point or remove it.');
  const match = /^(\d+)(?:\.(\d+))?$/.exec(body);
  if (!match) return fail('INVALID_FORMAT', 'Enter an amount, for example 10.50.');

  const integer = match[1].replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > decimalsOf(asset)) return fail('TOO_MANY_DECIMALS', decimalsMessage(asset));
  if (integer.length > MAX_INTEGER_DIGITS) {
    return fail('TOO_LARGE', `The amount is too large (at most ${MAX_INTEGER_DIGITS} digits before the decimal point).`);
  }
  const isZeroValue = /^0+$/.test(integer + fraction);
  if (isZeroValue && !opts.allowZero) return fail('ZERO_NOT_ALLOWED', 'The amount must be greater than zero.');

  const plain = `${negative && !isZeroValue ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
  return { ok: true, amount: canonicalAmount(plain, asset) };
}
