/**
 * Replay ("resend many") jobs: the pure rules. The runner (server) persists every step in the console database
 * so a job survives reloads and restarts; these functions decide what the next step is.
 *
 * Job:   RUNNING ──(all items settled)──► COMPLETED
 *           └──(cancel)──► CANCELLED   (items not yet sent stay PENDING and are reported as not sent)
 * Item:  PENDING ──claim──► SENDING ──► SENT (the service accepted the resend)
 *                                   ├─► REFUSED (4xx: the service will not resend it; its sentence is kept)
 *                                   └─► PENDING again after a transient failure (network, time-out, 5xx, 429)
 *                                       until MAX_ITEM_ATTEMPTS, then FAILED
 * A SENDING item found at start-up was interrupted mid-request: it is sent again with the SAME idempotency key,
 * so the service replays its first answer instead of resending twice.
 */
export const JOB_STATUSES = ['RUNNING', 'COMPLETED', 'CANCELLED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ITEM_STATUSES = ['PENDING', 'SENDING', 'SENT', 'REFUSED', 'FAILED'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const MAX_ITEM_ATTEMPTS = 5;
/** A job never holds more than this many attempts (one per message); the dry run says when the window has more. */
export const MAX_JOB_ITEMS = 5_000;

export type JobEvent = 'cancel' | 'settled';

/** The job's next status, or null when the event does not apply (a finished job stays finished). */
export function nextJobStatus(status: JobStatus, event: JobEvent): JobStatus | null {
  if (status !== 'RUNNING') return null;
  return event === 'cancel' ? 'CANCELLED' : 'COMPLETED';
}

export type ResendOutcome =
  | { ok: true }
  | { ok: false; transient: boolean; code: string; message: string };

/** What one resend's outcome does to its item. */
export function settleItem(attemptsBefore: number, outcome: ResendOutcome): { status: ItemStatus; attempts: number; error: string | null } {
  const attempts = attemptsBefore + 1;
  if (outcome.ok) return { status: 'SENT', attempts, error: null };
  if (!outcome.transient) return { status: 'REFUSED', attempts, error: `${outcome.code}: ${outcome.message}` };
  if (attempts >= MAX_ITEM_ATTEMPTS) return { status: 'FAILED', attempts, error: `${outcome.code}: ${outcome.message}` };
  return { status: 'PENDING', attempts, error: `${outcome.code}: ${outcome.message}` };
}

/** Retry delay after a transient failure: 1 s, 2 s, 4 s, 8 s (the service or network needs time, not hammering). */
export function retryDelayMs(attempts: number): number {
  return 1000 * 2 ** Math.max(0, attempts - 1);
}

/** Which error counts as transient: no answer, time-out, rate limit, the service's 5xx, an open circuit. */
export function isTransient(status: number | undefined, code: string): boolean {
  if (status === undefined || status === 0) return true;
  if (status === 408 || status === 429 || status >= 500) return true;
  return code === 'CIRCUIT_OPEN' || code === 'NETWORK_ERROR' || code === 'TIMEOUT';
}

export type ItemCounts = Record<ItemStatus, number>;

export function emptyCounts(): ItemCounts {
  return { PENDING: 0, SENDING: 0, SENT: 0, REFUSED: 0, FAILED: 0 };
}

export type JobProgress = {
  total: number;
  done: number;
  /** 0–100, whole numbers; 100 only when every item settled. */
  percent: number;
  counts: ItemCounts;
};

export function progressOf(counts: ItemCounts): JobProgress {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const done = counts.SENT + counts.REFUSED + counts.FAILED;
  const percent = total === 0 ? 100 : done === total ? 100 : Math.min(99, Math.floor((done / total) * 100));
  return { total, done, percent, counts };
}

/** True when no item can move any more (the job may complete). */
export function allSettled(counts: ItemCounts): boolean {
  return counts.PENDING === 0 && counts.SENDING === 0;
}

/** The earliest moment the next resend may start under the job's rate (a fixed gap: 5/s → one every 200 ms). */
export function nextSendAt(lastSentAt: number | null, ratePerSecond: number): number {
  if (lastSentAt === null) return 0;
  return lastSentAt + Math.ceil(1000 / Math.max(0.1, ratePerSecond));
}

export type ReplayCandidate = { id: string; messageId: string; eventType: string; status: string; createdAt: string };

/**
 * Picks what a replay resends from the attempts in its window (all statuses, newest first): one attempt per
 * message whose NEWEST attempt failed. Retries and resends of a message share its id, so resending every failed
 * line would deliver it again and again, and a message already delivered by a later attempt needs nothing.
 * Only the chosen event types when some are chosen.
 */
export function selectReplayItems(attemptsNewestFirst: readonly ReplayCandidate[], eventTypes: readonly string[]): ReplayCandidate[] {
  const seen = new Set<string>();
  const out: ReplayCandidate[] = [];
  for (const a of attemptsNewestFirst) {
    if (seen.has(a.messageId)) continue;
    seen.add(a.messageId);
    if (a.status !== 'FAILED') continue;
    if (eventTypes.length && !eventTypes.includes(a.eventType)) continue;
    out.push(a);
  }
  return out;
}

/**
 * Console failure codes after which the outcome of a request is unknown or the request was never made (no
 * answer, time-out, service unreachable or busy, open circuit): a click that ends with one keeps its idempotency
 * key, so trying again is the same intent and cannot resend twice. Any other failure is the service's answer.
 */
const RETRYABLE_FAILURE_CODES: ReadonlySet<string> = new Set([
  'NO_RESPONSE',
  'TIMEOUT',
  'ABORTED',
  'SERVICE_UNREACHABLE',
  'CIRCUIT_OPEN',
  'SERVICE_BUSY',
  'SERVICE_FAILED',
  'TOKEN_UNAVAILABLE',
  'INTERNAL',
]);

export function isRetryableFailure(code: string): boolean {
  return RETRYABLE_FAILURE_CODES.has(code);
}
