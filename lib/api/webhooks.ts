import 'server-only';
import { z } from 'zod';
import { matchesLogFilters } from '@/lib/domain/webhooks/filters';
import { pathSegment, type CallOptions, type MutationOptions } from './client';
import { clientFor } from './default-client';
import { ApiError } from './errors';
import { pageSchema } from './schemas/common';
import { executionLogSchema, type ExecutionLog } from './schemas/execution-log';
import type { ApiPage, ApiResult, PageQuery } from './types';

/** The execution-log filters the sandbox offers as an extension (the contract lists none on this endpoint). */
export interface ExecutionLogFilterQuery {
  status?: string;
  eventType?: string;
  /** Inclusive ISO instants. */
  createdFrom?: string;
  createdTo?: string;
  messageId?: string;
}

const FILTER_KEYS = ['status', 'eventType', 'createdFrom', 'createdTo', 'messageId'] as const;

export type FilteredBy = 'none' | 'service' | 'console';

/** One page of attempts plus who applied the filters: the service, or the console page by page. */
export interface FilteredLogPage extends ApiPage<ExecutionLog> {
  filteredBy: FilteredBy;
}

const executionLogPageSchema = pageSchema(executionLogSchema);

// Remembered per process once the service refused the parameters, so later pages skip the refused call.
const globalForFilters = globalThis as typeof globalThis & { __fxLogFiltersRefused?: boolean };

function activeFilters(filters: ExecutionLogFilterQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) out[key] = value;
  }
  return out;
}

/** A 400/422 that names one of the filter parameters: the service does not know them. */
function refusesFilters(error: unknown): boolean {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) return false;
  const text = JSON.stringify(error.details ?? {});
  return FILTER_KEYS.some((k) => text.includes(`query:${k}`) || text.includes(`"${k}"`));
}

async function fetchLogPage(subscriptionId: string, query: Record<string, string | number | undefined>, options?: CallOptions) {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: `/api/subscriptions/${pathSegment(subscriptionId)}/executionLogs`,
    query,
    schema: executionLogPageSchema,
    signal: options?.signal,
  });
  return { data: data.data, meta: data.meta, requestId };
}

/**
 * GET /api/subscriptions/{subscriptionId}/executionLogs with the extension filters `status`, `eventType`,
 * `createdFrom`, `createdTo`. When the service refuses them (400 naming the parameter) or ignores them (the page
 * holds attempts that do not match), the console filters each page itself: the cursors stay the service's, so
 * paging works both ways, and a page may hold fewer than `limit` attempts — `filteredBy: 'console'` says so.
 */
export async function listExecutionLogsFiltered(
  subscriptionId: string,
  page: PageQuery,
  filters: ExecutionLogFilterQuery,
  options?: CallOptions,
): Promise<FilteredLogPage> {
  const wanted = activeFilters(filters);
  const base = { limit: page.limit, cursor: page.cursor ?? undefined, direction: page.direction, sortOrder: page.sortOrder };
  if (Object.keys(wanted).length === 0) return { ...(await fetchLogPage(subscriptionId, base, options)), filteredBy: 'none' };
  if (!globalForFilters.__fxLogFiltersRefused) {
    try {
      const result = await fetchLogPage(subscriptionId, { ...base, ...wanted }, options);
      if (result.data.every((log) => matchesLogFilters(log, wanted))) return { ...result, filteredBy: 'service' };
      return { ...result, data: result.data.filter((log) => matchesLogFilters(log, wanted)), filteredBy: 'console' };
    } catch (error) {
      if (!refusesFilters(error)) throw error;
      globalForFilters.__fxLogFiltersRefused = true;
    }
  }
  const result = await fetchLogPage(subscriptionId, base, options);
  return { ...result, data: result.data.filter((log) => matchesLogFilters(log, wanted)), filteredBy: 'console' };
}

/** Tests: forget that the service refused the filters. */
export function resetFilterSupportForTests(): void {
  delete globalForFilters.__fxLogFiltersRefused;
}

/**
 * POST /_sandbox/deliveries/fail-next (sandbox test helper, never the real service) — the next `count`
 * deliveries to `url` fail (network error, or `httpStatus` 500–599).
 */
export async function failNextDeliveries(
  body: { url: string; count: number; httpStatus?: number },
  options: MutationOptions,
): Promise<ApiResult<{ url: string; count: number; httpStatus: number }>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: '/_sandbox/deliveries/fail-next',
    json: body,
    idempotencyKey: options.idempotencyKey,
    schema: z.object({ url: z.string(), count: z.number(), httpStatus: z.number() }),
    signal: options.signal,
  });
  return { data, requestId };
}
