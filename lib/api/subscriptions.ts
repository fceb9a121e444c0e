import 'server-only';
import { pathSegment, type CallOptions, type MutationOptions } from './client';
import { clientFor } from './default-client';
import { pageSchema } from './schemas/common';
import { executionLogSchema, type ExecutionLog } from './schemas/execution-log';
import { subscriptionSchema, type Subscription } from './schemas/subscription';
import type { ApiPage, ApiResult, PageQuery } from './types';

export interface CreateSubscriptionBody {
  /** HTTPS, publicly reachable. */
  url: string;
  /** When true, every resource and event; `resources` is ignored. */
  includeAll?: boolean;
  /** Required unless includeAll: at least one item, unique names. */
  resources?: { name: string; events: string[] }[];
  allowRetry?: boolean;
}

const subscriptionPageSchema = pageSchema(subscriptionSchema);
const executionLogPageSchema = pageSchema(executionLogSchema);

/** POST /api/subscriptions — subscribes a URL to webhook events. */
export async function createSubscription(body: CreateSubscriptionBody, options: MutationOptions): Promise<ApiResult<Subscription>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: '/api/subscriptions',
    json: body,
    idempotencyKey: options.idempotencyKey,
    schema: subscriptionSchema,
    signal: options.signal,
  });
  return { data, requestId };
}

/** GET /api/subscriptions — one page of the customer's subscriptions. */
export async function listSubscriptions(query: PageQuery = {}, options?: CallOptions): Promise<ApiPage<Subscription>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: '/api/subscriptions',
    query: { ...query },
    schema: subscriptionPageSchema,
    signal: options?.signal,
  });
  return { data: data.data, meta: data.meta, requestId };
}

/** GET /api/subscriptions/{subscriptionId} — one subscription. */
export async function getSubscription(subscriptionId: string, options?: CallOptions): Promise<ApiResult<Subscription>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: `/api/subscriptions/${pathSegment(subscriptionId)}`,
    schema: subscriptionSchema,
    signal: options?.signal,
  });
  return { data, requestId };
}

/** DELETE /api/subscriptions/{subscriptionId} — removes it permanently (204). */
export async function deleteSubscription(subscriptionId: string, options?: CallOptions): Promise<ApiResult<null>> {
  const { requestId } = await clientFor(options).request<never>({
    method: 'DELETE',
    path: `/api/subscriptions/${pathSegment(subscriptionId)}`,
    signal: options?.signal,
  });
  return { data: null, requestId };
}

/** GET /api/subscriptions/{subscriptionId}/executionLogs — one page of delivery attempts. */
export async function listExecutionLogs(
  subscriptionId: string,
  query: PageQuery = {},
  options?: CallOptions,
): Promise<ApiPage<ExecutionLog>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: `/api/subscriptions/${pathSegment(subscriptionId)}/executionLogs`,
    query: { ...query },
    schema: executionLogPageSchema,
    signal: options?.signal,
  });
  return { data: data.data, meta: data.meta, requestId };
}

/** GET /api/subscriptions/{subscriptionId}/executionLogs/{executionLogId} — one delivery attempt. */
export async function getExecutionLog(
  subscriptionId: string,
  executionLogId: string,
  options?: CallOptions,
): Promise<ApiResult<ExecutionLog>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: `/api/subscriptions/${pathSegment(subscriptionId)}/executionLogs/${pathSegment(executionLogId)}`,
    schema: executionLogSchema,
    signal: options?.signal,
  });
  return { data, requestId };
}

/** POST /api/subscriptions/{subscriptionId}/executionLogs/{executionLogId}/resend — delivers the same event again (204). */
export async function resendExecutionLog(
  subscriptionId: string,
  executionLogId: string,
  options: MutationOptions,
): Promise<ApiResult<null>> {
  const { requestId } = await clientFor(options).request<never>({
    method: 'POST',
    path: `/api/subscriptions/${pathSegment(subscriptionId)}/executionLogs/${pathSegment(executionLogId)}/resend`,
    idempotencyKey: options.idempotencyKey,
    signal: options.signal,
  });
  return { data: null, requestId };
}
