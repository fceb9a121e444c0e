import { getAccount } from '@/lib/api/accounts';
import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { isUuid } from '@/lib/validation/uuid';

export const dynamic = 'force-dynamic';

/** One account: `{data, requestId}`. A malformed id cannot exist, so it is a 404 without calling the service. */
export const GET = guardedGet<{ accountId: string }>('accounts:read', async ({ request, params }) => {
  if (!isUuid(params.accountId)) return routeFailure('RESOURCE_NOT_FOUND', 404);
  const account = await getAccount(params.accountId, { signal: request.signal });
  return jsonResponse({ data: account.data, requestId: account.requestId });
});
