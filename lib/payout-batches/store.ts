import 'server-only';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { afterKeyset, decodeKeysetCursor, keysetPage } from '@/lib/db/keyset';
import { payoutBatchApprovals, payoutBatchRows, payoutBatches, type PayoutBatchApprovalRow, type PayoutBatchLineRow, type PayoutBatchRow } from '@/lib/db/schema';
import { ROW_STATUSES, type BatchStatus, type RowCounts } from '@/lib/domain/payout-batches/state-machine';

export type BatchWithApprovals = PayoutBatchRow & { approvals: PayoutBatchApprovalRow[] };

export async function getBatch(id: string, db?: ConsoleDb): Promise<BatchWithApprovals | null> {
  const database = db ?? (await getDb());
  const [row] = await database.select().from(payoutBatches).where(eq(payoutBatches.id, id)).limit(1);
  if (!row) return null;
  const approvals = await database.select().from(payoutBatchApprovals).where(eq(payoutBatchApprovals.batchId, id)).orderBy(asc(payoutBatchApprovals.createdAt));
  return { ...row, approvals };
}

export async function batchRows(id: string, db?: ConsoleDb): Promise<PayoutBatchLineRow[]> {
  const database = db ?? (await getDb());
  return database.select().from(payoutBatchRows).where(eq(payoutBatchRows.batchId, id)).orderBy(asc(payoutBatchRows.line));
}

export async function rowCounts(id: string, db?: ConsoleDb): Promise<RowCounts> {
  const database = db ?? (await getDb());
  const rows = await database.select({ status: payoutBatchRows.status, n: count() }).from(payoutBatchRows).where(eq(payoutBatchRows.batchId, id)).groupBy(payoutBatchRows.status);
  const counts = Object.fromEntries(ROW_STATUSES.map((s) => [s, 0])) as RowCounts;
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export interface BatchPage {
  data: PayoutBatchRow[];
  nextCursor: string | null;
}

export async function listBatches(query: { status?: BatchStatus; cursor?: string | null; limit?: number } = {}): Promise<BatchPage> {
  const db = await getDb();
  const limit = Math.min(Math.max(query.limit ?? 20, 1), 100);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(payoutBatches.status, query.status));
  const cursor = decodeKeysetCursor(query.cursor);
  if (cursor) conditions.push(afterKeyset(payoutBatches.createdAt, payoutBatches.id, cursor));
  const rows = await db
    .select()
    .from(payoutBatches)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (row) => ({ at: row.createdAt, id: row.id }));
}

/** Per batch of a page, its rows' counts by status (one query for the list). */
export async function rowCountsFor(ids: readonly string[]): Promise<Map<string, RowCounts>> {
  const out = new Map<string, RowCounts>();
  if (ids.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .select({ batchId: payoutBatchRows.batchId, status: payoutBatchRows.status, n: count() })
    .from(payoutBatchRows)
    .where(inArray(payoutBatchRows.batchId, [...ids]))
    .groupBy(payoutBatchRows.batchId, payoutBatchRows.status);
  for (const id of ids) out.set(id, Object.fromEntries(ROW_STATUSES.map((s) => [s, 0])) as RowCounts);
  for (const r of rows) out.get(r.batchId)![r.status] = Number(r.n);
  return out;
}

/** `updated_at = now()` for guarded updates. */
export const touched = { updatedAt: sql`now()` };
