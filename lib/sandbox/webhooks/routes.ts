import { randomUUID } from 'node:crypto';
import { ServiceError, notFound } from '../core/errors';
import { paginate } from '../core/pagination';
import { Validator } from '../core/validate';
import type { EventType, RequestContext, RouteDef, RouteResult } from '../core/types';
import { EVENT_CATALOG, EVENT_TYPES, resourceOfEvent } from './catalog';
import { EXECUTION_LOG_COLUMNS, findExecutionLog, toExecutionLog, type ExecutionLogRow } from './execution-logs-store';
import { parseCreateSubscription, parsePatchSubscription } from './subscription-input';
import {
  SUBSCRIPTION_COLUMNS,
  deleteSubscription,
  findSubscription,
  insertSubscription,
  toSubscription,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions-store';
import { normalizeUrl } from './url-policy';

function pathUuid(ctx: RequestContext, ...names: string[]): string[] {
  const v = new Validator('path');
  const out = names.map((n) => v.uuid(ctx.params, n, { required: true }));
  v.done();
  return out as string[];
}

async function requireSubscription(ctx: RequestContext, id: string): Promise<SubscriptionRow> {
  const row = await findSubscription(ctx.sql, ctx.customer!.id, id);
  if (!row) throw notFound('Subscription', id);
  return row;
}

async function createSubscription(ctx: RequestContext): Promise<RouteResult> {
  const input = parseCreateSubscription(ctx.body, ctx.services.policy.webhookAllow);
  const row = await insertSubscription(ctx.sql, ctx.customer!.id, input, ctx.now);
  return { status: 201, body: toSubscription(row) };
}

async function listSubscriptions(ctx: RequestContext): Promise<RouteResult> {
  const page = await paginate<SubscriptionRow, ReturnType<typeof toSubscription>>(ctx.sql, {
    from: 'sandbox.webhook_subscriptions',
    select: SUBSCRIPTION_COLUMNS,
    where: ['customer_id = $1'],
    params: [ctx.customer!.id],
    query: ctx.query,
    map: toSubscription,
  });
  return { status: 200, body: page };
}

async function getSubscription(ctx: RequestContext): Promise<RouteResult> {
  const [id] = pathUuid(ctx, 'subscriptionId');
  return { status: 200, body: toSubscription(await requireSubscription(ctx, id)) };
}

async function patchSubscription(ctx: RequestContext): Promise<RouteResult> {
  const [id] = pathUuid(ctx, 'subscriptionId');
  const current = await requireSubscription(ctx, id);
  const patch = parsePatchSubscription(ctx.body, { includeAll: current.include_all }, ctx.services.policy.webhookAllow);
  const row = await updateSubscription(ctx.sql, current, patch, ctx.now);
  if (current.allow_retry && !row.allow_retry) {
    // "Stop retrying failed deliveries": retries already planned are dropped; first attempts and resends still go.
    await ctx.sql.query(
      `UPDATE sandbox.webhook_deliveries SET done = true
       WHERE subscription_id = $1 AND kind = 'EVENT' AND attempts_made > 0 AND NOT done AND lease_token IS NULL`,
      [row.id],
    );
  }
  return { status: 200, body: toSubscription(row) };
}

async function removeSubscription(ctx: RequestContext): Promise<RouteResult> {
  const [id] = pathUuid(ctx, 'subscriptionId');
  if (!(await deleteSubscription(ctx.sql, ctx.customer!.id, id))) throw notFound('Subscription', id);
  return { status: 204 };
}

/**
 * Execution-log filters (extension, for the console): `status`, `eventType`, `messageId`, `createdFrom` and
 * `createdTo` (inclusive ISO date-times). Every page is a keyset range scan on (subscription_id, created_at, id).
 */
function parseLogFilters(query: URLSearchParams): { where: string[]; params: unknown[] } {
  const v = new Validator('query');
  const q: Record<string, unknown> = {};
  for (const k of ['status', 'eventType', 'messageId', 'createdFrom', 'createdTo']) {
    const value = query.get(k);
    if (value !== null && value !== '') q[k] = value;
  }
  const status = v.enum(q, 'status', ['SUCCESS', 'FAILED'] as const);
  const eventType = v.enum<EventType>(q, 'eventType', EVENT_TYPES);
  const messageId = v.uuid(q, 'messageId');
  const from = v.dateTime(q, 'createdFrom');
  const to = v.dateTime(q, 'createdTo');
  if (from && to && from > to) v.add('INVALID_RANGE', "Parameter 'query:createdFrom' must not be after 'query:createdTo'", 'createdFrom');
  v.done();
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (cond: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(cond(`$${params.length + 1}`));
  };
  if (status) add((p) => `status = ${p}`, status);
  if (eventType) add((p) => `event_type = ${p}`, eventType);
  if (messageId) add((p) => `message_id = ${p}::uuid`, messageId);
  if (from) add((p) => `created_at >= ${p}`, from);
  if (to) add((p) => `created_at <= ${p}`, to);
  return { where, params };
}

async function listExecutionLogs(ctx: RequestContext): Promise<RouteResult> {
  const [id] = pathUuid(ctx, 'subscriptionId');
  await requireSubscription(ctx, id);
  const filters = parseLogFilters(ctx.query);
  const page = await paginate<ExecutionLogRow, ReturnType<typeof toExecutionLog>>(ctx.sql, {
    from: 'sandbox.webhook_execution_logs',
    select: EXECUTION_LOG_COLUMNS,
    where: ['subscription_id = $1', ...filters.where],
    params: [id, ...filters.params],
    query: ctx.query,
    map: toExecutionLog,
  });
  return { status: 200, body: page };
}

async function getExecutionLog(ctx: RequestContext): Promise<RouteResult> {
  const [id, logId] = pathUuid(ctx, 'subscriptionId', 'executionLogId');
  await requireSubscription(ctx, id);
  const log = await findExecutionLog(ctx.sql, id, logId);
  if (!log) throw notFound('ExecutionLog', logId);
  return { status: 200, body: toExecutionLog(log) };
}

/**
 * Resend (contract: "re-sends a previously failed delivery"): queues one new attempt with the logged payload, the
 * same message id (hence the same signature) and the subscription's current URL; the worker makes it at once and
 * records a new execution log (`retryAttempts` 0; a resend is not retried automatically). A successful attempt is
 * refused with 422 DELIVERY_ALREADY_SUCCEEDED — upstream would allow it; the contract wins.
 */
async function resendExecutionLog(ctx: RequestContext): Promise<RouteResult> {
  // Contract: "It has no body". A body would be silently ignored, so a client that thinks it can change the resent
  // payload learns at once that it cannot.
  if (ctx.body !== undefined || ctx.form) {
    throw new ServiceError(400, 'INVALID_DATA', 'Object contains invalid data', {
      errors: [{ code: 'BODY_NOT_ALLOWED', message: 'Resend takes no request body', field: 'body', params: {} }],
    });
  }
  const [id, logId] = pathUuid(ctx, 'subscriptionId', 'executionLogId');
  await requireSubscription(ctx, id);
  const log = await findExecutionLog(ctx.sql, id, logId);
  if (!log) throw notFound('ExecutionLog', logId);
  if (log.status !== 'FAILED') {
    throw new ServiceError(422, 'DELIVERY_ALREADY_SUCCEEDED', 'Only a failed delivery attempt can be resent', {
      executionLogId: log.id,
      status: log.status,
    });
  }
  await ctx.sql.query(
    `INSERT INTO sandbox.webhook_deliveries
       (id, kind, subscription_id, customer_id, event_id, message_id, event_type, resource_name, payload,
        next_attempt_at, created_at)
     VALUES ($1, 'RESEND', $2, $3, NULL, $4, $5, $6, $7, $8, $8)`,
    [randomUUID(), id, ctx.customer!.id, log.message_id, log.event_type, resourceOfEvent(log.event_type as EventType), log.payload, ctx.now],
  );
  return { status: 204 };
}

/**
 * Test helper: the next `count` deliveries of this customer to `url` fail without calling it — a network error
 * (`httpStatus` 0, the default) or, with `httpStatus` 500–599, that response status. `count` replaces any earlier
 * setting for the URL; 0 clears it.
 */
async function failNext(ctx: RequestContext): Promise<RouteResult> {
  const v = new Validator('body');
  const root = v.root(ctx.body);
  const url = v.string(root, 'url', { required: true, maxLength: 2048 });
  if (url !== undefined && !URL.canParse(url)) v.add('INVALID_URL', "Parameter 'body:url' must be an absolute URL", 'url');
  const count = v.number(root, 'count', { required: true, min: 0, max: 1000 });
  if (count !== undefined && !Number.isInteger(count)) v.add('INVALID_TYPE', "Parameter 'body:count' must be an integer", 'count');
  const httpStatus = v.number(root, 'httpStatus', { min: 0, max: 599 }) ?? 0;
  if (httpStatus !== 0 && (httpStatus < 500 || !Number.isInteger(httpStatus))) {
    v.add('OUT_OF_RANGE', "Parameter 'body:httpStatus' must be 0 (network error) or an integer from 500 to 599", 'httpStatus');
  }
  v.done();
  await ctx.sql.query(
    `INSERT INTO sandbox.webhook_fail_rules (customer_id, url, remaining, http_status) VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id, url) DO UPDATE SET remaining = EXCLUDED.remaining, http_status = EXCLUDED.http_status, updated_at = now()`,
    [ctx.customer!.id, normalizeUrl(url!), count, httpStatus],
  );
  return { status: 200, body: { url: url!, count: count!, httpStatus } };
}

async function listReferences(): Promise<RouteResult> {
  return { status: 200, body: EVENT_CATALOG.map((r) => ({ resourceName: r.resourceName, eventTypes: [...r.eventTypes] })) };
}

export const webhookRoutes: RouteDef[] = [
  { method: 'POST', path: '/api/subscriptions', auth: 'customer', summary: 'Create a webhook subscription', handler: createSubscription },
  { method: 'GET', path: '/api/subscriptions', auth: 'customer', summary: 'List webhook subscriptions', handler: listSubscriptions },
  { method: 'GET', path: '/api/subscriptions/:subscriptionId', auth: 'customer', summary: 'Get a subscription', handler: getSubscription },
  {
    method: 'PATCH',
    path: '/api/subscriptions/:subscriptionId',
    auth: 'customer',
    summary: 'Update a subscription (upstream extension)',
    handler: patchSubscription,
  },
  { method: 'DELETE', path: '/api/subscriptions/:subscriptionId', auth: 'customer', summary: 'Delete a subscription', handler: removeSubscription },
  {
    method: 'GET',
    path: '/api/subscriptions/:subscriptionId/executionLogs',
    auth: 'customer',
    summary: 'List delivery attempts (filters: status, eventType, messageId, createdFrom, createdTo)',
    handler: listExecutionLogs,
  },
  {
    method: 'GET',
    path: '/api/subscriptions/:subscriptionId/executionLogs/:executionLogId',
    auth: 'customer',
    summary: 'Get one delivery attempt',
    handler: getExecutionLog,
  },
  {
    method: 'POST',
    path: '/api/subscriptions/:subscriptionId/executionLogs/:executionLogId/resend',
    auth: 'customer',
    summary: 'Resend a failed delivery',
    handler: resendExecutionLog,
  },
  {
    method: 'POST',
    path: '/_sandbox/deliveries/fail-next',
    auth: 'customer',
    summary: 'Sandbox helper: make the next N deliveries to a URL fail',
    handler: failNext,
  },
  { method: 'GET', path: '/references/ResourceName/all', auth: 'none', summary: 'Webhook resources and their event types', handler: listReferences },
];
