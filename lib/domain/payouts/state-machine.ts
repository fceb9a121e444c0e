/**
 * A payout request's life in the console (the service only ever sees the final withdrawal):
 *
 *   APPROVING ──approve (not enough yet)──► APPROVING
 *   APPROVING ──final approve──► EXECUTING ──withdrawal created──► PROCESSING ──► COMPLETED | FAILED
 *                                EXECUTING ──re-quote beyond tolerance──► APPROVING (approvals start over)
 *                                EXECUTING ──service refused for good──► FAILED
 *   APPROVING ──reject──► REJECTED · ──cancel (requester)──► CANCELLED · ──7 days──► EXPIRED
 *
 * EXECUTING is the claim that makes money move once: only the caller whose guarded update moved the row
 * APPROVING → EXECUTING creates the withdrawal.
 */
export const PAYOUT_STATUSES = [
  'APPROVING',
  'EXECUTING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'REJECTED',
  'CANCELLED',
  'EXPIRED',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_EVENTS = [
  'APPROVE',
  'APPROVE_FINAL',
  'SUBMITTED',
  'RETURN_FOR_APPROVAL',
  'EXECUTION_FAILED',
  'SETTLED',
  'SETTLEMENT_FAILED',
  'REJECT',
  'CANCEL',
  'EXPIRE',
] as const;
export type PayoutEvent = (typeof PAYOUT_EVENTS)[number];

const TRANSITIONS: Readonly<Record<PayoutEvent, { from: PayoutStatus; to: PayoutStatus }>> = {
  APPROVE: { from: 'APPROVING', to: 'APPROVING' },
  APPROVE_FINAL: { from: 'APPROVING', to: 'EXECUTING' },
  SUBMITTED: { from: 'EXECUTING', to: 'PROCESSING' },
  RETURN_FOR_APPROVAL: { from: 'EXECUTING', to: 'APPROVING' },
  EXECUTION_FAILED: { from: 'EXECUTING', to: 'FAILED' },
  SETTLED: { from: 'PROCESSING', to: 'COMPLETED' },
  SETTLEMENT_FAILED: { from: 'PROCESSING', to: 'FAILED' },
  REJECT: { from: 'APPROVING', to: 'REJECTED' },
  CANCEL: { from: 'APPROVING', to: 'CANCELLED' },
  EXPIRE: { from: 'APPROVING', to: 'EXPIRED' },
};

/** A new request waits for its approvals. */
export const INITIAL_PAYOUT_STATUS: PayoutStatus = 'APPROVING';

export const TERMINAL_STATUSES: ReadonlySet<PayoutStatus> = new Set(['COMPLETED', 'FAILED', 'REJECTED', 'CANCELLED', 'EXPIRED']);

export type TransitionResult = { ok: true; from: PayoutStatus; to: PayoutStatus } | { ok: false; code: 'INVALID_TRANSITION'; from: PayoutStatus; event: PayoutEvent };

export function transition(status: PayoutStatus, event: PayoutEvent): TransitionResult {
  const t = TRANSITIONS[event];
  return t.from === status ? { ok: true, from: status, to: t.to } : { ok: false, code: 'INVALID_TRANSITION', from: status, event };
}

/** The status an event requires (the `WHERE status = …` of its guarded update). */
export function requiredStatus(event: PayoutEvent): PayoutStatus {
  return TRANSITIONS[event].from;
}

export function targetStatus(event: PayoutEvent): PayoutStatus {
  return TRANSITIONS[event].to;
}

export function isTerminal(status: PayoutStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}

export function isPayoutStatus(value: unknown): value is PayoutStatus {
  return typeof value === 'string' && (PAYOUT_STATUSES as readonly string[]).includes(value);
}

/** A request waits this long for its approvals, then the sweep expires it. */
export const PAYOUT_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

export function expiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PAYOUT_EXPIRY_MS);
}

/**
 * Whether the expiry deadline means anything to the reader: only while the request still waits for approvals
 * (APPROVING). Once approved, executed, rejected, cancelled or expired, "expires if not approved by" is false.
 */
export function showsApprovalDeadline(status: PayoutStatus): boolean {
  return status === 'APPROVING';
}

/** What a given user may do with a request now; the server actions re-check each of these. */
export function availableActions(
  request: { status: PayoutStatus; requesterId: string; approverIds: readonly string[] },
  user: { id: string; canApprove: boolean; canRequest: boolean },
): { approve: boolean; reject: boolean; cancel: boolean } {
  const open = request.status === 'APPROVING';
  const isRequester = request.requesterId === user.id;
  return {
    approve: open && user.canApprove && !isRequester && !request.approverIds.includes(user.id),
    reject: open && user.canApprove && !isRequester,
    cancel: open && isRequester && user.canRequest,
  };
}
