import { getBalances } from '@/lib/api/balances';
import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { isUuid } from '@/lib/validation/uuid';

export const dynamic = 'force-dynamic';

/** An account's balances as the service reports them right now: `{data: {accountId, fiat, crypto}, requestId}`. */
export const GET = guardedGet('accounts:read', async ({ request }) => {
  const accountId = new URL(request.url).searchParams.get('accountId') ?? '';
  if (!isUuid(accountId)) return routeFailure('INVALID_QUERY', 400, { accountId: 'ACCOUNT_ID_INVALID' });
  const result = await getBalances(accountId, { signal: request.signal });
  return jsonResponse({ data: result.data, requestId: result.requestId });
});
