import type { FieldProblem } from '@/lib/errors';
import type { AmountErrorCode } from './parse-amount';

/**
 * An amount the console refuses, as a field problem of the `errors` catalogue: empty, zero, too large and too many
 * decimals by name (the money input keeps the rest from being typed), anything else "enter an amount".
 */
export function amountProblem(code: AmountErrorCode, asset: string): FieldProblem {
  const named = code === 'EMPTY' || code === 'ZERO_NOT_ALLOWED' || code === 'TOO_LARGE' || code === 'TOO_MANY_DECIMALS';
  return { code: named ? `AMOUNT_${code}` : 'AMOUNT_INVALID', values: { asset } };
}
