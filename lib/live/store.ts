import 'server-only';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { ConsoleDb } from '@/lib/db/client';
import { receivedEvents, type ReceivedEventRow } from '@/lib/db/schema';
import type { LiveEvent } from '@/lib/domain/live/events';

export interface NewReceivedEvent {
  messageId: string;
  eventType: string;
  resourceKind: string | null;
  resourceId: string | null;
  companyId: string | null;
  atTime: Date | null;
  payload: unknown;
  receivedAt: Date;
  /** The console's request id of this receipt (lib/observability/request-context.ts). */
  receiptRequestId?: string | null;
}

/** Days a received event is kept; the sweep deletes older rows. */
export const RETENTION_DAYS = 30;

/**
 * One statement: the unique index on `message_id` decides, so concurrent identical deliveries (a retry racing
 * the original, two instances) store exactly one row; the losers see `inserted: false`.
 */
export async function insertReceivedEvent(db: ConsoleDb, row: NewReceivedEvent): Promise<{ inserted: true; seq: number } | { inserted: false }> {
  const [created] = await db
    .insert(receivedEvents)
    .values({ ...row, payload: row.payload as object })
    .onConflictDoNothing({ target: receivedEvents.messageId })
    .returning({ seq: receivedEvents.seq });
  return created ? { inserted: true, seq: Number(created.seq) } : { inserted: false };
}

export function toLiveEvent(row: Pick<ReceivedEventRow, 'seq' | 'eventType' | 'resourceKind' | 'resourceId' | 'atTime'>): LiveEvent {
  return {
    seq: Number(row.seq),
    type: row.eventType,
    kind: row.resourceKind,
    id: row.resourceId,
    atTime: row.atTime ? row.atTime.toISOString() : null,
  };
}

/** Events stored after `seq`, oldest first (the live channel's `Last-Event-ID` resume). */
export async function listEventsAfter(db: ConsoleDb, seq: number, limit: number): Promise<LiveEvent[]> {
  const rows = await db
    .select({
      seq: receivedEvents.seq,
      eventType: receivedEvents.eventType,
      resourceKind: receivedEvents.resourceKind,
      resourceId: receivedEvents.resourceId,
      atTime: receivedEvents.atTime,
    })
    .from(receivedEvents)
    .where(gt(receivedEvents.seq, seq))
    .orderBy(asc(receivedEvents.seq))
    .limit(limit);
  return rows.map(toLiveEvent);
}

/** The newest sequence number (0 when nothing was received): where a fresh stream starts. */
export async function latestSeq(db: ConsoleDb): Promise<number> {
  const [row] = await db.select({ seq: sql<string | null>`max(${receivedEvents.seq})` }).from(receivedEvents);
  return row?.seq ? Number(row.seq) : 0;
}

/** Received events of one kind, newest first (the operation page narrows them further). */
export async function listEventsOfKind(
  db: ConsoleDb,
  kind: string,
  opts: { since?: Date; limit?: number } = {},
): Promise<ReceivedEventRow[]> {
  return db
    .select()
    .from(receivedEvents)
    .where(
      opts.since
        ? and(eq(receivedEvents.resourceKind, kind), gt(receivedEvents.receivedAt, opts.since))
        : eq(receivedEvents.resourceKind, kind),
    )
    .orderBy(desc(receivedEvents.seq))
    .limit(opts.limit ?? 500);
}

/** Deletes what is older than the retention window; returns how many rows went. */
export async function sweepReceivedEvents(db: ConsoleDb, at: Date, days = RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(at.getTime() - days * 24 * 60 * 60_000);
  const gone = await db.delete(receivedEvents).where(lt(receivedEvents.receivedAt, cutoff)).returning({ seq: receivedEvents.seq });
  return gone.length;
}
