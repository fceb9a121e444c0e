import 'server-only';
import { and, count, desc, eq, inArray, isNull, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, keysetPage } from '@/lib/db/keyset';
import {
  payoutApprovals,
  payoutRequests,
  type PayoutApprovalRow,
  type PayoutRequestRow,
  type PayoutStateEntry,
} from '@/lib/db/schema';
import { requiredStatus, targetStatus, type PayoutEvent, type PayoutStatus } from '@/lib/domain/payouts';

export type PayoutWithApprovals = PayoutRequestRow & { approvals: PayoutApprovalRow[] };

/** `states || [entry]` for a guarded update's SET clause. */
export function appendState(entry: PayoutStateEntry): SQL {
  return sql`${payoutRequests.states} || ${JSON.stringify([entry])}::jsonb`;
}

/**
 * The guarded write of one transition of the payout state machine (TRANSITIONS in lib/domain/payouts): the status
 * the row moves to with its history entry, and the `status = <from>` condition that only a row in the state the
 * event requires passes. Every status change of a payout request goes through here, so the table is the only place
 * a status is decided; an update that matched no row lost the race (or the row had moved on).
 */
export function payoutTransition(event: PayoutEvent, entry: Omit<PayoutStateEntry, 'status'>): { to: PayoutStatus; set: { status: PayoutStatus; states: SQL }; guard: SQL } {
  const to = targetStatus(event);
  return { to, set: { status: to, states: appendState({ ...entry, status: to }) }, guard: eq(payoutRequests.status, requiredStatus(event)) };
}

/** The guard of a write that keeps the status (a lease, a quote attempt): the row is still where `event` leaves from. */
export function stillBefore(event: PayoutEvent): SQL {
  return eq(payoutRequests.status, requiredStatus(event));
}

export async function getPayout(id: string, db?: ConsoleDb): Promise<PayoutWithApprovals | null> {
  const database = db ?? (await getDb());
  const [row] = await database.select().from(payoutRequests).where(eq(payoutRequests.id, id)).limit(1);
  if (!row) return null;
  const approvals = await database
    .select()
    .from(payoutApprovals)
    .where(eq(payoutApprovals.requestId, id))
    .orderBy(payoutApprovals.createdAt);
  return { ...row, approvals };
}

/** The payout request that created this withdrawal, if the console made it (its id and beneficiary's name). */
export async function findPayoutByOperation(operationId: string, db?: ConsoleDb): Promise<Pick<PayoutRequestRow, 'id' | 'beneficiaryName' | 'status'> | null> {
  const database = db ?? (await getDb());
  const [row] = await database
    .select({ id: payoutRequests.id, beneficiaryName: payoutRequests.beneficiaryName, status: payoutRequests.status })
    .from(payoutRequests)
    .where(eq(payoutRequests.operationId, operationId))
    .limit(1);
  return row ?? null;
}

/** Approvals that count now (not superseded by a return for approval). */
export function liveApprovals(p: PayoutWithApprovals): PayoutApprovalRow[] {
  return p.approvals.filter((a) => a.supersededAt === null);
}

export type PayoutScope = 'mine' | 'inbox' | 'all';
export interface PayoutListQuery {
  scope: PayoutScope;
  userId: string;
  status?: PayoutStatus;
  limit?: number;
  cursor?: string | null;
}
export interface PayoutPage {
  data: PayoutRequestRow[];
  nextCursor: string | null;
}

/** The inbox: open requests by someone else that this user has not approved yet. */
function inboxCondition(userId: string, db: ConsoleDb): SQL {
  return and(
    stillBefore('APPROVE'),
    ne(payoutRequests.requesterId, userId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(payoutApprovals)
        .where(
          and(
            eq(payoutApprovals.requestId, payoutRequests.id),
            eq(payoutApprovals.approverId, userId),
            isNull(payoutApprovals.supersededAt),
          ),
        ),
    ),
  )!;
}

export async function listPayouts(query: PayoutListQuery): Promise<PayoutPage> {
  const db = await getDb();
  const limit = Math.min(Math.max(query.limit ?? 20, 1), 100);
  const conditions: SQL[] = [];
  if (query.scope === 'mine') conditions.push(eq(payoutRequests.requesterId, query.userId));
  if (query.scope === 'inbox') conditions.push(inboxCondition(query.userId, db));
  if (query.status) conditions.push(eq(payoutRequests.status, query.status));
  const cursor = decodeKeysetCursor(query.cursor);
  if (cursor) conditions.push(afterKeyset(payoutRequests.createdAt, payoutRequests.id, cursor));
  const rows = await db
    .select()
    .from(payoutRequests)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (row) => ({ at: row.createdAt, id: row.id }));
}

/** "Waiting for my approval": the navigation badge and the Overview list. */
export async function countInbox(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(payoutRequests).where(inboxCondition(userId, db));
  return row?.n ?? 0;
}

export async function idsInStatus(statuses: PayoutStatus[], db?: ConsoleDb): Promise<string[]> {
  const database = db ?? (await getDb());
  const rows = await database.select({ id: payoutRequests.id }).from(payoutRequests).where(inArray(payoutRequests.status, statuses));
  return rows.map((r) => r.id);
}
