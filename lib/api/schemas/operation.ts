import 'server-only';
import { z } from 'zod';
import {
  accountRefSchema,
  addressSchema,
  amountSchema,
  dateTimeSchema,
  decimalStringSchema,
  openEnum,
  reasonSchema,
  stateEntrySchema,
  tagSchema,
} from './common';
import { fundingDetailsSchema } from './funding-instruction';
import { effectiveRateSchema } from './quote';

import { INTENT_TYPE_VALUES, OPERATION_STATUS_VALUES } from '@/lib/contract/operation-vocabulary';

export { INTENT_TYPE_VALUES, OPERATION_STATUS_VALUES };
export const FEE_TYPE_VALUES = ['PERCENTAGE', 'ABSOLUTE'] as const;
export const FEE_SOURCE_VALUES = ['FX_SPREAD', 'PLATFORM', 'RAIL', 'PARTNER'] as const;
export const TRANSACTION_DIRECTION_VALUES = ['CREDIT', 'DEBIT'] as const;
export const TRANSACTION_STATUS_VALUES = ['PROCESSING', 'CONFIRMED', 'FAILED'] as const;

const transferIntent = z.looseObject({ type: z.literal('TRANSFER'), targetAccount: accountRefSchema });
const swapIntent = z.looseObject({ type: z.literal('SWAP') });
const depositIntent = z.looseObject({ type: z.literal('DEPOSIT'), fundingInstruction: fundingDetailsSchema });

/** Withdrawal snapshot (as upstream sends it); the contract leaves it "not shown", so only `type` is required inside. */
const withdrawalIntent = z.looseObject({
  type: z.literal('WITHDRAWAL'),
  beneficiary: z
    .looseObject({
      id: z.string().nullish(),
      holder: z.looseObject({ type: z.string(), address: addressSchema.nullish() }).nullish(),
      paymentInstruction: z.looseObject({ rail: z.string().optional(), id: z.string().optional() }).nullish(),
    })
    .nullish(),
});
const KNOWN_INTENTS = new Set<string>(INTENT_TYPE_VALUES);
const otherIntent = z.looseObject({ type: z.string().refine((t) => !KNOWN_INTENTS.has(t)) });

export const intentSchema = z.union([transferIntent, swapIntent, depositIntent, withdrawalIntent, otherIntent]);
export type Intent = z.infer<typeof intentSchema>;

export const operationQuoteSchema = z.looseObject({
  id: z.string(),
  effectiveRate: effectiveRateSchema,
  expiresAt: dateTimeSchema,
  consumedAt: dateTimeSchema.nullable(),
});

export const feeSchema = z.looseObject({
  type: openEnum(FEE_TYPE_VALUES),
  amount: amountSchema,
  source: openEnum(FEE_SOURCE_VALUES),
  percentage: decimalStringSchema.nullish(),
});
export type Fee = z.infer<typeof feeSchema>;

export const railTransactionSchema = z.looseObject({
  type: z.string(),
  direction: openEnum(TRANSACTION_DIRECTION_VALUES),
  amount: amountSchema,
  currentState: z.looseObject({
    status: openEnum(TRANSACTION_STATUS_VALUES),
    createdAt: dateTimeSchema,
    reason: z.union([z.string(), reasonSchema]).nullish(),
  }),
  endToEnd: z.string().nullish(),
});
export type RailTransaction = z.infer<typeof railTransactionSchema>;

const operationStateSchema = stateEntrySchema(OPERATION_STATUS_VALUES);

export const operationSchema = z.looseObject({
  id: z.string(),
  customerId: z.string(),
  account: accountRefSchema,
  sourceAmount: amountSchema,
  targetAmount: amountSchema,
  intent: intentSchema,
  quote: operationQuoteSchema,
  fees: z.array(feeSchema),
  transactions: z.array(railTransactionSchema),
  currentState: operationStateSchema,
  states: z.array(operationStateSchema),
  tags: z.array(tagSchema).optional(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type Operation = z.infer<typeof operationSchema>;
