import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record-audit';
import { createQuote } from '@/lib/api/quotes';
import { createWithdrawal, getOperation } from '@/lib/api/operations';
import { isApiError } from '@/lib/api/errors';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { payoutApprovals, payoutRequests, type StoredQuote } from '@/lib/db/schema';
import { driftBps } from '@/lib/domain/quotes/rates';
import { DRIFT_ACK_THRESHOLD_BPS, payoutStepKey, withinTolerance, type PayoutStatus } from '@/lib/domain/payouts';
import { notifyPayout } from '@/lib/notifications/payout-facts';
import { runJobStep } from '@/lib/observability/jobs';
import { toStoredQuote, isDefiniteRefusal, type PayoutDeps } from './upstream';
import { getPayout, payoutTransition, stillBefore } from './store';

/** How long one executor owns an EXECUTING request before the sweep may resume it. */
export const EXECUTION_LEASE_MS = 30_000;
/** Quote attempts within one execution before the request goes back for approval. */
const MAX_QUOTE_ATTEMPTS = 3;
const SYSTEM = { id: null, email: 'system' } as const;

/** The service's reason as it said it; the console's own reasons are codes the `errors` catalogue words (no message). */
function failureOf(error: unknown): { code: string; message: string } {
  if (isApiError(error)) return { code: error.code, message: error.message };
  return { code: 'WITHDRAWAL_NOT_CREATED', message: '' };
}

/**
 * Runs the execution of a request in EXECUTING: quote (derived key per attempt) → drift check against the
 * approvals' tolerance → withdrawal (one derived key per request) → PROCESSING. Safe to run concurrently and
 * repeatedly (two instances, the sweep resuming a lapsed lease, a retry): the keys make the service answer
 * every repeat with the same quote and the same withdrawal, and each state change is a guarded update.
 * Returns the status it left the request in.
 */
export function executePayout(id: string, deps: PayoutDeps = {}): Promise<PayoutStatus | null> {
  return runJobStep('payouts.execute', { 'console.payout_request_id': id }, () => runExecution(id, deps));
}

async function runExecution(id: string, deps: PayoutDeps): Promise<PayoutStatus | null> {
  const db = await getDb();
  for (let step = 0; step < MAX_QUOTE_ATTEMPTS + 2; step++) {
    const p = await getPayout(id, db);
    if (!p) return null;
    if (p.status !== 'EXECUTING') return p.status as PayoutStatus;
    if (p.quoteAttempt > MAX_QUOTE_ATTEMPTS) return returnForApproval(id, 'QUOTE_ATTEMPTS_EXHAUSTED', null);

    let quote: StoredQuote | null = p.executedQuote;
    if (!quote) {
      const fixed = p.fixedSide === 'source' ? { sourceAmount: p.amount } : { targetAmount: p.amount };
      let fresh: StoredQuote;
      try {
        const { data } = await createQuote(
          { accountId: p.sourceAccountId, sourceAsset: p.sourceAsset, targetAsset: p.targetAsset, ...fixed },
          { client: deps.client, idempotencyKey: payoutStepKey(id, { quoteAttempt: p.quoteAttempt }) },
        );
        fresh = toStoredQuote(data);
      } catch (error) {
        if (isDefiniteRefusal(error)) return failExecution(id, failureOf(error));
        return 'EXECUTING'; // outcome unknown: the sweep resumes with the same key after the lease
      }
      const drift = driftBps(p.indicativeQuote.rate, fresh.rate);
      if (!withinTolerance(drift, p.toleranceBps ?? DRIFT_ACK_THRESHOLD_BPS)) return returnForApproval(id, 'DRIFT_BEYOND_TOLERANCE', drift);
      const stored = await db
        .update(payoutRequests)
        .set({ executedQuote: fresh, updatedAt: now() })
        .where(
          and(
            eq(payoutRequests.id, id),
            stillBefore('SUBMITTED'),
            eq(payoutRequests.quoteAttempt, p.quoteAttempt),
            isNull(payoutRequests.executedQuote),
          ),
        )
        .returning({ id: payoutRequests.id });
      if (stored.length === 0) continue; // another executor moved first: re-read
      quote = fresh;
    }

    const withdrawalKey = payoutStepKey(id, 'withdrawal');
    try {
      const { data: op } = await createWithdrawal(
        {
          accountId: p.sourceAccountId,
          quoteId: quote.id,
          beneficiary: { type: 'REFERENCE', id: p.beneficiaryId, paymentInstruction: { type: 'REFERENCE', id: p.instructionId } },
        },
        { client: deps.client, idempotencyKey: withdrawalKey },
      );
      const at = now();
      const submitted = payoutTransition('SUBMITTED', { at: at.toISOString(), note: op.id });
      const moved = await db
        .update(payoutRequests)
        .set({
          ...submitted.set,
          operationId: op.id,
          operationStatus: op.currentState.status,
          leaseUntil: null,
          updatedAt: at,
        })
        .where(and(eq(payoutRequests.id, id), submitted.guard))
        .returning({ id: payoutRequests.id });
      if (moved.length === 1) {
        await recordAudit({
          actor: SYSTEM,
          action: 'payouts.withdrawal',
          target: id,
          outcome: 'success',
          details: { operationId: op.id, quoteId: quote.id, idempotencyKey: withdrawalKey, amount: op.sourceAmount },
        });
      }
      return syncPayout(id, deps);
    } catch (error) {
      if (isApiError(error) && error.code === 'QUOTE_EXPIRED') {
        // The service refused this body for sure (errors are not stored under the key): a new quote may go
        // out under the same withdrawal key.
        await db
          .update(payoutRequests)
          .set({ quoteAttempt: p.quoteAttempt + 1, executedQuote: null, updatedAt: now() })
          .where(and(eq(payoutRequests.id, id), stillBefore('SUBMITTED'), eq(payoutRequests.quoteAttempt, p.quoteAttempt)));
        continue;
      }
      if (isDefiniteRefusal(error)) return failExecution(id, failureOf(error));
      return 'EXECUTING';
    }
  }
  return returnForApproval(id, 'QUOTE_ATTEMPTS_EXHAUSTED', null);
}

