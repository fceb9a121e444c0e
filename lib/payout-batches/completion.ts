import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record-audit';
import type { ConsoleDb } from '@/lib/db/client';
import { payoutBatches } from '@/lib/db/schema';
import { batchNotice } from '@/lib/domain/payout-batches/requester-notices';
import { batchSourcesOf, rowsFinal } from '@/lib/domain/payout-batches/state-machine';
import { notify } from '@/lib/notifications/notify';
import { errorField, log } from '@/lib/observability/logger';
import { rowCounts } from './store';

const SYSTEM = { id: null, email: 'system' } as const;

/**
 * Moves an executing batch to COMPLETED once every row is final (withdrawal completed or failed, row failed or
 * cancelled), with a guarded update so the executor and the sweep finishing it at once complete it once; only the
 * caller whose update moved it audits and tells the requester. True when this call completed it.
 */
export async function completeIfFinal(batchId: string, db: ConsoleDb): Promise<boolean> {
  const counts = await rowCounts(batchId, db);
  if (!rowsFinal(counts)) return false;
  const [done] = await db
    .update(payoutBatches)
    .set({ status: 'COMPLETED', finishedAt: sql`now()`, updatedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
    .where(and(eq(payoutBatches.id, batchId), inArray(payoutBatches.status, batchSourcesOf('COMPLETED'))))
    .returning();
  if (!done) return false;
  await recordAudit(
    {
      actor: SYSTEM,
      action: 'payoutBatches.complete',
      target: batchId,
      outcome: counts.FAILED === 0 ? 'success' : 'error',
      details: { rows: done.rowCount, completed: counts.COMPLETED, failed: counts.FAILED, cancelled: counts.CANCELLED },
    },
    db,
  ).catch((error: unknown) => log().error({ kind: 'audit', batchId, error: errorField(error) }, 'could not audit batch completion'));
  await notify(batchNotice(done, { kind: 'finished', counts }), { db });
  return true;
}
