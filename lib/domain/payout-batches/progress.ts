// Pure, client-safe: what the batch page polls (GET /api/payout-batches/{id}) to show its progress.
import type { BatchStatus, RowCounts, RowStatus } from './state-machine';

export interface BatchProgressRow {
  line: number;
  status: RowStatus;
  operationId: string | null;
  operationStatus: string | null;
  failureCode: string | null;
}
export interface BatchProgress {
  status: BatchStatus;
  counts: RowCounts;
  rows: BatchProgressRow[];
}

/** Something on the page can still move: rows to send (or once approved), or withdrawals still being followed. */
export function progressActive(status: BatchStatus, counts: RowCounts): boolean {
  if (status === 'APPROVED' || status === 'EXECUTING') return true;
  return status === 'CANCELLED' && counts.SUBMITTING + counts.CREATED > 0;
}
