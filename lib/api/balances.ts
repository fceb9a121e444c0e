import 'server-only';
import { type CallOptions } from './client';
import { clientFor } from './default-client';
import { balancesSchema, type Balances } from './schemas/balances';
import type { ApiResult } from './types';

/** GET /api/balances?accountId= — the account's balance per enabled asset (extension, see lib/sandbox/README.md). */
export async function getBalances(accountId: string, options?: CallOptions): Promise<ApiResult<Balances>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: '/api/balances',
    query: { accountId },
    schema: balancesSchema,
    signal: options?.signal,
  });
  return { data, requestId };
}
