import 'server-only';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_RESOURCES } from '@/lib/contract/webhook-events';
import { dateTimeSchema, openEnum } from './common';

export const subscriptionResourceSchema = z.looseObject({
  name: openEnum(WEBHOOK_RESOURCES),
  events: z.array(openEnum(WEBHOOK_EVENT_TYPES)),
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
