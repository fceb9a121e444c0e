import { and, eq, lt, or, type Column, type SQL } from 'drizzle-orm';

/**
 * Keyset paging, newest first, on (a timestamp, a uuid id): the console's own lists (payout requests, the audit
 * log) page this way so a page costs the same at row 100,000 as at row 1 and rows added meanwhile never shift it.
 * The cursor is opaque to callers: base64url of `<ISO time>|<id>`.
 */
export interface KeysetKey {
  at: Date;
  id: string;
}

export function encodeKeysetCursor({ at, id }: KeysetKey): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/** Null for anything that is not a cursor this module made (a hand-edited URL pages from the start). */
export function decodeKeysetCursor(cursor: string | null | undefined): KeysetKey | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { at: date, id };
}

/** The rows after `key` in `ORDER BY at DESC, id DESC`. */
export function afterKeyset(atColumn: Column, idColumn: Column, key: KeysetKey): SQL {
  return or(lt(atColumn, key.at), and(eq(atColumn, key.at), lt(idColumn, key.id)))!;
}

/** A page from a query that asked for `limit + 1` rows: the extra row only says whether there is a next page. */
export function keysetPage<T>(rows: T[], limit: number, keyOf: (row: T) => KeysetKey): { data: T[]; nextCursor: string | null } {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, nextCursor: rows.length > limit && last ? encodeKeysetCursor(keyOf(last)) : null };
}
