// Pure: the states of a payout batch and of its rows, and the one table of allowed moves every write checks.

export const BATCH_STATUSES = ['PENDING_APPROVAL', 'APPROVED', 'EXECUTING', 'COMPLETED', 'CANCELLED', 'REJECTED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export function isBatchStatus(value: unknown): value is BatchStatus {
  return typeof value === 'string' && (BATCH_STATUSES as readonly string[]).includes(value);
}

/**
 * A batch is created already checked (the preview is not stored: the file is read again at submit and must read
 * the same). One approval decision (the policy's steps) takes it to APPROVED; the executor claims it (EXECUTING)
 * and sends its rows; it is COMPLETED when every row is final (its withdrawal completed or failed, or the row
 * failed or was cancelled). The requester may cancel while it waits; anyone who
 * may approve may cancel the rows not yet sent while it is approved or executing (rows already sent stay sent).
 */
export const BATCH_TRANSITIONS: Readonly<Record<BatchStatus, readonly BatchStatus[]>> = {
  PENDING_APPROVAL: ['APPROVED', 'REJECTED', 'CANCELLED'],
  APPROVED: ['EXECUTING', 'CANCELLED'],
  EXECUTING: ['COMPLETED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: [],
  REJECTED: [],
};

export function canMoveBatch(from: BatchStatus, to: BatchStatus): boolean {
  return BATCH_TRANSITIONS[from].includes(to);
}
/** The statuses a guarded `UPDATE … WHERE status IN (…)` moving to `to` may start from. */
export function batchSourcesOf(to: BatchStatus): BatchStatus[] {
  return BATCH_STATUSES.filter((from) => canMoveBatch(from, to));
}
export const BATCH_FINAL: readonly BatchStatus[] = BATCH_STATUSES.filter((s) => BATCH_TRANSITIONS[s].length === 0);

export const ROW_STATUSES = ['PENDING', 'SUBMITTING', 'CREATED', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/**
 * A row is PENDING until the executor claims it (SUBMITTING: its quote and withdrawal go out under keys derived
 * from batch id and line, so a SUBMITTING row found after a crash is sent again with the same keys and the service
 * answers with the same withdrawal); CREATED once the service answered with the withdrawal, FAILED on a definite
 * refusal. A created withdrawal is followed (the payout sweep asks the service, as for a single payout) to
 * COMPLETED or FAILED. Cancelling the rest cancels PENDING rows only: a row already in flight may have been paid.
 */
export const ROW_TRANSITIONS: Readonly<Record<RowStatus, readonly RowStatus[]>> = {
  PENDING: ['SUBMITTING', 'CANCELLED'],
  SUBMITTING: ['CREATED', 'FAILED'],
  CREATED: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
  CANCELLED: [],
};
export function canMoveRow(from: RowStatus, to: RowStatus): boolean {
  return ROW_TRANSITIONS[from].includes(to);
}
export function rowSourcesOf(to: RowStatus): RowStatus[] {
  return ROW_STATUSES.filter((from) => canMoveRow(from, to));
}

/** Per-status counts of a batch's rows, and whether nothing is left to send. */
export type RowCounts = Record<RowStatus, number>;
export function rowsSettled(counts: RowCounts): boolean {
  return counts.PENDING === 0 && counts.SUBMITTING === 0;
}
export const ROW_FINAL: readonly RowStatus[] = ROW_STATUSES.filter((s) => ROW_TRANSITIONS[s].length === 0);
/** Every row is final (paid, failed or cancelled): the batch is done. */
export function rowsFinal(counts: RowCounts): boolean {
  return ROW_STATUSES.every((s) => ROW_FINAL.includes(s) || counts[s] === 0);
}
/** How a completed batch ended: every row paid, or some failed (cancelled rows were someone's decision). */
export function batchOutcome(counts: RowCounts): 'COMPLETED' | 'COMPLETED_WITH_FAILURES' {
  return counts.FAILED > 0 ? 'COMPLETED_WITH_FAILURES' : 'COMPLETED';
}
