import 'server-only';
import { and, isNull, lte, or, lt } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record-audit';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { payoutRequests } from '@/lib/db/schema';
import { EXECUTION_LEASE_MS, executePayout, syncPayout } from './execute';
import type { PayoutDeps } from './upstream';
import { idsInStatus, payoutTransition, stillBefore } from './store';
import { randomUUID } from 'node:crypto';
import { errorField, log } from '@/lib/observability/logger';
import { count } from '@/lib/observability/metrics';
import { runWithRequestContext } from '@/lib/observability/request-context';
import { onDrain } from '@/lib/observability/shutdown';
import { withSpan } from '@/lib/observability/tracing';

/**
 * A step another feature adds to every pass (the batch rows' withdrawals, `lib/payout-batches/follow.ts`), so this
 * folder imports none of the features built on payouts; returns how much it moved. Kept on globalThis: Next may
 * bundle this module more than once in one process.
 */
export type PayoutSweepStep = (deps: PayoutDeps) => Promise<number>;
const globalForSteps = globalThis as unknown as { __payoutSweepSteps?: Map<string, PayoutSweepStep> };
function sweepSteps(): Map<string, PayoutSweepStep> {
  return (globalForSteps.__payoutSweepSteps ??= new Map());
}
/** Adds (or replaces, by name) a step run at the end of every sweep pass. */
export function addPayoutSweepStep(name: string, step: PayoutSweepStep): void {
  sweepSteps().set(name, step);
}

/**
 * One pass of the background sweep: expire requests still waiting after 7 days, resume executions whose lease
 * lapsed (a crash, a time-out: same derived keys, so at most one withdrawal), follow PROCESSING withdrawals, then
 * the steps other features added (the withdrawals of payout batch rows).
 * Every step is a guarded update, so two console instances sweeping at once move each request once.
 */
export async function runPayoutSweep(deps: PayoutDeps = {}): Promise<{ expired: number; resumed: number; synced: number; followed: number }> {
  const db = await getDb();
  const at = now();
  const expire = payoutTransition('EXPIRE', { at: at.toISOString(), by: 'system' });
  const expired = await db
    .update(payoutRequests)
    .set({ ...expire.set, updatedAt: at })
    .where(and(expire.guard, lte(payoutRequests.expiresAt, at)))
    .returning({ id: payoutRequests.id });
  for (const { id } of expired) {
    await recordAudit({ actor: { id: null, email: 'system' }, action: 'payouts.expire', target: id, outcome: 'success' });
  }
  const resumed = await db
    .update(payoutRequests)
    .set({ leaseUntil: new Date(at.getTime() + EXECUTION_LEASE_MS) })
    .where(and(stillBefore('SUBMITTED'), or(isNull(payoutRequests.leaseUntil), lt(payoutRequests.leaseUntil, at))))
    .returning({ id: payoutRequests.id });
  for (const { id } of resumed) await executePayout(id, deps);
  const processing = await idsInStatus(['PROCESSING'], db);
  for (const id of processing.slice(0, 50)) await syncPayout(id, deps);
  // Batch rows' withdrawals are followed the same way, a bounded slice per pass.
  let followed = 0;
  for (const step of sweepSteps().values()) followed += await step(deps);
  return { expired: expired.length, resumed: resumed.length, synced: processing.length, followed };
}

type SweepState = { timer?: ReturnType<typeof setTimeout>; delayMs: number; running: boolean; wake?: () => void; stopped?: boolean; pass?: Promise<void> };
const globalForSweep = globalThis as unknown as { __payoutSweep?: SweepState };

/** Longest pause of an idle sweep: expiry (7 days) and a lapsed lease (15 s) need no finer grain. */
export const PAYOUT_SWEEP_MAX_IDLE_MS = 30_000;

/**
 * Starts the in-process sweep once per process (instrumentation): every `intervalMs` while requests are executing
 * or processing, backing off (doubling) to PAYOUT_SWEEP_MAX_IDLE_MS while there is nothing to move;
 * `wakePayoutSweep()` (an approval started an execution) brings it back at once.
 */
export function startPayoutSweep(intervalMs = 2_000): void {
  if (globalForSweep.__payoutSweep) return;
  const state: SweepState = { delayMs: intervalMs, running: false };
  globalForSweep.__payoutSweep = state;
  const schedule = (ms: number) => {
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(pass, ms);
    state.timer.unref?.();
  };
  const pass = () => {
    if (state.running || state.stopped) return;
    state.running = true;
    state.pass = runWithRequestContext({ requestId: `job-${randomUUID()}`, operation: 'payouts.sweep' }, () =>
      withSpan('job payouts.sweep', {}, () => runPayoutSweep()),
    )
      .then((r) => {
        const busy = r.expired + r.resumed + r.synced + r.followed > 0;
        count((m) => m.jobSteps, { job: 'payouts.sweep', outcome: 'ok' });
        if (busy) log().info({ kind: 'job', job: 'payouts.sweep', ...r }, 'payout sweep');
        state.delayMs = busy ? intervalMs : Math.min(PAYOUT_SWEEP_MAX_IDLE_MS, state.delayMs * 2);
      })
      .catch((error: unknown) => {
        count((m) => m.jobSteps, { job: 'payouts.sweep', outcome: 'failed' });
        log().error({ kind: 'job', job: 'payouts.sweep', error: errorField(error) }, 'payout sweep failed');
      })
      .finally(() => {
        state.running = false;
        if (!state.stopped) schedule(state.delayMs);
      });
  };
  // SIGTERM: no new pass; the one running finishes (each step is a guarded update; an execution it started keeps
  // its lease, which another instance's sweep takes over when it lapses).
  onDrain('payout sweep', 1, async () => {
    state.stopped = true;
    if (state.timer) clearTimeout(state.timer);
    await state.pass;
  });
  state.wake = () => {
    state.delayMs = intervalMs;
    if (!state.running) schedule(intervalMs);
  };
  schedule(intervalMs);
}

/** A request moved to EXECUTING or PROCESSING in this process: follow it at the normal pace again. */
export function wakePayoutSweep(): void {
  globalForSweep.__payoutSweep?.wake?.();
}
