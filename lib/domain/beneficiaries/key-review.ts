import { can, type Role } from '@/lib/auth/permissions';

/**
 * The customer's own review of a beneficiary key (a payment instruction), on top of the service's review: the
 * service APPROVED a key is necessary but not sufficient — a person of this team other than whoever added the key
 * must approve it too before any payout may use it (payee approval, as Ramp does it).
 *
 * AWAITING_REVIEW → APPROVED | REJECTED, once. A key with no review record (added before this rule, or outside the
 * console) is AWAITING_REVIEW with its creator unknown: any eligible person may review it.
 */
export type KeyReviewState = 'AWAITING_REVIEW' | 'APPROVED' | 'REJECTED';
export type KeyReviewDecision = Exclude<KeyReviewState, 'AWAITING_REVIEW'>;

export const KEY_REVIEW_REASON_MAX = 500;

/** What the rules need of a stored review (lib/beneficiaries/key-reviews.ts keeps the row). */
export interface KeyReviewRecord {
  instructionId: string;
  /** Null: not added through the console (or before the rule existed), so nobody is excluded as its creator. */
  creatorId: string | null;
  creatorName: string | null;
  decision: KeyReviewDecision | null;
  reviewerName: string | null;
  /** Decided by the console itself (the demo seed's own keys), not by a person. */
  decidedBySystem: boolean;
  decidedAt: string | null;
  reason: string | null;
}

export function keyReviewState(record: Pick<KeyReviewRecord, 'decision'> | null | undefined): KeyReviewState {
  return record?.decision ?? 'AWAITING_REVIEW';
}

export type ReviewRefusal = 'FORBIDDEN' | 'OWN_KEY' | 'ALREADY_DECIDED' | 'SERVICE_REJECTED';

/**
 * Whether `actor` may decide this key now. The permission comes first (a role that may not review sees no button),
 * then the creator (server-enforced: the one who added a key never approves it), then a decision already taken.
 * A key the service itself rejected can never be paid, so there is nothing for the team to decide.
 */
export function reviewRefusal(
  actor: { id: string; role: Role },
  record: Pick<KeyReviewRecord, 'creatorId' | 'decision'> | null | undefined,
  serviceStatus: string,
): ReviewRefusal | null {
  if (!can(actor.role, 'beneficiaries:approve-key')) return 'FORBIDDEN';
  if (record?.creatorId && record.creatorId === actor.id) return 'OWN_KEY';
  if (record?.decision) return 'ALREADY_DECIDED';
  if (serviceStatus === 'REJECTED') return 'SERVICE_REJECTED';
  return null;
}

export type PayoutBlock = 'SERVICE_STATUS' | 'AWAITING_REVIEW' | 'REJECTED';

/** Why a key cannot receive a payout now, or null when it can: the service approved it AND the team did. */
export function payoutBlock(serviceStatus: string, record: Pick<KeyReviewRecord, 'decision'> | null | undefined): PayoutBlock | null {
  if (serviceStatus !== 'APPROVED') return 'SERVICE_STATUS';
  const state = keyReviewState(record);
  if (state === 'APPROVED') return null;
  return state;
}

/** A rejection needs a reason (trimmed, bounded): it is what the creator reads on the beneficiary page. */
export function normaliseRejectionReason(reason: string | undefined): string | null {
  const trimmed = (reason ?? '').trim();
  return trimmed ? trimmed.slice(0, KEY_REVIEW_REASON_MAX) : null;
}
