import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { batchProgress } from '@/lib/payout-batches/progress';
import { isUuid } from '@/lib/validation/uuid';

export const dynamic = 'force-dynamic';

/** A batch's status and each row's withdrawal, polled by the batch page (react-query) while it executes. */
export const GET = guardedGet<{ batchId: string }>('payouts:request', async ({ params }) => {
  if (!isUuid(params.batchId)) return routeFailure('NOT_FOUND', 404);
  const progress = await batchProgress(params.batchId);
  if (!progress) return routeFailure('NOT_FOUND', 404);
  return jsonResponse({ data: progress });
});
