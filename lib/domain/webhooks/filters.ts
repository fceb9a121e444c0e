import { dayBoundary } from '@/lib/time/zone';
import { isDeliveryStatus, isEventType, type DeliveryStatus, type WebhookEventType } from '@/lib/contract/webhook-events';

/**
 * Execution-log filters as they live in the URL: `status`, `eventType`, `from` and `to` (calendar days,
 * `YYYY-MM-DD`, in the user's time zone, both inclusive). The service gets instants (`createdFrom`/`createdTo`).
 */
export type LogFilters = {
  status?: DeliveryStatus;
  eventType?: WebhookEventType;
  from?: string;
  to?: string;
};

export type LogFilterField = keyof LogFilters;
/** Field → error code (`invalid`, `range`); texts come from the message catalogue. */
export type LogFilterErrors = Partial<Record<LogFilterField, 'invalid' | 'range'>>;

type SearchParamsLike = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: SearchParamsLike, key: string): string | undefined {
  const raw = params instanceof URLSearchParams ? params.get(key) : params[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value === null || value === '' ? undefined : value;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDay(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Reads the filters from a page's search params; unknown values are dropped and reported, never sent on. */
export function parseLogFilters(params: SearchParamsLike): { filters: LogFilters; errors: LogFilterErrors } {
  const filters: LogFilters = {};
  const errors: LogFilterErrors = {};
  const status = read(params, 'status');
  if (status !== undefined) {
    if (isDeliveryStatus(status)) filters.status = status;
    else errors.status = 'invalid';
  }
  const eventType = read(params, 'eventType');
  if (eventType !== undefined) {
    if (isEventType(eventType)) filters.eventType = eventType;
    else errors.eventType = 'invalid';
  }
  for (const key of ['from', 'to'] as const) {
    const value = read(params, key);
    if (value === undefined) continue;
    if (isCalendarDay(value)) filters[key] = value;
    else errors[key] = 'invalid';
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    errors.to = 'range';
    delete filters.to;
  }
  return { filters, errors };
}

export function hasFilters(filters: LogFilters): boolean {
  return Boolean(filters.status || filters.eventType || filters.from || filters.to);
}

/** The service's query for these filters: `status`, `eventType`, `createdFrom`/`createdTo` as inclusive instants. */
export function toServiceQuery(filters: LogFilters, timeZone: string): Record<string, string> {
  const q: Record<string, string> = {};
  if (filters.status) q.status = filters.status;
  if (filters.eventType) q.eventType = filters.eventType;
  if (filters.from) q.createdFrom = dayBoundary(filters.from, timeZone, false).toISOString();
  if (filters.to) q.createdTo = dayBoundary(filters.to, timeZone, true).toISOString();
  return q;
}

/** Page position in the URL: the service's opaque cursor and the direction relative to it. */
export type PagePosition = { cursor?: string; direction?: 'NEXT' | 'PREVIOUS' };

export function parsePagePosition(params: SearchParamsLike): PagePosition {
  const cursor = read(params, 'cursor');
  const direction = read(params, 'direction');
  if (!cursor || cursor.length > 1000) return {};
  return { cursor, direction: direction === 'PREVIOUS' ? 'PREVIOUS' : 'NEXT' };
}

/** The URL search string for filters (+ an optional page position); a filter change drops the cursor. */
export function logFiltersSearch(filters: LogFilters, position: PagePosition = {}): string {
  const out = new URLSearchParams();
  if (filters.status) out.set('status', filters.status);
  if (filters.eventType) out.set('eventType', filters.eventType);
  if (filters.from) out.set('from', filters.from);
  if (filters.to) out.set('to', filters.to);
  if (position.cursor) {
    out.set('cursor', position.cursor);
    out.set('direction', position.direction ?? 'NEXT');
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}

/** What a console-side filter keeps (used when the service refuses or ignores the filter parameters). */
export function matchesLogFilters(
  log: { status: string; eventType: string; createdAt: string; messageId?: string },
  query: Record<string, string>,
): boolean {
  if (query.messageId && log.messageId !== query.messageId) return false;
  if (query.status && log.status !== query.status) return false;
  if (query.eventType && log.eventType !== query.eventType) return false;
  const at = Date.parse(log.createdAt);
  if (query.createdFrom && at < Date.parse(query.createdFrom)) return false;
  if (query.createdTo && at > Date.parse(query.createdTo)) return false;
  return true;
}
