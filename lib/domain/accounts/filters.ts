import { isAsset, type Asset } from '@/lib/money/assets';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';

/** Account statuses offered by the status filter. */
export const ACCOUNT_STATUSES = ['ACTION_REQUIRED', 'REVIEWING', 'OPENING', 'ACTIVE', 'REJECTED', 'CLOSED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const FILTER_KEYS = ['status', 'name', 'asset'] as const;

export interface AccountFilters {
  status?: AccountStatus;
  name?: string;
  asset?: Asset;
}

export interface FilterCondition {
  field: string;
  op: 'eq' | 'like';
  value: string;
}

const MAX_NAME = 100;

/** Reads the list filters from the URL; values outside the allowed sets are ignored rather than sent. */
export function parseAccountFilters(sp: SearchParams): AccountFilters {
  const status = firstParam(sp, 'status');
  const name = firstParam(sp, 'name')?.slice(0, MAX_NAME);
  const asset = firstParam(sp, 'asset');
  return {
    status: (ACCOUNT_STATUSES as readonly string[]).includes(status ?? '') ? (status as AccountStatus) : undefined,
    name: name || undefined,
    asset: isAsset(asset) ? asset : undefined,
  };
}

export function hasFilters(filters: AccountFilters): boolean {
  return Boolean(filters.status || filters.name || filters.asset);
}

/** The filters as conditions of the contract's `filters` language (joined by `buildFilters`). */
export function accountFilterConditions(filters: AccountFilters): FilterCondition[] {
  const out: FilterCondition[] = [];
  if (filters.status) out.push({ field: 'status', op: 'eq', value: filters.status });
  if (filters.name) out.push({ field: 'owner.legalName', op: 'like', value: filters.name });
  if (filters.asset) out.push({ field: 'assets.asset', op: 'eq', value: filters.asset });
  return out;
}
