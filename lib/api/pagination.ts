import 'server-only';
import type { ApiPage } from './types';

export interface IteratePagesOptions {
  /** Stops after this many pages (a safety net for exports); default 1 000. */
  maxPages?: number;
}

/**
 * Walks a cursor-paginated list: calls `fetchPage(null)`, then `fetchPage(meta.nextCursor)` until it is null.
 * A cursor that repeats would loop forever, so it ends the iteration with an error instead.
 *
 *   for await (const page of iteratePages((cursor) => listAccounts({ cursor, limit: 100 }))) …
 */
export async function* iteratePages<T>(
  fetchPage: (cursor: string | null) => Promise<ApiPage<T>>,
  options: IteratePagesOptions = {},
): AsyncGenerator<ApiPage<T>, void, undefined> {
  const maxPages = options.maxPages ?? 1000;
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (let pages = 0; pages < maxPages; pages++) {
    const page: ApiPage<T> = await fetchPage(cursor);
    yield page;
    const next = page.meta.nextCursor;
    if (next === null || next === '') return;
    if (seen.has(next)) throw new Error(`Pagination cursor repeated after ${pages + 1} pages`);
    seen.add(next);
    cursor = next;
  }
}

/** Every item across pages, in order. */
export async function* iterateItems<T>(
  fetchPage: (cursor: string | null) => Promise<ApiPage<T>>,
  options: IteratePagesOptions = {},
): AsyncGenerator<T, void, undefined> {
  for await (const page of iteratePages(fetchPage, options)) yield* page.data;
}
