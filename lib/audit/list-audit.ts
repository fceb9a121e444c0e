import 'server-only';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { auditEvents, type AuditEventRow } from '../db/schema';

export type AuditPage = { data: AuditEventRow[]; nextCursor: string | null };

/** Newest first, keyset-paged on (at, id); the cursor is opaque to callers. */
export async function listAuditEvents(
  query: { limit?: number; cursor?: string | null; actorId?: string; outcome?: AuditEventRow['outcome'] } = {},
): Promise<AuditPage> {
  const db = await getDb();
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
  const conditions: SQL[] = [];
  if (query.actorId) conditions.push(eq(auditEvents.actorId, query.actorId));
  if (query.outcome) conditions.push(eq(auditEvents.outcome, query.outcome));
  const cursor = decodeCursor(query.cursor);
  if (cursor) {
    conditions.push(
      or(lt(auditEvents.at, cursor.at), and(eq(auditEvents.at, cursor.at), lt(auditEvents.id, cursor.id)))!,
    );
  }
  const rows = await db
    .select()
    .from(auditEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page,
    nextCursor: rows.length > limit && last ? Buffer.from(`${last.at.toISOString()}|${last.id}`).toString('base64url') : null,
  };
}

function decodeCursor(cursor: string | null | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { at: date, id };
}
