import 'server-only';
import { z } from 'zod';
import { dateTimeSchema, openEnum } from './common';

export const EVENT_TYPE_VALUES = [
  'ASSET_ACTIVATED',
  'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED',
  'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
  'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED',
  'OPERATION_REQUESTED',
  'OPERATION_COMPLETED',
  'OPERATION_FAILED',
] as const;
export const RESOURCE_NAME_VALUES = ['ACCOUNT', 'BENEFICIARY', 'OPERATION'] as const;

export const subscriptionResourceSchema = z.looseObject({
  name: openEnum(RESOURCE_NAME_VALUES),
  events: z.array(openEnum(EVENT_TYPE_VALUES)),
});

export const subscriptionSchema = z.looseObject({
  id: z.string(),
  companyId: z.string(),
  url: z.string(),
  resources: z.array(subscriptionResourceSchema),
  includeAll: z.boolean().optional(),
  allowRetry: z.boolean(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;
