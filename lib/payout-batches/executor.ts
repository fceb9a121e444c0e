import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isApiError } from '@/lib/api/errors';
import { keyReviewOf } from '@/lib/beneficiaries/key-reviews';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { leaseExpiry, processLeaseOwner } from '@/lib/db/lease';
import { payoutBatchRows, payoutBatches, type PayoutBatchLineRow, type PayoutBatchRow } from '@/lib/db/schema';
import { payoutBlock } from '@/lib/domain/beneficiaries/key-review';
import { batchRowKey } from '@/lib/domain/payout-batches/keys';
import { rowSourcesOf, rowsSettled } from '@/lib/domain/payout-batches/state-machine';
import { errorField, log } from '@/lib/observability/logger';
import { count, recordBatchJob } from '@/lib/observability/metrics';
import { runWithRequestContext } from '@/lib/observability/request-context';
import { isDraining, onDrain } from '@/lib/observability/shutdown';
import { withSpan } from '@/lib/observability/tracing';
import { isDefiniteRefusal } from '@/lib/payouts/upstream';
import { wakePayoutSweep } from '@/lib/payouts/sweep';
import { completeIfFinal } from './completion';
import { rowCounts } from './store';

/** What one row's execution asks of the service (the console's wire client; a fake in tests). */
export interface RowSender {
  quote(input: { accountId: string; asset: string; amount: string }, idempotencyKey: string): Promise<{ id: string }>;
  withdraw(input: { accountId: string; quoteId: string; beneficiaryId: string; instructionId: string }, idempotencyKey: string): Promise<{ id: string; status: string }>;
}

export type ExecutorDeps = {
  db: ConsoleDb;
  send: RowSender;
  owner: string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  leaseMs: number;
  /** Rows sent per second at most (each row is one quote and one withdrawal). */
  rowsPerSecond: number;
  /** True once this process is shutting down: the batch stops at its next checkpoint (between two rows). */
  stopping?: () => boolean;
};

/** `sent`: every row went out and some withdrawals are still moving; the payout sweep follows them (lib/payout-batches/follow.ts). */
export type ExecuteResult = 'completed' | 'sent' | 'cancelled' | 'lost' | 'paused';

/**
 * Rows sent per second: `PAYOUT_BATCH_ROWS_PER_SECOND` (1-100), 10 by default — each row is two calls to the
 * service (quote, withdrawal), so 10 rows/s stays within the service's per-client limits and a 1,000-row batch
 * takes under two minutes.
 */
export function batchRowsPerSecond(): number {
  const n = Number(process.env.PAYOUT_BATCH_ROWS_PER_SECOND);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : 10;
}

const QUOTE_ATTEMPTS = 3;

/** How long an executor holds a batch without renewing it; past that (its process died) another instance takes it. */
export const BATCH_LEASE_MS = 30_000;

/**
 * Takes the oldest batch with rows left to send that nobody holds (or whose holder's lease ran out): an APPROVED one
 * is moved to EXECUTING by this very update (guarded by its status); a CANCELLED one is taken only to settle a row
 * that was in flight when it was cancelled. A batch whose rows all went out waits for the sweep, not for this loop.
 */
export async function claimBatch(deps: Pick<ExecutorDeps, 'db' | 'owner' | 'leaseMs'>): Promise<PayoutBatchRow | null> {
  const [batch] = await deps.db
    .update(payoutBatches)
    .set({
      status: sql`CASE WHEN ${payoutBatches.status} = 'APPROVED' THEN 'EXECUTING' ELSE ${payoutBatches.status} END`,
      leaseOwner: deps.owner,
      leaseUntil: leaseExpiry(deps.leaseMs),
      updatedAt: sql`now()`,
    })
    .where(
      sql`${payoutBatches.id} = (
        SELECT b.id FROM console.payout_batches b
        WHERE (b.status = 'APPROVED'
               OR (b.status = 'EXECUTING' AND EXISTS (SELECT 1 FROM console.payout_batch_rows r WHERE r.batch_id = b.id AND r.status IN ('PENDING', 'SUBMITTING')))
               OR (b.status = 'CANCELLED' AND EXISTS (SELECT 1 FROM console.payout_batch_rows r WHERE r.batch_id = b.id AND r.status = 'SUBMITTING')))
          AND (b.lease_until IS NULL OR b.lease_until < now() OR b.lease_owner = ${deps.owner})
        ORDER BY b.created_at LIMIT 1 FOR UPDATE SKIP LOCKED)`,
    )
    .returning();
  return batch ?? null;
}

