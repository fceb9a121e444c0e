import { z } from 'zod';
import { accountRefSchema, amountSchema, assetCodeSchema, dateTimeSchema, decimalStringSchema } from './common';

/** `{value, base, quote}`: target = source × value when base is the source asset. */
export const effectiveRateSchema = z.looseObject({
  value: decimalStringSchema,
  base: assetCodeSchema,
  quote: assetCodeSchema,
});
export type EffectiveRate = z.infer<typeof effectiveRateSchema>;

/** 201 of `POST /api/quotes` (UPSTREAM_NOTES 1.17). */
export const quoteSchema = z.looseObject({
  id: z.string(),
  customerId: z.string(),
  account: accountRefSchema,
  sourceAmount: amountSchema,
  targetAmount: amountSchema,
  effectiveRate: effectiveRateSchema,
  expiresAt: dateTimeSchema,
});
export type Quote = z.infer<typeof quoteSchema>;
