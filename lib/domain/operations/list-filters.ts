// Pure: the operations list's state in the URL ↔ the service query. One parser for the page, the CSV export
// and the links, so a filtered list and its export always agree.
import { INTENT_TYPE_VALUES, OPERATION_STATUS_VALUES } from '@/lib/contract/operation-vocabulary';
import { dayBoundary } from '@/lib/time/zone';
import { ASSETS } from '@/lib/money/assets';
import { isUuid } from '@/lib/validation/uuid';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface OperationFilters {
  type?: (typeof INTENT_TYPE_VALUES)[number];
  status?: (typeof OPERATION_STATUS_VALUES)[number];
  account?: string;
  asset?: (typeof ASSETS)[number];
  /** Calendar days (YYYY-MM-DD) in the user's time zone, inclusive. */
  from?: string;
  to?: string;
}

export interface OperationListState extends OperationFilters {
  cursor?: string;
  direction?: 'NEXT' | 'PREVIOUS';
}

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function get(params: Params, key: string): string | undefined {
  const raw = params instanceof URLSearchParams ? params.get(key) : params[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function validDay(value: string | undefined): string | undefined {
  if (!value || !DAY.test(value)) return undefined;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : value;
}

/** Unknown or malformed values are dropped (a hand-edited URL shows the unfiltered list, never an error page). */
export function parseOperationListState(params: Params): OperationListState {
  const state: OperationListState = {
    type: oneOf(INTENT_TYPE_VALUES, get(params, 'type')?.toUpperCase()),
    status: oneOf(OPERATION_STATUS_VALUES, get(params, 'status')?.toUpperCase()),
    account: isUuid(get(params, 'account')) ? get(params, 'account')!.toLowerCase() : undefined,
    asset: oneOf(ASSETS, get(params, 'asset')?.toUpperCase()),
    from: validDay(get(params, 'from')),
    to: validDay(get(params, 'to')),
    cursor: get(params, 'cursor')?.slice(0, 512),
    direction: oneOf(['NEXT', 'PREVIOUS'] as const, get(params, 'direction')?.toUpperCase()),
  };
  if (!state.cursor) delete state.direction;
  for (const k of Object.keys(state) as (keyof OperationListState)[]) if (state[k] === undefined) delete state[k];
  return state;
}

/** The URL query for a state (stable key order, empty values left out). */
export function operationListSearch(state: OperationListState): string {
  const params = new URLSearchParams();
  for (const key of ['type', 'status', 'account', 'asset', 'from', 'to', 'cursor', 'direction'] as const) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function filtersOnly(state: OperationListState): OperationFilters {
  const { cursor: _c, direction: _d, ...filters } = state;
  return filters;
}

export function hasFilters(state: OperationListState): boolean {
  return Object.keys(filtersOnly(state)).length > 0;
}

/** The service's `GET /api/operations` query for these filters (asset is filtered by the console: no such query). */
export interface OperationServiceQuery {
  intentType?: (typeof INTENT_TYPE_VALUES)[number];
  status?: string;
  accountId?: string;
  createdFrom?: string;
  createdTo?: string;
}

export function toServiceQuery(state: OperationListState, timeZone: string): OperationServiceQuery {
  const q: OperationServiceQuery = {};
  if (state.type) q.intentType = state.type;
  if (state.status) q.status = state.status;
  if (state.account) q.accountId = state.account;
  if (state.from) q.createdFrom = dayBoundary(state.from, timeZone, false).toISOString();
  if (state.to) q.createdTo = dayBoundary(state.to, timeZone, true).toISOString();
  return q;
}
