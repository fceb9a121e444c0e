import 'server-only';
import { z } from 'zod';
import { toAmount, type Amount } from '@/lib/money/amount-core';
import { ASSETS, decimalsOf, isAsset } from '@/lib/money/assets';

/**
 * Building blocks shared by every response schema. Tolerant where the contract is open (extra fields, enum
 * values it does not list, "not shown" shapes), strict where money is at stake (amounts).
 */

/**
 * A string field whose known values are listed (for display and autocompletion) but which accepts any value:
 * the contract says new enum values may appear, and a console must render them as plain text, not crash.
 */
export function openEnum<const T extends readonly string[]>(_known: T): z.ZodType<T[number] | (string & {})> {
  return z.string() as unknown as z.ZodType<T[number] | (string & {})>;
}

/** An asset named outside an amount (account assets, rate base/quote): known list, open value. */
export const assetCodeSchema = openEnum(ASSETS);

/** lib/money's Amount: canonical decimal string, asset, scale. Components format it directly. */
export type { Amount };

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * An amount in a response. Malformed money is an error, never a guess: the value must be a plain decimal
 * string (no exponent, no number type) with at most the asset's scale, and `decimals` must be that scale.
 * A value with fewer digits ("10.5") is normalised to the canonical spelling ("10.50"). The asset must be one
 * of the contract's 20: without its scale an amount cannot be shown or summed safely.
 */
export const amountSchema = z
  .looseObject({ value: z.string(), asset: z.string(), decimals: z.number().int() })
  .transform((input, ctx): Amount => {
    if (!isAsset(input.asset)) {
      ctx.addIssue({ code: 'custom', path: ['asset'], message: `Unknown asset ${JSON.stringify(input.asset.slice(0, 12))}` });
      return z.NEVER;
    }
    const decimals = decimalsOf(input.asset);
    if (input.decimals !== decimals) {
      ctx.addIssue({ code: 'custom', path: ['decimals'], message: `${input.asset} has ${decimals} decimals, not ${input.decimals}` });
      return z.NEVER;
    }
    if (!PLAIN_DECIMAL.test(input.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Amount value is not a plain decimal string' });
      return z.NEVER;
    }
    const fraction = input.value.split('.')[1] ?? '';
    if (fraction.length > decimals) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `Amount has more than ${decimals} decimal places for ${input.asset}` });
      return z.NEVER;
    }
    return toAmount(input.value, input.asset);
  });

/** A decimal string that is not an amount (rates, percentages). */
export const decimalStringSchema = z.string().regex(PLAIN_DECIMAL, 'Not a plain decimal string');

/** ISO date-time as sent by the service; kept as a string (formatting happens in the UI). */
export const dateTimeSchema = z.string().min(1);

export const addressSchema = z.looseObject({
  addressLine1: z.string(),
  addressLine2: z.string().nullish(),
  city: z.string(),
  state: z.string().nullish(),
  country: z.string(),
  postalCode: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const TAX_ID_TYPE_VALUES = ['CPF', 'CNPJ'] as const;
export const taxIdSchema = z.looseObject({ value: z.string(), type: openEnum(TAX_ID_TYPE_VALUES) });
export type TaxId = z.infer<typeof taxIdSchema>;

export const reasonSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullish(),
});
export type Reason = z.infer<typeof reasonSchema>;

/** `{status, createdAt, reason?}`; the reason is a Reason object (or a plain string on rail transactions). */
export function stateEntrySchema<const T extends readonly string[]>(statuses: T) {
  return z.looseObject({
    status: openEnum(statuses),
    createdAt: dateTimeSchema,
    reason: z.union([reasonSchema, z.string()]).nullish(),
  });
}
export const genericStateEntrySchema = stateEntrySchema([] as const);
export type StateEntry = z.infer<typeof genericStateEntrySchema>;

export const tagSchema = z.looseObject({ key: z.string().nullable(), value: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const pageMetaSchema = z.looseObject({
  previousCursor: z.string().nullable(),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative(),
  totalMatches: z.number().int().nonnegative().optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{data: T[], meta}` of every list endpoint. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), meta: pageMetaSchema });
}

/** `{id, owner}`: an account reference with the registered owner name. */
export const accountRefSchema = z.looseObject({ id: z.string(), owner: z.string() });
export type AccountRef = z.infer<typeof accountRefSchema>;
