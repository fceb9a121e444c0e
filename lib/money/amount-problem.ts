import type { FieldProblem } from '@/lib/errors';
import type { MoneyReadingProblem } from './input';
import type { AmountErrorCode } from './parse-amount';

/**
 * An amount the console refuses, as a field problem of the `errors` catalogue: empty, zero, too large and too many
 * decimals by name (the money input keeps the rest from being typed), anything else "enter an amount".
 */
export function amountProblem(code: AmountErrorCode, asset: string): FieldProblem {
  const named = code === 'EMPTY' || code === 'ZERO_NOT_ALLOWED' || code === 'TOO_LARGE' || code === 'TOO_MANY_DECIMALS';
  return { code: named ? `AMOUNT_${code}` : 'AMOUNT_INVALID', values: { asset } };
}

/** The `errors` code of what the money input cannot read (its sentence shows the reader's notation and the scale). */
export const MONEY_READING_CODES: Readonly<Record<MoneyReadingProblem, string>> = {
  INVALID: 'AMOUNT_NOTATION',
  GROUPING: 'AMOUNT_GROUPING',
  TOO_MANY_DECIMALS: 'AMOUNT_DECIMALS',
  TOO_LARGE: 'AMOUNT_TOO_LARGE',
};
