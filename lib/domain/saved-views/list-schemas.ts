// Pure and client-safe: which lists can have saved views, who may read them, and each list's filter schema as a
// canonical query string. A saved view IS such a query string; the URL stays the source of truth.
import type { Permission } from '@/lib/auth/permissions';
import { auditQueryString, parseAuditFilters } from '@/lib/domain/audit/filters';
import { filtersOnly, operationListSearch, parseOperationListState } from '@/lib/domain/operations/list-filters';
import { isPayoutStatus } from '@/lib/domain/payouts/state-machine';
import { parseLogFilters } from '@/lib/domain/webhooks/filters';

export const SAVED_VIEW_LISTS = ['operations', 'payouts', 'audit', 'webhookLogs'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** The permission that reads each list: a user who cannot read the list neither sees nor saves its views. */
export const LIST_READ_PERMISSION: Record<SavedViewList, Permission> = {
  operations: 'operations:read',
  payouts: 'operations:read',
  audit: 'audit:read',
  webhookLogs: 'webhooks:read',
};

/**
 * The query parameter that marks which saved view a URL came from (so the menu can say so) and, as `none`, a list
 * opened on purpose without any view: only a URL with no query string at all gets the user's default view.
 */
export const SAVED_VIEW_PARAM = 'saved';
export const NO_VIEW = 'none';

const PAYOUT_SCOPES = ['inbox', 'mine', 'all'] as const;

type Params = URLSearchParams;

/** Each list's filters (never paging, never the opened attempt) → canonical query string without `?`. */
const CANONICAL: Record<SavedViewList, (params: Params) => string> = {
  operations: (p) => operationListSearch(filtersOnly(parseOperationListState(p))).slice(1),
  audit: (p) => {
    const { cursor: _cursor, ...filters } = parseAuditFilters(p);
    return auditQueryString(filters).slice(1);
  },
  webhookLogs: (p) => {
    const { filters } = parseLogFilters(p);
    const q = new URLSearchParams();
    for (const key of ['status', 'eventType', 'from', 'to'] as const) if (filters[key]) q.set(key, filters[key]);
    return q.toString();
  },
  payouts: (p) => {
    const q = new URLSearchParams();
    const view = p.get('view')?.trim();
    const status = p.get('status')?.trim();
    if (view && (PAYOUT_SCOPES as readonly string[]).includes(view)) q.set('view', view);
    if (status && isPayoutStatus(status)) q.set('status', status);
    return q.toString();
  },
};

/** Keys that belong to the page position or the page's own state, never to a view's filters. */
const NOT_FILTERS = new Set(['cursor', 'direction', 'log', SAVED_VIEW_PARAM]);

export type ViewQueryCheck = { ok: true; query: string } | { ok: false; reason: 'empty' | 'invalid' | 'tooLong' };

export const MAX_QUERY_LENGTH = 1000;

function toParams(query: string): URLSearchParams {
  return new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
}

/** Filter keys present with a value (order kept, paging dropped). */
function filterEntries(params: URLSearchParams): Array<[string, string]> {
  return [...params.entries()].filter(([key, value]) => !NOT_FILTERS.has(key) && value.trim() !== '');
}

/**
 * Validates a query string against the list's filter schema for saving: every non-empty filter in it must survive
 * the list's own parser unchanged (an unknown key or a bad value is refused, not silently dropped), and at least one
 * filter must be set. Returns the canonical form that is stored.
 */
export function checkViewQuery(list: SavedViewList, query: string): ViewQueryCheck {
  if (query.length > MAX_QUERY_LENGTH) return { ok: false, reason: 'tooLong' };
  const params = toParams(query);
  const given = filterEntries(params);
  const canonical = CANONICAL[list](params);
  const kept = new URLSearchParams(canonical);
  for (const [key, value] of given) {
    const keptValue = kept.get(key);
    if (keptValue === null || keptValue.toUpperCase() !== value.trim().toUpperCase()) return { ok: false, reason: 'invalid' };
  }
  if (!canonical) return { ok: false, reason: 'empty' };
  return { ok: true, query: canonical };
}

/**
 * The query a stored view opens with: re-read through today's schema, so a value the list no longer accepts is
 * dropped rather than reaching the page. Null when nothing of it is left.
 */
export function openableQuery(list: SavedViewList, stored: string): string | null {
  const canonical = CANONICAL[list](toParams(stored));
  return canonical ? canonical : null;
}

/** The current page's filters as a view would store them (what "save the current filters" saves). */
export function currentFilters(list: SavedViewList, searchParams: Record<string, string | string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(searchParams)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value !== undefined) params.set(key, value);
  }
  return CANONICAL[list](params);
}

/** True when the page was opened with no query string at all: the case the default view applies to. */
export function isBareUrl(searchParams: Record<string, string | string[] | undefined>): boolean {
  return Object.keys(searchParams).length === 0;
}

/** The link that opens a view on the list at `pathname` (a subscription's page for webhook logs). */
export function viewHref(pathname: string, query: string, viewId: string): string {
  const params = new URLSearchParams(query);
  params.set(SAVED_VIEW_PARAM, viewId);
  return `${pathname}?${params.toString()}`;
}

/** The list without filters and without the default view. */
export function noViewHref(pathname: string): string {
  return `${pathname}?${SAVED_VIEW_PARAM}=${NO_VIEW}`;
}
