import { listOperations, type OperationListQuery } from '@/lib/api/operations';
import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { isUuid } from '@/lib/validation/uuid';
import { INTENT_TYPE_VALUES } from '@/lib/api/schemas/operation';

export const dynamic = 'force-dynamic';


/**
 * One page of operations for browser-side reads: `{data, meta, requestId}`. Query: intentType, status, accountId,
 * createdFrom/createdTo (ISO), limit (1–100), cursor — passed to the service's `GET /api/operations` extension.
 */
export const GET = guardedGet('operations:read', async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const query: OperationListQuery = {};
  const fieldErrors: Record<string, string> = {};
  const intentType = params.get('intentType');
  if (intentType) {
    if ((INTENT_TYPE_VALUES as readonly string[]).includes(intentType)) query.intentType = intentType as OperationListQuery['intentType'];
    else fieldErrors.intentType = 'Unknown operation type.';
  }
  const accountId = params.get('accountId');
  if (accountId) {
    if (isUuid(accountId)) query.accountId = accountId;
    else fieldErrors.accountId = 'Give the id of an account.';
  }
  for (const key of ['createdFrom', 'createdTo'] as const) {
    const value = params.get(key);
    if (!value) continue;
    if (Number.isFinite(Date.parse(value))) query[key] = new Date(value).toISOString();
    else fieldErrors[key] = 'Give an ISO date-time.';
  }
  const status = params.get('status');
  if (status) query.status = status;
  const limit = params.get('limit');
  if (limit) {
    const n = Number.parseInt(limit, 10);
    if (String(n) === limit && n >= 1 && n <= 100) query.limit = n;
    else fieldErrors.limit = 'Between 1 and 100.';
  }
  const cursor = params.get('cursor');
  if (cursor) query.cursor = cursor;
  if (Object.keys(fieldErrors).length > 0) {
    return routeFailure('INVALID_QUERY', 400, fieldErrors);
  }
  const page = await listOperations(query, { signal: request.signal });
  return jsonResponse({ data: page.data, meta: page.meta, requestId: page.requestId });
});
