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

/** While the page receives live events, a slow poll is the safety net (an event during a fetch); without them, 2 s. */
export const PROGRESS_LIVE_POLL_MS = 15_000;
export const PROGRESS_POLL_MS = 2_000;

/**
 * How often the batch page asks for its progress (false: not at all). Live events announce the service's operations,
 * but a created withdrawal's row is marked settled by the console's own payout sweep, after the withdrawal's last
 * event has arrived: no event follows that update. So while rows wait for it (CREATED), the page polls every 2 s even
 * when live; otherwise the last rows of a batch showed as settled only at the next 15-second safety poll.
 */
export function progressPollMs(status: BatchStatus, counts: RowCounts, live: boolean): number | false {
  if (!progressActive(status, counts)) return false;
  return live && counts.CREATED === 0 ? PROGRESS_LIVE_POLL_MS : PROGRESS_POLL_MS;
}
