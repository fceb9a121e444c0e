import 'server-only';
import { and, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { afterKeyset, decodeKeysetCursor, keysetPage } from '../db/keyset';
import { auditEvents, type AuditEventRow } from '../db/schema';

export type AuditPage = { data: AuditEventRow[]; nextCursor: string | null };

export interface AuditQuery {
  limit?: number;
  cursor?: string | null;
  actorId?: string;
  /** Case-insensitive substring of the actor's e-mail. */
  actor?: string;
  /** Exact action (`payouts.approve`) or a prefix ending with a dot (`payouts.`). */
  action?: string;
  outcome?: AuditEventRow['outcome'];
  target?: string;
  /** Inclusive lower and exclusive upper bound of `at`. */
  from?: Date;
  to?: Date;
}

/** LIKE wildcards typed by a person are literal characters. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Newest first, keyset-paged on (at, id); the cursor is opaque to callers. */
export async function listAuditEvents(query: AuditQuery = {}): Promise<AuditPage> {
  const db = await getDb();
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 1000);
  const conditions: SQL[] = [];
  if (query.actorId) conditions.push(eq(auditEvents.actorId, query.actorId));
  if (query.actor) conditions.push(ilike(auditEvents.actorEmail, `%${likeLiteral(query.actor)}%`));
  if (query.action) {
    conditions.push(query.action.endsWith('.') ? ilike(auditEvents.action, `${likeLiteral(query.action)}%`) : eq(auditEvents.action, query.action));
  }
  if (query.outcome) conditions.push(eq(auditEvents.outcome, query.outcome));
  if (query.target) conditions.push(eq(auditEvents.target, query.target));
  if (query.from) conditions.push(gte(auditEvents.at, query.from));
  if (query.to) conditions.push(lt(auditEvents.at, query.to));
  const cursor = decodeKeysetCursor(query.cursor);
  if (cursor) conditions.push(afterKeyset(auditEvents.at, auditEvents.id, cursor));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (row) => ({ at: row.at, id: row.id }));
}

/** Distinct action names, for the filter's choices. */
export async function listAuditActions(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.selectDistinct({ action: auditEvents.action }).from(auditEvents).orderBy(auditEvents.action);
  return rows.map((r) => r.action);
}
