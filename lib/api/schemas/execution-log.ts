import 'server-only';
import { z } from 'zod';
import { dateTimeSchema, openEnum } from './common';
import { EVENT_TYPE_VALUES } from './subscription';

export const DELIVERY_STATUS_VALUES = ['SUCCESS', 'FAILED'] as const;

/** One delivery attempt of a webhook. `payload` is the delivered JSON, as a string. */
export const executionLogSchema = z.looseObject({
  id: z.string(),
  companyId: z.string(),
  subscriptionId: z.string(),
  messageId: z.string(),
  eventType: openEnum(EVENT_TYPE_VALUES),
  url: z.string(),
  payload: z.string(),
  httpStatus: z.number().int(),
  status: openEnum(DELIVERY_STATUS_VALUES),
  retryAttempts: z.number().int().nonnegative(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  error: z.string().nullable(),
  /** Extension (the sandbox's): the id of the resource the message is about, as its `X-Resource-Id` names it. */
  resourceId: z.string().nullable().optional(),
});
export type ExecutionLog = z.infer<typeof executionLogSchema>;
