import 'server-only';
import { and, eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { payoutRequests } from '@/lib/db/schema';
import type { PayoutStatus } from '@/lib/domain/payouts';
import { requirePermission, type PayoutActor } from './actor';
import { PayoutError } from './errors';
import { getPayout, payoutTransition } from './store';

/** Only the requester cancels, and only while approvals are still open. */
export async function cancelPayout(actor: PayoutActor, input: { requestId: string }): Promise<PayoutStatus> {
  requirePermission(actor, 'payouts:request');
  const db = await getDb();
  const p = await getPayout(input.requestId, db);
  if (!p) throw new PayoutError('NOT_FOUND');
  if (p.requesterId !== actor.id) throw new PayoutError('NOT_REQUESTER');
  const at = now();
  const cancel = payoutTransition('CANCEL', { at: at.toISOString(), by: actor.email });
  const moved = await db
    .update(payoutRequests)
    .set({ ...cancel.set, updatedAt: at })
    .where(and(eq(payoutRequests.id, p.id), eq(payoutRequests.requesterId, actor.id), cancel.guard))
    .returning({ id: payoutRequests.id });
  if (moved.length === 0) throw new PayoutError('INVALID_STATUS', { status: p.status });
  return cancel.to;
}
