import { guardedGet, jsonResponse, routeError } from '@/lib/api/route-handler';
import { getReplayJob } from '@/lib/webhooks/replay-store';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A replay job's progress, polled by the webhooks page while the job runs (every role may read it). */
export const GET = guardedGet<{ jobId: string }>('webhooks:read', async ({ params }) => {
  if (!UUID_RE.test(params.jobId)) return routeError(404, { code: 'NOT_FOUND', message: 'Replay job not found.', requestId: null });
  const job = await getReplayJob(params.jobId);
  if (!job) return routeError(404, { code: 'NOT_FOUND', message: 'Replay job not found.', requestId: null });
  return jsonResponse({ data: job });
});
