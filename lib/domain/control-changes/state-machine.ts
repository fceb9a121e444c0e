/**
 * A control change's life: PENDING until another admin approves (→ APPROVED → APPLIED in one transaction) or rejects
 * it, its requester cancels it, it expires unanswered, or — with a single admin — its delay passes (→ APPLIED).
 * A change whose subject moved on meanwhile (the user's role changed, the policy was edited) is CANCELLED, not applied.
 */
export const CONTROL_CHANGE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'APPLIED', 'CANCELLED', 'EXPIRED'] as const;
export type ControlChangeStatus = (typeof CONTROL_CHANGE_STATUSES)[number];

const TRANSITIONS: Record<ControlChangeStatus, readonly ControlChangeStatus[]> = {
  PENDING: ['APPROVED', 'REJECTED', 'APPLIED', 'CANCELLED', 'EXPIRED'],
  APPROVED: ['APPLIED', 'CANCELLED'],
  REJECTED: [],
  APPLIED: [],
  CANCELLED: [],
  EXPIRED: [],
};

export function canTransition(from: ControlChangeStatus, to: ControlChangeStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFinal(status: ControlChangeStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

export type DecisionRefusal = 'OWN_CHANGE' | 'NOT_PENDING' | 'EXPIRED';

/**
 * Whether `actorId` may approve (or reject) the change now. Only ANOTHER admin decides a change (its requester
 * cancels it instead). A pending change past its expiry can no longer be decided.
 */
export function decisionRefusal(
  change: { status: ControlChangeStatus; requestedById: string; expiresAt: Date },
  actorId: string,
  at: Date,
): DecisionRefusal | null {
  if (change.status !== 'PENDING') return 'NOT_PENDING';
  if (change.expiresAt.getTime() <= at.getTime()) return 'EXPIRED';
  if (change.requestedById === actorId) return 'OWN_CHANGE';
  return null;
}
