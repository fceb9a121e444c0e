import { z } from 'zod';
import { ASSETS, decimalsOf, type Asset } from './assets';
import { toAmount, type Amount } from './amount-core';
import { parseAmount, type ParseAmountOptions } from './parse-amount';

export const assetSchema = z.enum(ASSETS, { error: 'Choose a supported asset.' });

/**
 * A typed amount for a known asset (forms with a fixed asset). Same rules and messages as parseAmount;
 * the output is the canonical string ("10.50"), ready for the API.
 */
export function amountStringSchema(asset: Asset, opts: ParseAmountOptions = {}) {
  return z.string({ error: 'Enter an amount.' }).transform((input, ctx) => {
    const parsed = parseAmount(input, asset, opts);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message, params: { amountError: parsed.code } });
      return z.NEVER;
    }
    return parsed.amount.value;
  });
}

/**
 * A form's amount + asset pair (the asset is chosen in the same form). Errors land on `value`, so
 * react-hook-form shows them under the amount field. Output is an Amount.
 */
export function moneyInputSchemaWith(opts: ParseAmountOptions = {}) {
  return z
    .object({ value: z.string({ error: 'Enter an amount.' }), asset: assetSchema })
    .transform((input, ctx): Amount => {
      const parsed = parseAmount(input.value, input.asset, opts);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.message, params: { amountError: parsed.code } });
        return z.NEVER;
      }
      return parsed.amount;
    });
}

/** Positive, non-zero amount typed by a person: the common case for transfers, swaps and payouts. */
export const moneyInputSchema = moneyInputSchemaWith();

/**
 * An Amount received from the service (`{value, asset, decimals}`). Checks the decimals match the asset's
 * scale and the value is a plain decimal within it; normalises to the canonical spelling.
 */
export const amountSchema = z
  .object({ value: z.string(), asset: assetSchema, decimals: z.union([z.literal(2), z.literal(6)]) })
  .transform((input, ctx): Amount => {
    if (input.decimals !== decimalsOf(input.asset)) {
      ctx.addIssue({ code: 'custom', path: ['decimals'], message: `${input.asset} has ${decimalsOf(input.asset)} decimals, not ${input.decimals}.` });
      return z.NEVER;
    }
    try {
      return toAmount(input.value, input.asset);
    } catch {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `Not a valid ${input.asset} amount.` });
      return z.NEVER;
    }
  });