/** Extends the lease while the batch is ours; returns its status, or null when another process took it. */
async function renewLease(batchId: string, deps: ExecutorDeps): Promise<PayoutBatchRow['status'] | null> {
  const [row] = await deps.db
    .update(payoutBatches)
    .set({ leaseUntil: leaseExpiry(deps.leaseMs) })
    .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.leaseOwner, deps.owner), inArray(payoutBatches.status, ['EXECUTING', 'CANCELLED'])))
    .returning({ status: payoutBatches.status });
  return row?.status ?? null;
}

async function release(batchId: string, deps: ExecutorDeps): Promise<void> {
  await deps.db
    .update(payoutBatches)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.leaseOwner, deps.owner)));
}

async function settleRow(batchId: string, line: number, set: Partial<PayoutBatchLineRow>, deps: ExecutorDeps, to: 'CREATED' | 'FAILED'): Promise<void> {
  const moved = await deps.db
    .update(payoutBatchRows)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(payoutBatchRows.batchId, batchId), eq(payoutBatchRows.line, line), inArray(payoutBatchRows.status, rowSourcesOf(to))))
    .returning({ line: payoutBatchRows.line });
  if (moved.length > 0) count((m) => m.batchItems, { outcome: to === 'CREATED' ? 'created' : 'failed' });
}

/**
 * One row's withdrawal: the team's key review read again (a key rejected since the approval is not paid), then a
 * quote and the withdrawal under keys derived from batch id + line (+ quote attempt). Sent again after a crash,
 * the same keys make the service answer with the same quote and the same withdrawal. An expired quote (refused for
 * sure; errors are not stored under a key) moves to the next quote attempt. Returns false when the outcome is
 * unknown (the row stays SUBMITTING and is tried again with the same keys).
 */
async function sendRow(batch: PayoutBatchRow, row: PayoutBatchLineRow, deps: ExecutorDeps): Promise<boolean> {
  const block = payoutBlock('APPROVED', await keyReviewOf(row.instructionId, deps.db));
  if (block) {
    await settleRow(batch.id, row.line, { failure: { code: block === 'REJECTED' ? 'KEY_REJECTED' : 'KEY_NOT_REVIEWED', message: '' } }, deps, 'FAILED');
    return true;
  }
  let attempt = row.quoteAttempt;
  while (attempt < QUOTE_ATTEMPTS) {
    try {
      const quote = await deps.send.quote({ accountId: batch.sourceAccountId, asset: row.asset, amount: row.amount }, batchRowKey(batch.id, row.line, { quoteAttempt: attempt }));
      const op = await deps.send.withdraw(
        { accountId: batch.sourceAccountId, quoteId: quote.id, beneficiaryId: row.beneficiaryId, instructionId: row.instructionId },
        batchRowKey(batch.id, row.line, 'withdrawal'),
      );
      await settleRow(batch.id, row.line, { operationId: op.id, operationStatus: op.status, failure: null }, deps, 'CREATED');
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === 'QUOTE_EXPIRED') {
        attempt += 1;
        await deps.db
          .update(payoutBatchRows)
          .set({ quoteAttempt: attempt })
          .where(and(eq(payoutBatchRows.batchId, batch.id), eq(payoutBatchRows.line, row.line), eq(payoutBatchRows.status, 'SUBMITTING')));
        continue;
      }
      if (isDefiniteRefusal(error)) {
        const e = error as { code?: string; message?: string };
        await settleRow(batch.id, row.line, { failure: { code: String(e.code ?? 'REFUSED'), message: String(e.message ?? '') } }, deps, 'FAILED');
        return true;
      }
      if (deps.stopping?.()) {
        // Most likely cut off by this very stop (lib/api ends such a call at once): the row stays SUBMITTING and the
        // next holder sends it first with the same keys.
        log().info({ kind: 'job', job: 'payoutBatches.execute', batchId: batch.id, line: row.line, code: isApiError(error) ? error.code : 'INTERNAL' }, 'batch row interrupted by shutdown');
        return false;
      }
      log().warn({ kind: 'job', job: 'payoutBatches.execute', batchId: batch.id, line: row.line, error: errorField(error) }, 'batch row outcome unknown; retried with the same keys');
      return false;
    }
  }
  await settleRow(batch.id, row.line, { failure: { code: 'QUOTE_ATTEMPTS_EXHAUSTED', message: '' } }, deps, 'FAILED');
  return true;
}

