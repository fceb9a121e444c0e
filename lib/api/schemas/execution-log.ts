import 'server-only';
import { z } from 'zod';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import { dateTimeSchema, openEnum } from './common';

/** One delivery attempt of a webhook. `payload` is the delivered JSON, as a string. */
export const executionLogSchema = z.looseObject({
  id: z.string(),
  companyId: z.string(),
  subscriptionId: z.string(),
  messageId: z.string(),
  eventType: openEnum(WEBHOOK_EVENT_TYPES),
  url: z.string(),
  payload: z.string(),
  httpStatus: z.number().int(),
  status: openEnum(DELIVERY_STATUSES),
  retryAttempts: z.number().int().nonnegative(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  error: z.string().nullable(),
  /** Extension (the sandbox's): the id of the resource the message is about, as its `X-Resource-Id` names it. */
  resourceId: z.string().nullable().optional(),
});
export type ExecutionLog = z.infer<typeof executionLogSchema>;
