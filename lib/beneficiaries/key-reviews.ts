import 'server-only';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { getBeneficiary } from '@/lib/api/beneficiaries';
import type { ApiClient } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import type { Beneficiary } from '@/lib/api/schemas/beneficiary';
import type { Role } from '@/lib/auth/permissions';
import { now } from '@/lib/clock';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { beneficiaryKeyReviews, type BeneficiaryKeyReviewRow } from '@/lib/db/schema';
import {
  normaliseRejectionReason,
  reviewRefusal,
  type KeyReviewDecision,
  type KeyReviewRecord,
  type ReviewRefusal,
} from '@/lib/domain/beneficiaries/key-review';
import { keyApprovalStatement } from '@/lib/domain/beneficiaries/key-review-statement';
import type { StepUpStatement } from '@/lib/domain/step-up/statement';
import { DomainError } from '@/lib/errors';

export type KeyReviewActor = { id: string; email: string; name: string; role: Role };

export type KeyReviewErrorCode = `KEY_REVIEW_${ReviewRefusal | 'NOT_FOUND' | 'REASON_REQUIRED'}`;

/** Refusals of a review: codes of the `errors` catalogue. */
export class KeyReviewError extends DomainError {
  declare readonly code: KeyReviewErrorCode;
  constructor(code: KeyReviewErrorCode, fields: Record<string, string> = {}) {
    const status =
      code === 'KEY_REVIEW_FORBIDDEN' || code === 'KEY_REVIEW_OWN_KEY' ? 403 : code === 'KEY_REVIEW_NOT_FOUND' ? 404 : code === 'KEY_REVIEW_REASON_REQUIRED' ? 400 : 409;
    super(code, { fields, httpStatus: status });
    this.name = 'KeyReviewError';
  }
}


function toRecord(row: BeneficiaryKeyReviewRow): KeyReviewRecord {
  return {
    instructionId: row.instructionId,
    creatorId: row.creatorId,
    creatorName: row.creatorName,
    decision: row.decision,
    reviewerName: row.reviewerName,
    decidedBySystem: row.decidedBySystem,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

/** The team's reviews of these keys; a key missing from the map has none (awaiting review, creator unknown). */
export async function keyReviewsFor(instructionIds: readonly string[], db?: ConsoleDb): Promise<Map<string, KeyReviewRecord>> {
  const ids = [...new Set(instructionIds)].filter(isUuidLike);
  if (ids.length === 0) return new Map();
  const rows = await (db ?? (await getDb())).select().from(beneficiaryKeyReviews).where(inArray(beneficiaryKeyReviews.instructionId, ids));
  return new Map(rows.map((r) => [r.instructionId, toRecord(r)]));
}

export async function keyReviewOf(instructionId: string, db?: ConsoleDb): Promise<KeyReviewRecord | null> {
  return (await keyReviewsFor([instructionId], db)).get(instructionId) ?? null;
}

function isUuidLike(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * A key just added through the console: who added it is the one person who may never approve it. A retried
 * creation (same idempotency key, same instruction) keeps the first row.
 */
export async function recordKeyCreated(
  input: { instructionId: string; beneficiaryId: string; creator: { id: string; email: string; name: string } },
  db?: ConsoleDb,
): Promise<void> {
  await (db ?? (await getDb()))
    .insert(beneficiaryKeyReviews)
    .values({
      instructionId: input.instructionId,
      beneficiaryId: input.beneficiaryId,
      creatorId: input.creator.id,
      creatorEmail: input.creator.email,
      creatorName: input.creator.name,
      createdAt: now(),
    })
    .onConflictDoNothing();
}

/**
 * Keys the console itself put at the service (the embedded sandbox's demo data): approved by the system, so the
 * demo's own beneficiary can be paid on a fresh machine. Never used for anything a person added.
 */
export async function recordSystemApprovals(keys: ReadonlyArray<{ instructionId: string; beneficiaryId: string }>, why: string, db?: ConsoleDb): Promise<void> {
  if (keys.length === 0) return;
  const at = now();
  await (db ?? (await getDb()))
    .insert(beneficiaryKeyReviews)
    .values(
      keys.map((k) => ({
        instructionId: k.instructionId,
        beneficiaryId: k.beneficiaryId,
        createdAt: at,
        decision: 'APPROVED' as const,
        decidedBySystem: true,
        decidedAt: at,
        proof: { method: 'system', why },
      })),
    )
    .onConflictDoNothing();
}

export interface KeyToReview {
  beneficiary: Beneficiary;
  instruction: Beneficiary['paymentInstructions'][number];
  record: KeyReviewRecord | null;
  /** What an approver signs (step-up purpose `beneficiary-key.approve`, subject = the instruction id). */
  statement: StepUpStatement;
}

/** The key as the service has it NOW and its review; refuses (with a code) when `actor` may not decide it. */
export async function loadKeyToReview(
  actor: KeyReviewActor,
  input: { beneficiaryId: string; instructionId: string },
  deps: { client?: ApiClient } = {},
): Promise<KeyToReview> {
  if (reviewRefusal(actor, null, 'APPROVED') === 'FORBIDDEN') throw new KeyReviewError('KEY_REVIEW_FORBIDDEN');
  const beneficiary = await getBeneficiary(input.beneficiaryId, { client: deps.client }).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) throw new KeyReviewError('KEY_REVIEW_NOT_FOUND');
    throw error;
  });
  const instruction = beneficiary.data.paymentInstructions.find((i) => i.id === input.instructionId);
  if (!instruction) throw new KeyReviewError('KEY_REVIEW_NOT_FOUND');
  const record = await keyReviewOf(instruction.id);
  const refusal = reviewRefusal(actor, record, instruction.currentState.status);
  if (refusal) throw new KeyReviewError(`KEY_REVIEW_${refusal}`);
  return {
    beneficiary: beneficiary.data,
    instruction,
    record,
    statement: keyApprovalStatement(beneficiary.data as { id: string; holder: { type: string } }, instruction),
  };
}

