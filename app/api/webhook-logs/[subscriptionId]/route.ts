import { listExecutionLogs } from '@/lib/api/subscriptions';
import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { attemptsSignature, WATCHED_ATTEMPTS } from '@/lib/domain/webhooks/logs-watch';
import { isUuid } from '@/lib/validation/uuid';

/**
 * The signature of a subscription's newest delivery attempts (lib/domain/webhooks/logs-watch.ts), polled by the logs
 * page: failed deliveries never reach this console's receiver, so the live stream cannot announce them. One
 * small page from the service per poll; the page itself re-renders only when the signature changes.
 */
export const GET = guardedGet<{ subscriptionId: string }>('webhooks:read', async ({ params }) => {
  if (!isUuid(params.subscriptionId)) return routeFailure('NOT_FOUND', 404);
  const page = await listExecutionLogs(params.subscriptionId, { limit: WATCHED_ATTEMPTS });
  return jsonResponse({ data: { signature: attemptsSignature(page.data) } });
});
