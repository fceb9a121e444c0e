/**
 * A list page's paging state, kept entirely in the URL (searchParams) so every page is linkable and the
 * back button works. Pure and client-safe.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export type Direction = 'NEXT' | 'PREVIOUS';
export type SortOrder = 'ASCENDING' | 'DESCENDING';

export type SearchParams = Record<string, string | string[] | undefined>;

export interface ListParams {
  limit: PageSize;
  cursor: string | undefined;
  direction: Direction | undefined;
  sortOrder: SortOrder;
}

/** First value of a search param, trimmed; empty becomes undefined. */
export function firstParam(sp: SearchParams, key: string): string | undefined {
  const raw = sp[key];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

/** Reads paging state; anything malformed falls back to the default instead of erroring. */
export function parseListParams(sp: SearchParams): ListParams {
  const limitNum = Number(firstParam(sp, 'limit'));
  const limit = (PAGE_SIZES as readonly number[]).includes(limitNum) ? (limitNum as PageSize) : DEFAULT_PAGE_SIZE;
  const cursor = firstParam(sp, 'cursor');
  const dir = firstParam(sp, 'direction');
  const direction: Direction | undefined = cursor && (dir === 'NEXT' || dir === 'PREVIOUS') ? dir : cursor ? 'NEXT' : undefined;
  const sortOrder: SortOrder = firstParam(sp, 'sortOrder') === 'ASCENDING' ? 'ASCENDING' : 'DESCENDING';
  return { limit, cursor, direction, sortOrder };
}

/**
 * `pathname?query` with `changes` applied to the current params: `null` removes a key. Keys keep their order;
 * repeated keys (arrays) are preserved unless changed.
 */
export function hrefWith(pathname: string, sp: SearchParams, changes: Record<string, string | null | undefined>): string {
  const qs = new URLSearchParams();
  for (const [key, raw] of Object.entries(sp)) {
    if (key in changes || raw === undefined) continue;
    for (const v of Array.isArray(raw) ? raw : [raw]) if (v !== '') qs.append(key, v);
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value !== null && value !== undefined && value !== '') qs.set(key, value);
  }
  const s = qs.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/** Links to the neighbouring pages from a response's `meta` cursors; null where there is no such page. */
export function pageLinks(
  pathname: string,
  sp: SearchParams,
  meta: { previousCursor: string | null; nextCursor: string | null },
): { previous: string | null; next: string | null } {
  return {
    previous: meta.previousCursor
      ? hrefWith(pathname, sp, { cursor: meta.previousCursor, direction: 'PREVIOUS' })
      : null,
    next: meta.nextCursor ? hrefWith(pathname, sp, { cursor: meta.nextCursor, direction: 'NEXT' }) : null,
  };
}
