import { exceedsAvailable } from '@/lib/domain/balances/available';
import type { Amount } from '@/lib/money/amount-core';
import { amountProblem } from '@/lib/money/amount-problem';
import type { Asset } from '@/lib/money/assets';
import { parseAmount } from '@/lib/money/parse-amount';
import { fieldKey } from '@/lib/validation/validation-result';

/** What an amount field of a quote-first form (convert, a converted deposit) is checked against. */
export interface AmountContext {
  /** The asset the typed amount is in (the fixed side); none when the account offers none. */
  asset: Asset | undefined;
  /** The balance the page knows for that amount, when it is what leaves the account; else null (nothing to compare). */
  available: Amount | null;
  /** The balance as the reader sees it (Intl, the user's locale), for the message. */
  availableText?: string;
}

export type AmountCheck = { ok: true; value: string } | { ok: false; code: string; values: Record<string, string> };

/**
 * The amount a quote or a deposit is asked for: parsed at the asset's scale, and — when it leaves the account — not
 * over the balance the page knows. What the page knows answers at once; the server checks again (and the bought
 * side's cost), so an unknown balance refuses nothing. Codes are those of the `errors` catalogue.
 */
export function checkAmount(input: string, { asset, available, availableText }: AmountContext): AmountCheck {
  if (!asset) return { ok: false, code: 'ASSET_UNSUPPORTED', values: {} };
  const parsed = parseAmount(input, asset);
  if (!parsed.ok) {
    const problem = amountProblem(parsed.code, asset);
    return { ok: false, code: problem.code, values: (problem.values ?? {}) as Record<string, string> };
  }
  if (available && exceedsAvailable(parsed.amount, available)) {
    return { ok: false, code: 'OVER_AVAILABLE', values: { available: availableText ?? available.value } };
  }
  return { ok: true, value: parsed.amount.value };
}

/** zod's `safeParse` result shape, which the console's form model reads (components/forms/form-model.ts). */
type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: { path: string[]; message: string }[] } };

/**
 * A form schema for `{ amount }` checked by `checkAmount` in the context the rest of the form's values give (the
 * fixed side, the account's balance). The message is the catalogue code with its values (`fieldKey`); the output
 * carries the canonical amount ("10.50") for the action.
 */
export function amountFormSchema<T extends { amount: string }>(context: (values: T) => AmountContext) {
  return {
    safeParse(values: unknown): ParseResult<T & { amount: string }> {
      const form = values as T;
      const checked = checkAmount(form.amount, context(form));
      if (checked.ok) return { success: true, data: { ...form, amount: checked.value } };
      return { success: false, error: { issues: [{ path: ['amount'], message: fieldKey(checked.code, checked.values) }] } };
    },
  };
}

/**
 * The convert form's amount context: typed in the fixed side's asset; held against the sold asset's balance only
 * when the sold side is fixed (a bought amount's cost is known once quoted, and the server checks it).
 */
export function convertAmountContext(
  values: { sellAsset: Asset | undefined; buyAsset: Asset | undefined; fixedSide: 'sell' | 'buy' },
  sellAvailable: Amount | null,
): Omit<AmountContext, 'availableText'> {
  if (values.fixedSide === 'sell') return { asset: values.sellAsset, available: sellAvailable };
  return { asset: values.buyAsset, available: null };
}
