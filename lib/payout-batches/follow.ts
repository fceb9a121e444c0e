import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { payoutBatchRows } from '@/lib/db/schema';
import { readWithdrawal } from '@/lib/payouts/execute';
import type { PayoutDeps } from '@/lib/payouts/upstream';
import { completeIfFinal } from './completion';

/** Rows asked about per sweep pass: a pass of the payout sweep stays short (single payouts take up to 50 more). */
export const FOLLOWED_ROWS_PER_PASS = 50;

/**
 * Follows created withdrawals of batch rows to COMPLETED or FAILED the way a single payout's is followed (the payout
 * sweep asks the service with `readWithdrawal`): the rows checked longest ago first, each settled with a guarded
 * update from CREATED; a row still moving keeps its latest status and goes to the back of the queue. Each batch
 * whose rows are then all final is completed. Returns how many rows were asked about.
 */
export async function followBatchRows(deps: PayoutDeps & { db?: ConsoleDb; limit?: number } = {}): Promise<number> {
  const db = deps.db ?? (await getDb());
  const rows = await db
    .select({ batchId: payoutBatchRows.batchId, line: payoutBatchRows.line, operationId: payoutBatchRows.operationId })
    .from(payoutBatchRows)
    .where(eq(payoutBatchRows.status, 'CREATED'))
    .orderBy(asc(payoutBatchRows.updatedAt))
    .limit(deps.limit ?? FOLLOWED_ROWS_PER_PASS);
  const settled = new Set<string>();
  for (const row of rows) {
    if (!row.operationId) continue;
    const read = await readWithdrawal(row.operationId, deps);
    const where = and(eq(payoutBatchRows.batchId, row.batchId), eq(payoutBatchRows.line, row.line), eq(payoutBatchRows.status, 'CREATED'));
    if (!read) {
      await db.update(payoutBatchRows).set({ updatedAt: sql`now()` }).where(where);
      continue;
    }
    if (read.status === 'COMPLETED' || read.status === 'FAILED') {
      const failure = read.status === 'FAILED' ? (read.reason ?? { code: 'WITHDRAWAL_FAILED', message: '' }) : null;
      await db.update(payoutBatchRows).set({ status: read.status, operationStatus: read.status, failure, updatedAt: sql`now()` }).where(where);
      settled.add(row.batchId);
    } else {
      await db.update(payoutBatchRows).set({ operationStatus: read.status, updatedAt: sql`now()` }).where(where);
    }
  }
  for (const batchId of settled) await completeIfFinal(batchId, db);
  return rows.length;
}
