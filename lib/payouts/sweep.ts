import 'server-only';
import { and, eq, isNull, lte, or, lt } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record-audit';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { payoutRequests } from '@/lib/db/schema';
import { EXECUTION_LEASE_MS, executePayout, syncPayout } from './execute';
import type { PayoutDeps } from './quotes';
import { appendState, idsInStatus } from './store';

/**
 * One pass of the background sweep: expire requests still waiting after 7 days, resume executions whose lease
 * lapsed (a crash, a time-out: same derived keys, so at most one withdrawal), follow PROCESSING withdrawals.
 * Every step is a guarded update, so two console instances sweeping at once move each request once.
 */
export async function runPayoutSweep(deps: PayoutDeps = {}): Promise<{ expired: number; resumed: number; synced: number }> {
  const db = await getDb();
  const at = now();
  const expired = await db
    .update(payoutRequests)
    .set({ status: 'EXPIRED', updatedAt: at, states: appendState({ status: 'EXPIRED', at: at.toISOString(), by: 'system' }) })
    .where(and(eq(payoutRequests.status, 'APPROVING'), lte(payoutRequests.expiresAt, at)))
    .returning({ id: payoutRequests.id });
  for (const { id } of expired) {
    await recordAudit({ actor: { id: null, email: 'system' }, action: 'payouts.expire', target: id, outcome: 'success' });
  }
  const resumed = await db
    .update(payoutRequests)
    .set({ leaseUntil: new Date(at.getTime() + EXECUTION_LEASE_MS) })
    .where(and(eq(payoutRequests.status, 'EXECUTING'), or(isNull(payoutRequests.leaseUntil), lt(payoutRequests.leaseUntil, at))))
    .returning({ id: payoutRequests.id });
  for (const { id } of resumed) await executePayout(id, deps);
  const processing = await idsInStatus(['PROCESSING'], db);
  for (const id of processing.slice(0, 50)) await syncPayout(id, deps);
  return { expired: expired.length, resumed: resumed.length, synced: processing.length };
}

const globalForSweep = globalThis as unknown as { __payoutSweep?: ReturnType<typeof setInterval> };

/** Starts the in-process sweep once per process (instrumentation). */
export function startPayoutSweep(intervalMs = 2_000): void {
  if (globalForSweep.__payoutSweep) return;
  let running = false;
  globalForSweep.__payoutSweep = setInterval(() => {
    if (running) return;
    running = true;
    runPayoutSweep()
      .catch((error: unknown) => console.error(`[payouts] sweep failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  globalForSweep.__payoutSweep.unref?.();
}
