import { listOperations, type OperationListQuery } from '@/lib/api/operations';
import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import type { FieldProblem } from '@/lib/errors';
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
  const fields: Record<string, FieldProblem> = {};
  const intentType = params.get('intentType');
  if (intentType) {
    if ((INTENT_TYPE_VALUES as readonly string[]).includes(intentType)) query.intentType = intentType as OperationListQuery['intentType'];
    else fields.intentType = { code: 'OPERATION_TYPE_UNKNOWN' };
  }
  const accountId = params.get('accountId');
  if (accountId) {
    if (isUuid(accountId)) query.accountId = accountId;
    else fields.accountId = { code: 'ACCOUNT_ID_INVALID' };
  }
  for (const key of ['createdFrom', 'createdTo'] as const) {
    const value = params.get(key);
    if (!value) continue;
    if (Number.isFinite(Date.parse(value))) query[key] = new Date(value).toISOString();
    else fields[key] = { code: 'DATE_TIME_INVALID' };
  }
  const status = params.get('status');
  if (status) query.status = status;
  const limit = params.get('limit');
  if (limit) {
    const n = Number.parseInt(limit, 10);
    if (String(n) === limit && n >= 1 && n <= 100) query.limit = n;
    else fields.limit = { code: 'NUMBER_OUT_OF_RANGE', values: { min: 1, max: 100 } };
  }
  const cursor = params.get('cursor');
  if (cursor) query.cursor = cursor;
  if (Object.keys(fields).length > 0) {
    return routeFailure('INVALID_QUERY', 400, fields);
  }
  const page = await listOperations(query, { signal: request.signal });
  return jsonResponse({ data: page.data, meta: page.meta, requestId: page.requestId });
});
