import { getBalances } from '@/lib/api/balances';
import { guardedGet, jsonResponse, routeError } from '@/lib/api/route-handler';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account's balances as the service reports them right now: `{data: {accountId, fiat, crypto}, requestId}`. */
export const GET = guardedGet('accounts:read', async ({ request }) => {
  const accountId = new URL(request.url).searchParams.get('accountId') ?? '';
  if (!UUID.test(accountId)) {
    return routeError(400, {
      code: 'INVALID_QUERY',
      message: 'The list parameters are not valid.',
      requestId: null,
      fieldErrors: { accountId: 'Give the id of an account.' },
    });
  }
  const result = await getBalances(accountId, { signal: request.signal });
  return jsonResponse({ data: result.data, requestId: result.requestId });
});
