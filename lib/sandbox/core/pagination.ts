import { createHash } from 'node:crypto';
import { ServiceError } from './errors';
import type { Sql } from './types';
import { isLowerCaseUuid } from '@/lib/validation/uuid';

export interface PageMeta {
  previousCursor: string | null;
  nextCursor: string | null;
  total: number;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

type Direction = 'NEXT' | 'PREVIOUS';
type SortOrder = 'ASCENDING' | 'DESCENDING';

interface CursorPayload {
  /** created_at as PostgreSQL text (microsecond exact). */
  t: string;
  i: string;
  d: 'N' | 'P';
  s: 'A' | 'D';
  /** Binding: a digest of the list (path) and the filters the cursor was issued for. */
  b: string;
}

/** Query parameters that move within one list; every other parameter (filters, status, accountId…) defines it. */
const PAGING_PARAMS: ReadonlySet<string> = new Set(['cursor', 'direction', 'limit', 'sortOrder']);

/**
 * A list request's query string that knows which list it belongs to (the handler builds it from the request path),
 * so a cursor can be bound to the list and filters that issued it.
 */
export class ListQuery extends URLSearchParams {
  constructor(
    init: string,
    readonly listPath: string,
  ) {
    super(init);
  }
}

/** The list a cursor belongs to: path + the non-paging parameters, order-independent. */
export function cursorBinding(query: URLSearchParams): string {
  const path = query instanceof ListQuery ? query.listPath : '';
  const filters = [...query.entries()]
    .filter(([k]) => !PAGING_PARAMS.has(k))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort();
  return createHash('sha256').update(`${path}?${filters.join('&')}`).digest('base64url').slice(0, 16);
}

export interface PageRequest {
  /** The binding of this request's list (see cursorBinding); new cursors carry it. */
  binding: string;
  limit: number;
  cursor: CursorPayload | null;
  direction: Direction;
  sortOrder: SortOrder;
}

function invalid(field: string, code: string, message: string, params: Record<string, unknown> = {}): ServiceError {
  return new ServiceError(400, 'INVALID_DATA', 'Object contains invalid data', {
    errors: [{ code, message, field: `query:${field}`, params }],
  });
}

const TS_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function encodeCursor(p: CursorPayload): string {
  return Buffer.from(JSON.stringify(p)).toString('base64url');
}

export function decodeCursor(raw: string, binding?: string): CursorPayload {
  const bad = () => invalid('cursor', 'INVALID_CURSOR', 'Parameter \'query:cursor\' is not a valid cursor');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) throw bad();
  let p: unknown;
  try {
    p = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const c = p as Partial<CursorPayload>;
  if (
    typeof p !== 'object' || p === null ||
    typeof c.t !== 'string' || !TS_RE.test(c.t) ||
    typeof c.i !== 'string' || !isLowerCaseUuid(c.i) ||
    (c.d !== 'N' && c.d !== 'P') || (c.s !== 'A' && c.s !== 'D') || typeof c.b !== 'string'
  ) {
    throw bad();
  }
  if (binding !== undefined && c.b !== binding) {
    // A cursor of another list (or of the same list under other filters) would page from a foreign position.
    throw invalid('cursor', 'INVALID_CURSOR', "Parameter 'query:cursor' was issued for another list or other filters");
  }
  return c as CursorPayload;
}

/** Parses `limit`, `cursor`, `direction`, `sortOrder` (400 INVALID_DATA `query:<name>` when out of range). */
export function parsePageRequest(query: URLSearchParams): PageRequest {
  const rawLimit = query.get('limit');
  let limit = 10;
  if (rawLimit !== null && rawLimit !== '') {
    if (!/^\d{1,4}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > 100) {
      throw invalid('limit', 'OUT_OF_RANGE', "Parameter 'query:limit' must be an integer from 1 to 100", { min: 1, max: 100 });
    }
    limit = Number(rawLimit);
  }
  const binding = cursorBinding(query);
  const rawCursor = query.get('cursor');
  const cursor = rawCursor ? decodeCursor(rawCursor, binding) : null;
  const rawDirection = query.get('direction');
  if (rawDirection && rawDirection !== 'NEXT' && rawDirection !== 'PREVIOUS') {
    throw invalid('direction', 'INVALID_ENUM', "Parameter 'query:direction' must be NEXT or PREVIOUS", { allowed: ['NEXT', 'PREVIOUS'] });
  }
  const rawSort = query.get('sortOrder');
  if (rawSort && rawSort !== 'ASCENDING' && rawSort !== 'DESCENDING') {
    throw invalid('sortOrder', 'INVALID_ENUM', "Parameter 'query:sortOrder' must be ASCENDING or DESCENDING", {
      allowed: ['ASCENDING', 'DESCENDING'],
    });
  }
  // The cursor remembers its direction and order; explicit query parameters win.
  const direction: Direction = (rawDirection as Direction | null) ?? (cursor?.d === 'P' ? 'PREVIOUS' : 'NEXT');
  const sortOrder: SortOrder = (rawSort as SortOrder | null) ?? (cursor ? (cursor.s === 'A' ? 'ASCENDING' : 'DESCENDING') : 'DESCENDING');
  return { binding, limit, cursor, direction, sortOrder };
}

export interface PaginateOptions<Row, T> {
  /** FROM clause, e.g. `sandbox.accounts a`. */
  from: string;
  /** Columns to select, e.g. `a.*`. */
  select?: string;
  /** WHERE conditions (ANDed), using $1..$n of `params`. Always scope by customer. */
  where: string[];
  params: unknown[];
  /** Keyset columns; an index on (scope…, created_at, id) keeps page time flat as the table grows. */
  createdAtColumn?: string;
  idColumn?: string;
  query: URLSearchParams;
  map: (row: Row) => T | Promise<T>;
}

/**
 * Keyset pagination over (created_at, id): fetches limit+1 rows to know whether there's more; PREVIOUS
 * reverses the comparison and the order, then re-reverses the page.
 */
export async function paginate<Row extends Record<string, unknown>, T>(sql: Sql, opts: PaginateOptions<Row, T>): Promise<Page<T>> {
  const req = parsePageRequest(opts.query);
  return paginateWith(sql, opts, req);
}

export async function paginateWith<Row extends Record<string, unknown>, T>(
  sql: Sql,
  opts: PaginateOptions<Row, T>,
  req: PageRequest,
): Promise<Page<T>> {
  const c = opts.createdAtColumn ?? 'created_at';
  const id = opts.idColumn ?? 'id';
  const params = [...opts.params];
  const where = [...opts.where];
  const desc = req.sortOrder === 'DESCENDING';
  const backwards = req.cursor !== null && req.direction === 'PREVIOUS';
  // Walking forward in DESC order (or backward in ASC order) means "strictly before the cursor".
  const before = desc !== backwards;
  if (req.cursor) {
    params.push(req.cursor.t, req.cursor.i);
    const tp = `$${params.length - 1}::timestamptz`;
    const ip = `$${params.length}::uuid`;
    where.push(`(${c}, ${id}) ${before ? '<' : '>'} (${tp}, ${ip})`);
  }
  const order = before ? 'DESC' : 'ASC';
  params.push(req.limit + 1);
  const text = `SELECT ${opts.select ?? '*'}, ${c}::text AS "__cursor_t", ${id}::text AS "__cursor_i"
    FROM ${opts.from}
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${c} ${order}, ${id} ${order}
    LIMIT $${params.length}`;
  const { rows } = await sql.query<Row & { __cursor_t: string; __cursor_i: string }>(text, params);
  const hasMore = rows.length > req.limit;
  const pageRows = rows.slice(0, req.limit);
  if (backwards) pageRows.reverse();

  const s = desc ? 'D' : 'A';
  const at = (r: { __cursor_t: string; __cursor_i: string }, d: 'N' | 'P') => encodeCursor({ t: r.__cursor_t, i: r.__cursor_i, d, s, b: req.binding });
  const first = pageRows[0];
  const last = pageRows[pageRows.length - 1];
  let previousCursor: string | null = null;
  let nextCursor: string | null = null;
  if (!req.cursor) {
    nextCursor = hasMore && last ? at(last, 'N') : null;
  } else if (!backwards) {
    previousCursor = first ? at(first, 'P') : null;
    nextCursor = hasMore && last ? at(last, 'N') : null;
  } else {
    previousCursor = hasMore && first ? at(first, 'P') : null;
    nextCursor = last ? at(last, 'N') : null;
  }
  const data: T[] = [];
  for (const row of pageRows) {
    const { __cursor_t: _t, __cursor_i: _i, ...rest } = row;
    data.push(await opts.map(rest as unknown as Row));
  }
  return { data, meta: { previousCursor, nextCursor, total: data.length } };
}

/** Pages an in-memory list (derived collections such as funding instructions) with the same cursor rules. */
export function paginateArray<T>(items: T[], key: (item: T) => { createdAt: Date; id: string }, query: URLSearchParams): Page<T> {
  const req = parsePageRequest(query);
  const desc = req.sortOrder === 'DESCENDING';
  const cmp = (a: T, b: T) => {
    const ka = key(a);
    const kb = key(b);
    const d = ka.createdAt.getTime() - kb.createdAt.getTime() || (ka.id < kb.id ? -1 : ka.id > kb.id ? 1 : 0);
    return desc ? -d : d;
  };
  const sorted = [...items].sort(cmp);
  const pos = (item: T) => {
    const k = key(item);
    return { t: pgText(k.createdAt), i: k.id };
  };
  const s = desc ? 'D' : 'A';
  let start = 0;
  let end = sorted.length;
  const backwards = req.cursor !== null && req.direction === 'PREVIOUS';
  if (req.cursor) {
    const cur = req.cursor;
    const idx = sorted.findIndex((it) => {
      const p = pos(it);
      return p.t === cur.t && p.i === cur.i;
    });
    // Unknown position: treat as the end of the list in that direction.
    if (backwards) end = idx === -1 ? 0 : idx;
    else start = idx === -1 ? sorted.length : idx + 1;
  }
  const slice = backwards ? sorted.slice(Math.max(0, end - req.limit), end) : sorted.slice(start, start + req.limit);
  const more = backwards ? end - req.limit > 0 : start + req.limit < sorted.length;
  const enc = (it: T, d: 'N' | 'P') => encodeCursor({ ...pos(it), d, s, b: req.binding });
  const first = slice[0];
  const last = slice[slice.length - 1];
  let previousCursor: string | null = null;
  let nextCursor: string | null = null;
  if (!req.cursor) nextCursor = more && last ? enc(last, 'N') : null;
  else if (!backwards) {
    previousCursor = first ? enc(first, 'P') : null;
    nextCursor = more && last ? enc(last, 'N') : null;
  } else {
    previousCursor = more && first ? enc(first, 'P') : null;
    nextCursor = last ? enc(last, 'N') : null;
  }
  return { data: slice, meta: { previousCursor, nextCursor, total: slice.length } };
}

/** A Date as PostgreSQL's timestamptz text (UTC), so in-memory cursors look like DB ones. */
function pgText(d: Date): string {
  return `${d.toISOString().replace('T', ' ').replace('Z', '')}+00`;
}
