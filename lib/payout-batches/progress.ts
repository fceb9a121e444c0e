import 'server-only';
import type { BatchProgress } from '@/lib/domain/payout-batches/progress';
import { batchRows, getBatch, rowCounts } from './store';

export async function batchProgress(batchId: string): Promise<BatchProgress | null> {
  const b = await getBatch(batchId);
  if (!b) return null;
  const [rows, counts] = await Promise.all([batchRows(batchId), rowCounts(batchId)]);
  return {
    status: b.status,
    counts,
    rows: rows.map((r) => ({ line: r.line, status: r.status, operationId: r.operationId, operationStatus: r.operationStatus, failureCode: r.failure?.code ?? null })),
  };
}
