import { getAccount } from '@/lib/api/accounts';
import { guardedGet, jsonResponse, routeError } from '@/lib/api/route-handler';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One account: `{data, requestId}`. A malformed id cannot exist, so it is a 404 without calling the service. */
export const GET = guardedGet<{ accountId: string }>('accounts:read', async ({ request, params }) => {
  if (!UUID.test(params.accountId)) {
    return routeError(404, { code: 'RESOURCE_NOT_FOUND', message: 'No account with this id.', requestId: null });
  }
  const account = await getAccount(params.accountId, { signal: request.signal });
  return jsonResponse({ data: account.data, requestId: account.requestId });
});
