import 'server-only';
import { and, eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { payoutRequests } from '@/lib/db/schema';
import type { PayoutStatus } from '@/lib/domain/payouts';
import { notifyPayout } from '@/lib/notifications/payout-facts';
import { requirePermission, type PayoutActor } from './actor';
import { assertOpenFor } from './approval';
import { PayoutError } from './errors';
import { getPayout, payoutTransition } from './store';

export const REJECTION_REASON_MAX = 500;

/** An approver (never the requester) refuses the request; the reason reaches the requester. */
export async function rejectPayout(actor: PayoutActor, input: { requestId: string; reason: string }): Promise<PayoutStatus> {
  requirePermission(actor, 'payouts:approve');
  const reason = input.reason.trim();
  if (!reason) throw new PayoutError('REASON_REQUIRED', {}, { reason: 'REASON_REQUIRED' });
  const db = await getDb();
  const p = assertOpenFor(await getPayout(input.requestId, db), actor);
  const at = now();
  const reject = payoutTransition('REJECT', { at: at.toISOString(), by: actor.email, note: reason.slice(0, REJECTION_REASON_MAX) });
  const moved = await db
    .update(payoutRequests)
    .set({
      ...reject.set,
      rejectionReason: reason.slice(0, REJECTION_REASON_MAX),
      decidedById: actor.id,
      decidedByEmail: actor.email,
      updatedAt: at,
    })
    .where(and(eq(payoutRequests.id, p.id), reject.guard))
    .returning({ id: payoutRequests.id });
  if (moved.length === 0) throw new PayoutError('INVALID_STATUS', { status: p.status });
  await notifyPayout('payout.rejected', p, { actorId: actor.id, reason });
  return reject.to;
}
