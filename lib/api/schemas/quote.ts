import 'server-only';
import { z } from 'zod';
import { accountRefSchema, amountSchema, assetCodeSchema, dateTimeSchema, decimalStringSchema } from './common';

/** `{value, base, quote}`: target = source × value when base is the source asset. */
export const effectiveRateSchema = z.looseObject({
  value: decimalStringSchema,
  base: assetCodeSchema,
  quote: assetCodeSchema,
});
export type EffectiveRate = z.infer<typeof effectiveRateSchema>;

/** A quote's fee line: the spread is a PERCENTAGE in the source asset. */
export const quoteFeeSchema = z.looseObject({
  type: z.string(),
  source: z.string(),
  amount: amountSchema,
  percentage: decimalStringSchema.nullish(),
});
export type QuoteFee = z.infer<typeof quoteFeeSchema>;

/**
 * 201 of `POST /api/quotes`. `midRate` and `createdAt` are the sandbox's documented
 * extensions (lib/sandbox/README.md): optional, because a real deployment may not send them — then the console shows
 * no spread against the mid (it never invents one) and corrects the countdown with its own clock.
 */
export const quoteSchema = z.looseObject({
  id: z.string(),
  customerId: z.string(),
  account: accountRefSchema,
  sourceAmount: amountSchema,
  targetAmount: amountSchema,
  effectiveRate: effectiveRateSchema,
  fees: z.array(quoteFeeSchema).optional(),
  expiresAt: dateTimeSchema,
  midRate: effectiveRateSchema.optional(),
  createdAt: dateTimeSchema.optional(),
});
export type Quote = z.infer<typeof quoteSchema>;