/**
 * Works one leased batch to its end, one row at a time at `rowsPerSecond`: a row left SUBMITTING (in flight when a
 * process stopped) first, with its same keys; then PENDING rows in file order, each claimed with a guarded update
 * while the batch is EXECUTING (a cancel between two rows stops it). Stops at a checkpoint on SIGTERM.
 */
export async function workBatch(batch: PayoutBatchRow, deps: ExecutorDeps): Promise<ExecuteResult> {
  recordBatchJob('started');
  let result: ExecuteResult | undefined;
  try {
    result = await workRows(batch, deps);
    return result;
  } finally {
    recordBatchJob(result ?? 'failed');
  }
}

async function workRows(batch: PayoutBatchRow, deps: ExecutorDeps): Promise<ExecuteResult> {
  let lastSentAt: number | null = null;
  for (;;) {
    if (deps.stopping?.()) {
      await release(batch.id, deps);
      log().info({ kind: 'job', job: 'payoutBatches.execute', batchId: batch.id }, 'batch paused for shutdown');
      return 'paused';
    }
    const status = await renewLease(batch.id, deps);
    if (status === null) return 'lost';
    const [row] = await deps.db
      .select()
      .from(payoutBatchRows)
      .where(
        and(
          eq(payoutBatchRows.batchId, batch.id),
          status === 'EXECUTING' ? inArray(payoutBatchRows.status, ['SUBMITTING', 'PENDING']) : eq(payoutBatchRows.status, 'SUBMITTING'),
        ),
      )
      .orderBy(sql`(${payoutBatchRows.status} = 'SUBMITTING') DESC`, asc(payoutBatchRows.line))
      .limit(1);
    if (!row) {
      if (status === 'CANCELLED') {
        await release(batch.id, deps);
        return 'cancelled';
      }
      if (rowsSettled(await rowCounts(batch.id, deps.db))) {
        if (await completeIfFinal(batch.id, deps.db)) return 'completed';
        // Withdrawals still moving: followed by the payout sweep, which completes the batch when the last is final.
        await release(batch.id, deps);
        wakePayoutSweep();
        return 'sent';
      }
      continue;
    }
    const wait = lastSentAt === null ? 0 : lastSentAt + 1000 / deps.rowsPerSecond - deps.now();
    if (wait > 0) await deps.sleep(wait);
    // A stop that began during the wait: this instance's listener is closing, and the service may be reached through it.
    if (deps.stopping?.()) continue;
    if (row.status === 'PENDING') {
      // Claimed only while the batch still executes: a cancel that landed since leaves the row CANCELLED.
      const [claimed] = await deps.db
        .update(payoutBatchRows)
        .set({ status: 'SUBMITTING', updatedAt: sql`now()` })
        .where(
          and(
            eq(payoutBatchRows.batchId, batch.id),
            eq(payoutBatchRows.line, row.line),
            inArray(payoutBatchRows.status, rowSourcesOf('SUBMITTING')),
            sql`EXISTS (SELECT 1 FROM console.payout_batches b WHERE b.id = ${batch.id} AND b.status = 'EXECUTING')`,
          ),
        )
        .returning({ line: payoutBatchRows.line });
      if (!claimed) continue;
    }
    lastSentAt = deps.now();
    const settled = await sendRow(batch, row, deps);
    // An unknown outcome while stopping goes straight to the checkpoint: the row stays SUBMITTING for the next holder.
    if (!settled && !deps.stopping?.()) await deps.sleep(1000);
  }
}

