import { listAccounts } from '@/lib/api/accounts';
import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { parseAccountListQuery } from './query';

export const dynamic = 'force-dynamic';

/** One page of accounts for browser-side paging: `{data, meta, requestId}`. Query as in the contract. */
export const GET = guardedGet('accounts:read', async ({ request }) => {
  const parsed = parseAccountListQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return routeFailure('INVALID_QUERY', 400, parsed.fieldErrors);
  const page = await listAccounts(parsed.query, { signal: request.signal });
  return jsonResponse({ data: page.data, meta: page.meta, requestId: page.requestId });
});
