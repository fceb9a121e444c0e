import 'server-only';
import type { PageMeta } from './schemas/common';

export type { PageMeta };

/** Every successful call: the validated body and the service's `X-Request-Id`. */
export interface ApiResult<T> {
  data: T;
  requestId: string;
}

/** A list call: one cursor page. */
export interface ApiPage<T> {
  data: T[];
  meta: PageMeta;
  requestId: string;
}

export const PAGE_DIRECTIONS = ['NEXT', 'PREVIOUS'] as const;
export const SORT_ORDERS = ['ASCENDING', 'DESCENDING'] as const;

/** Pagination query of every list endpoint (contract: limit 1–100, default 10). */
export interface PageQuery {
  limit?: number;
  cursor?: string | null;
  direction?: (typeof PAGE_DIRECTIONS)[number];
  sortOrder?: (typeof SORT_ORDERS)[number];
}

/** An address as sent in requests (upstream: only line 2 is optional). */
export interface AddressInput {
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state: string;
  country: string;
  postalCode: string;
}

export interface TaxIdInput {
  value: string;
  type: string;
}

/** `{value, asset}` in request bodies: value is a decimal string, never a number. */
export interface AmountInput {
  value: string;
  asset: string;
}