/** Longest pause of an idle executor. */
export const BATCH_EXECUTOR_MAX_IDLE_MS = 30_000;

type ExecutorState = { started: boolean; wake?: () => void; stopped: boolean; loop?: Promise<void> };
const globalForExecutor = globalThis as typeof globalThis & { __payoutBatchExecutor?: ExecutorState };

/** The console's wire client as a RowSender: a same-asset quote for the row's amount, then the withdrawal. */
async function wireSender(): Promise<RowSender> {
  const [{ createQuote }, { createWithdrawal }] = await Promise.all([import('@/lib/api/quotes'), import('@/lib/api/operations')]);
  return {
    async quote(input, idempotencyKey) {
      const { data } = await createQuote({ accountId: input.accountId, sourceAsset: input.asset, targetAsset: input.asset, sourceAmount: input.amount }, { idempotencyKey });
      return { id: data.id };
    },
    async withdraw(input, idempotencyKey) {
      const { data } = await createWithdrawal(
        {
          accountId: input.accountId,
          quoteId: input.quoteId,
          beneficiary: { type: 'REFERENCE', id: input.beneficiaryId, paymentInstruction: { type: 'REFERENCE', id: input.instructionId } },
        },
        { idempotencyKey },
      );
      return { id: data.id, status: data.currentState.status };
    },
  };
}

/**
 * The background loop of this console process: claims batches with work left (those a previous process left
 * included) and works them. Started at server start-up (instrumentation) and woken when a batch is approved.
 */
export function startBatchExecutor(overrides: Partial<ExecutorDeps> = {}): void {
  const state = (globalForExecutor.__payoutBatchExecutor ??= { started: false, stopped: false });
  if (state.started) {
    state.wake?.();
    return;
  }
  state.started = true;
  const owner = overrides.owner ?? processLeaseOwner();
  let idleMs = 1000;
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, idleMs);
      idleMs = Math.min(BATCH_EXECUTOR_MAX_IDLE_MS, idleMs * 2);
      state.wake = () => {
        clearTimeout(timer);
        idleMs = 1000;
        resolve();
      };
    });
  state.loop = (async () => {
    const deps: ExecutorDeps = {
      db: overrides.db ?? (await getDb()),
      send: overrides.send ?? (await wireSender()),
      owner,
      now: overrides.now ?? (() => Date.now()),
      sleep: overrides.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
      leaseMs: overrides.leaseMs ?? BATCH_LEASE_MS,
      rowsPerSecond: overrides.rowsPerSecond ?? batchRowsPerSecond(),
      // From the signal on (isDraining), not only from the drain's job stage: the listener closes first.
      stopping: overrides.stopping ?? (() => state.stopped || isDraining()),
    };
    while (!deps.stopping!()) {
      try {
        const batch = await claimBatch(deps);
        if (batch) {
          idleMs = 1000;
          await runWithRequestContext({ requestId: `job-${randomUUID()}`, operation: 'payoutBatches.execute' }, () =>
            withSpan('job payoutBatches.execute', { 'console.job_id': batch.id }, () => workBatch(batch, deps)),
          );
        } else await idle();
      } catch (error) {
        log().error({ kind: 'job', job: 'payoutBatches.execute', error: errorField(error) }, 'batch executor error');
        await idle();
      }
    }
  })();
  onDrain('payout batch executor', 1, async () => {
    state.stopped = true;
    state.wake?.();
    await state.loop;
  });
}

/** Wakes the loop at once (a batch was just approved). */
export function wakeBatchExecutor(): void {
  startBatchExecutor();
}
