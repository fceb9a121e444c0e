/**
 * The review-and-confirm step of a transfer: what is reviewed is one intent, and one intent is one idempotency key.
 * Pure: no React, no server-only.
 */

/** What the person reviews and confirms: the amount as the decimal string that will be sent. */
export interface TransferIntent {
  sourceAccountId: string;
  targetAccountId: string;
  asset: string;
  amount: string;
}

export interface ReviewedTransfer extends TransferIntent {
  /** Sent with every confirm of this intent: a double click, a retry after a lost answer, a second review of it. */
  idempotencyKey: string;
}

export function sameIntent(a: TransferIntent, b: TransferIntent): boolean {
  return a.sourceAccountId === b.sourceAccountId && a.targetAccountId === b.targetAccountId && a.asset === b.asset && a.amount === b.amount;
}

/**
 * The intent about to be reviewed, with its key: the previous review's key when nothing changed (going back to
 * edit and reviewing the same transfer again is still one transfer), a new key when anything did.
 */
export function reviewTransfer(previous: ReviewedTransfer | null, next: TransferIntent, newKey: () => string): ReviewedTransfer {
  return { ...next, idempotencyKey: previous && sameIntent(previous, next) ? previous.idempotencyKey : newKey() };
}

/**
 * Whether a confirm that failed may have created the transfer: a time-out, a lost answer or a server error leave it
 * unknown, so the key is kept and a retry replays the service's answer. A refusal (4xx other than 408/429) created
 * nothing: the next confirm of the same figures is a new attempt with a new key, so it is not answered by a replay
 * of the old refusal (after the balance was topped up, say).
 */
export function outcomeUnknown(failure: { httpStatus: number }): boolean {
  const s = failure.httpStatus;
  return !(s >= 400 && s < 500) || s === 408 || s === 429;
}