async function failExecution(id: string, failure: { code: string; message: string }): Promise<PayoutStatus> {
  const db = await getDb();
  const at = now();
  const failed = payoutTransition('EXECUTION_FAILED', { at: at.toISOString(), note: failure.code });
  const moved = await db
    .update(payoutRequests)
    .set({ ...failed.set, failure, leaseUntil: null, updatedAt: at })
    .where(and(eq(payoutRequests.id, id), failed.guard))
    .returning({ id: payoutRequests.id });
  const after = await getPayout(id);
  if (moved.length === 1) {
    await recordAudit({ actor: SYSTEM, action: 'payouts.fail', target: id, outcome: 'error', details: failure });
    if (after) await notifyPayout('payout.failed', after, { reason: failure.message });
  }
  return (after?.status ?? 'FAILED') as PayoutStatus;
}

/** The re-quote moved beyond what the approvers accepted: approvals start over. */
async function returnForApproval(id: string, code: string, drift: string | null): Promise<PayoutStatus> {
  const db = await getDb();
  const at = now();
  const back = payoutTransition('RETURN_FOR_APPROVAL', { at: at.toISOString(), note: code });
  const moved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(payoutRequests)
      .set({
        ...back.set,
        executedQuote: null,
        leaseUntil: null,
        quoteAttempt: 0,
        updatedAt: at,
      })
      .where(and(eq(payoutRequests.id, id), back.guard))
      .returning({ id: payoutRequests.id });
    if (rows.length === 1) {
      await tx
        .update(payoutApprovals)
        .set({ supersededAt: at })
        .where(and(eq(payoutApprovals.requestId, id), isNull(payoutApprovals.supersededAt)));
    }
    return rows.length === 1;
  });
  const after = await getPayout(id);
  if (moved) {
    await recordAudit({ actor: SYSTEM, action: 'payouts.returnForApproval', target: id, outcome: 'success', details: { code, driftBps: drift } });
    // Approvals start over: the approvers are asked again (a new occurrence of "waits for approval").
    if (after) await notifyPayout('payout.awaiting-approval', after, { occurrence: at.toISOString() });
  }
  return (after?.status ?? back.to) as PayoutStatus;
}

export interface WithdrawalRead {
  status: string;
  reason: { code: string; message: string } | null;
}

/**
 * A withdrawal's status and reason as the service tells them now; null when it cannot be asked (the next sweep
 * asks again). How a single payout and each row of a payout batch follow their withdrawal to COMPLETED or FAILED.
 */
export async function readWithdrawal(operationId: string, deps: PayoutDeps = {}): Promise<WithdrawalRead | null> {
  try {
    const { data: op } = await getOperation(operationId, { client: deps.client });
    const r = op.currentState.reason;
    let reason: WithdrawalRead['reason'] = null;
    if (r && typeof r === 'object') reason = { code: String(r.code), message: String(r.message) };
    else if (typeof r === 'string') reason = { code: r, message: r };
    return { status: op.currentState.status, reason };
  } catch {
    return null;
  }
}

/** Follows the withdrawal of a PROCESSING request to COMPLETED or FAILED (with the service's reason). */
export function syncPayout(id: string, deps: PayoutDeps = {}): Promise<PayoutStatus | null> {
  return runJobStep('payouts.sync', { 'console.payout_request_id': id }, () => followWithdrawal(id, deps));
}

async function followWithdrawal(id: string, deps: PayoutDeps): Promise<PayoutStatus | null> {
  const db = await getDb();
  const p = await getPayout(id, db);
  if (!p) return null;
  if (p.status !== 'PROCESSING' || !p.operationId) return p.status as PayoutStatus;
  const read = await readWithdrawal(p.operationId, deps);
  if (!read) return 'PROCESSING'; // the next sweep or page view asks again
  const { status, reason } = read;
  const at = now();
  if (status === 'COMPLETED' || status === 'FAILED') {
    const failure = status === 'FAILED' ? (reason ?? { code: 'WITHDRAWAL_FAILED', message: '' }) : null;
    const settled = payoutTransition(status === 'COMPLETED' ? 'SETTLED' : 'SETTLEMENT_FAILED', { at: at.toISOString(), note: failure?.code ?? null });
    const to = settled.to;
    const moved = await db
      .update(payoutRequests)
      .set({ ...settled.set, operationStatus: status, failure, updatedAt: at })
      .where(and(eq(payoutRequests.id, id), settled.guard))
      .returning({ id: payoutRequests.id });
    if (moved.length === 1) {
      await recordAudit({
        actor: SYSTEM,
        action: to === 'COMPLETED' ? 'payouts.complete' : 'payouts.fail',
        target: id,
        outcome: to === 'COMPLETED' ? 'success' : 'error',
        details: { operationId: p.operationId, ...(failure ?? {}) },
      });
      await notifyPayout(to === 'COMPLETED' ? 'payout.executed' : 'payout.failed', p, { reason: failure?.message ?? null });
    }
    return to;
  }
  if (status !== p.operationStatus) {
    await db
      .update(payoutRequests)
      .set({ operationStatus: status, updatedAt: at })
      .where(and(eq(payoutRequests.id, id), stillBefore('SETTLED')));
  }
  return 'PROCESSING';
}
