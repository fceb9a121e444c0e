// zod/mini, not classic zod: money schemas are meant for client forms too, and mini tree-shakes.
import * as z from 'zod/mini';
import { fieldKey } from '@/lib/validation/validation-result';
import { addTransformIssue } from '@/lib/validation/zod';
import { ASSETS, decimalsOf, type Asset } from './assets';
import { toAmount, type Amount } from './amount-core';
import { amountProblem } from './amount-problem';
import { parseAmount, type AmountErrorCode, type ParseAmountOptions } from './parse-amount';

function amountKey(code: AmountErrorCode, asset: string): string {
  const problem = amountProblem(code, asset);
  return fieldKey(problem.code, problem.values);
}

// Messages are catalogue keys (`validation`, or `errors` codes with values through fieldKey), never words.
export const assetSchema = z.enum(ASSETS, { error: 'assetUnsupported' });

/**
 * A typed amount for a known asset (forms with a fixed asset). Same rules as parseAmount, its codes as messages;
 * the output is the canonical string ("10.50"), ready for the API.
 */
export function amountStringSchema(asset: Asset, opts: ParseAmountOptions = {}) {
  return z.pipe(
    z.string({ error: 'required' }),
    z.transform((input: string, ctx) => {
      const parsed = parseAmount(input, asset, opts);
      if (!parsed.ok) {
        addTransformIssue(ctx, { message: amountKey(parsed.code, asset), params: { amountError: parsed.code } });
        return z.NEVER;
      }
      return parsed.amount.value;
    }),
  );
}

/**
 * A form's amount + asset pair (the asset is chosen in the same form). Errors land on `value`, so
 * the form shows them under the amount field. Output is an Amount.
 */
export function moneyInputSchemaWith(opts: ParseAmountOptions = {}) {
  return z.pipe(
    z.object({ value: z.string({ error: 'required' }), asset: assetSchema }),
    z.transform((input: { value: string; asset: Asset }, ctx): Amount => {
      const parsed = parseAmount(input.value, input.asset, opts);
      if (!parsed.ok) {
        addTransformIssue(ctx, { path: ['value'], message: amountKey(parsed.code, input.asset), params: { amountError: parsed.code } });
        return z.NEVER;
      }
      return parsed.amount;
    }),
  );
}

/** Positive, non-zero amount typed by a person: the common case for transfers, swaps and payouts. */
export const moneyInputSchema = moneyInputSchemaWith();

/**
 * An Amount received from the service (`{value, asset, decimals}`). Checks the decimals match the asset's
 * scale and the value is a plain decimal within it; normalises to the canonical spelling.
 */
export const amountSchema = z.pipe(
  z.object({ value: z.string(), asset: assetSchema, decimals: z.union([z.literal(2), z.literal(6)]) }),
  z.transform((input: { value: string; asset: Asset; decimals: 2 | 6 }, ctx): Amount => {
    if (input.decimals !== decimalsOf(input.asset)) {
      addTransformIssue(ctx, { path: ['decimals'], message: fieldKey('AMOUNT_INVALID', { asset: input.asset }) });
      return z.NEVER;
    }
    try {
      return toAmount(input.value, input.asset);
    } catch {
      addTransformIssue(ctx, { path: ['value'], message: fieldKey('AMOUNT_INVALID', { asset: input.asset }) });
      return z.NEVER;
    }
  }),
);