export interface DecideKeyInput {
  beneficiaryId: string;
  instructionId: string;
  decision: KeyReviewDecision;
  reason?: string;
}

/**
 * Approves or rejects a key, once. `verify` runs after every check and before anything changes: for an approval
 * it consumes the approver's step-up over `statement` (recomputed from the service now) and returns the proof kept
 * with the decision. The decision itself is one guarded UPDATE (`decision IS NULL`, reviewer ≠ creator), so two
 * reviewers racing, or a creator slipping past the checks above, change nothing.
 */
export async function decideKey(
  actor: KeyReviewActor,
  input: DecideKeyInput,
  deps: { client?: ApiClient; verify?: (key: KeyToReview) => Promise<Record<string, unknown> | null> } = {},
): Promise<{ record: KeyReviewRecord; key: KeyToReview }> {
  const reason = input.decision === 'REJECTED' ? normaliseRejectionReason(input.reason) : null;
  if (input.decision === 'REJECTED' && !reason) {
    throw new KeyReviewError('KEY_REVIEW_REASON_REQUIRED', { reason: 'KEY_REVIEW_REASON_REQUIRED' });
  }
  const key = await loadKeyToReview(actor, input, deps);
  const proof = deps.verify ? await deps.verify(key) : null;
  const db = await getDb();
  const at = now();
  // A key with no row (not added through the console): its row starts here, creator unknown.
  await db
    .insert(beneficiaryKeyReviews)
    .values({ instructionId: key.instruction.id, beneficiaryId: key.beneficiary.id, createdAt: new Date(key.instruction.createdAt) })
    .onConflictDoNothing();
  const [row] = await db
    .update(beneficiaryKeyReviews)
    .set({
      decision: input.decision,
      reviewerId: actor.id,
      reviewerEmail: actor.email,
      reviewerName: actor.name,
      decidedAt: at,
      reason,
      proof,
    })
    .where(
      and(
        eq(beneficiaryKeyReviews.instructionId, key.instruction.id),
        isNull(beneficiaryKeyReviews.decision),
        or(isNull(beneficiaryKeyReviews.creatorId), ne(beneficiaryKeyReviews.creatorId, actor.id)),
      ),
    )
    .returning();
  if (!row) {
    const latest = await keyReviewOf(key.instruction.id, db);
    const refusal = reviewRefusal(actor, latest, key.instruction.currentState.status) ?? 'ALREADY_DECIDED';
    throw new KeyReviewError(`KEY_REVIEW_${refusal}`);
  }
  return { record: toRecord(row), key };
}
