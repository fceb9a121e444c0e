import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { isUuid } from '@/lib/validation/uuid';
import { getReplayJob } from '@/lib/webhooks/replay-store';

/** A replay job's progress, polled by the webhooks page while the job runs (every role may read it). */
export const GET = guardedGet<{ jobId: string }>('webhooks:read', async ({ params }) => {
  if (!isUuid(params.jobId)) return routeFailure('NOT_FOUND', 404);
  const job = await getReplayJob(params.jobId);
  if (!job) return routeFailure('NOT_FOUND', 404);
  return jsonResponse({ data: job });
});
