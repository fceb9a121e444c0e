import 'server-only';
import type { PayoutBatchLineRow, PayoutBatchRow } from '@/lib/db/schema';
import type { BatchProgress } from '@/lib/domain/payout-batches/progress';
import { batchRows, getBatch, rowCounts } from './store';

export async function batchProgress(batchId: string, loaded?: { batch: PayoutBatchRow; rows: PayoutBatchLineRow[] }): Promise<BatchProgress | null> {
  const b = loaded?.batch ?? (await getBatch(batchId));
  if (!b) return null;
  const [rows, counts] = await Promise.all([loaded?.rows ?? batchRows(batchId), rowCounts(batchId)]);
  return {
    status: b.status,
    counts,
    rows: rows.map((r) => ({ line: r.line, status: r.status, operationId: r.operationId, operationStatus: r.operationStatus, failureCode: r.failure?.code ?? null })),
  };
}

/** Everything the batch page (app/(console)/payouts/batches/[batchId]) reads from the database. */
export async function batchPageData(batchId: string) {
  const batch = await getBatch(batchId);
  if (!batch) return null;
  // The batch and its rows read once, shared with the progress (it used to read both again).
  const rows = await batchRows(batchId);
  const progress = (await batchProgress(batchId, { batch, rows }))!;
  return { batch, rows, progress };
}
