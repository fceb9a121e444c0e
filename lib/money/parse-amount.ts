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
  | { ok: false; code: AmountErrorCode };

export { MAX_INTEGER_DIGITS };

// Longer inputs cannot be valid (1 sign + 15 digits + 1 dot + 6 decimals, plus some leading zeros) and
// capping keeps every regex below linear on hostile input.
const MAX_INPUT_LENGTH = 64;

// A refusal is a code only: the sentence is the catalogue's (messages/*/errors.json, through lib/money/amount-problem.ts),
// and the parser runs in the browser on every money page, where English sentences would be bytes nobody reads.
const fail = (code: AmountErrorCode): ParseAmountResult => ({ ok: false, code });

/**
 * Strictly parses what a person typed into an amount field. Only ASCII digits with an optional single "."
 * as the decimal separator; everything a locale-aware or lenient parser would guess at is refused with a
 * reason, because a wrong guess moves the wrong amount of money.
 */
export function parseAmount(input: string, asset: Asset, opts: ParseAmountOptions = {}): ParseAmountResult {
  if (!isAsset(asset)) return fail('UNKNOWN_ASSET');
  if (typeof input !== 'string') return fail('INVALID_FORMAT');
  const s = input.trim();
  if (s === '') return fail('EMPTY');
  if (s.length > MAX_INPUT_LENGTH) {
    return /^[+-]?[0-9.]+$/.test(s)
      ? fail('TOO_LARGE')
      : fail('INVALID_FORMAT');
  }
  if (/^[+-]?(nan|infinity|inf|∞)$/i.test(s)) return fail('NOT_A_NUMBER');
  if (/^[+-]?0[xob]/i.test(s)) {
    return /^[+-]?0x/i.test(s)
      ? fail('HEX')
      : fail('INVALID_FORMAT');
  }
  // \p{Nd} is every script's decimal digit; only 0-9 are accepted so the value is unambiguous.
  if (/[^0-9]/u.test(s.replace(/[^\p{Nd}]/gu, ''))) {
    return fail('NON_ASCII_DIGITS');
  }
  if (/^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(s)) {
    return fail('EXPONENT');
  }

  let body = s;
  let negative = false;
  if (body.startsWith('+')) return fail('PLUS_SIGN');
  if (body.startsWith('-')) {
    if (!opts.allowNegative) return fail('NEGATIVE_NOT_ALLOWED');
    negative = true;
    body = body.slice(1);
    if (/^[+-]/.test(body)) return fail('INVALID_FORMAT');
  }

  // Grouped digits: "1,000", "1.000.000", "1 000", "1_000", "1'000", "1,000.50", "1.000,50".
  const groupSep = "[,_' \\u00a0\\u202f\\u2009.]";
  const grouped = new RegExp(`^\\d{1,3}(${groupSep}\\d{3})+([.,]\\d+)?$`);
  const hasSeparatorChars = /[,_'\u00a0\u202f\u2009]|\s/.test(body) || (body.match(/\./g)?.length ?? 0) > 1;
  if (hasSeparatorChars && grouped.test(body) && !/^\d+\.\d{3}$/.test(body)) {
    return fail('THOUSANDS_SEPARATOR');
  }
  if (/[_'\u00a0\u202f\u2009]/.test(body) && /^[\d_'\u00a0\u202f\u2009.,]+$/.test(body)) {
    return fail('THOUSANDS_SEPARATOR');
  }
  if (/,/.test(body)) {
    return /^\d+,\d+$/.test(body)
      ? fail('DECIMAL_COMMA')
      : fail('THOUSANDS_SEPARATOR');
  }
  if ((body.match(/\./g)?.length ?? 0) > 1) {
    return fail('THOUSANDS_SEPARATOR');
  }
  if (/\s/.test(body) && /^[\d.\s]+$/.test(body)) return fail('INTERNAL_SPACE');
  if (/^\.\d+$/.test(body)) return fail('LEADING_DOT');
  if (/^\d+\.$/.test(body)) return fail('TRAILING_DOT');
  const match = /^(\d+)(?:\.(\d+))?$/.exec(body);
  if (!match) return fail('INVALID_FORMAT');

  const integer = match[1].replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > decimalsOf(asset)) return fail('TOO_MANY_DECIMALS');
  if (integer.length > MAX_INTEGER_DIGITS) {
    return fail('TOO_LARGE');
  }
  const isZeroValue = /^0+$/.test(integer + fraction);
  if (isZeroValue && !opts.allowZero) return fail('ZERO_NOT_ALLOWED');

  const plain = `${negative && !isZeroValue ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
  return { ok: true, amount: canonicalAmount(plain, asset) };
}
