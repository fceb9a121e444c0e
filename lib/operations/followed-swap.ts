import 'server-only';
import { getBalances } from '@/lib/api/balances';
import { getOperation } from '@/lib/api/operations';
import type { Amount } from '@/lib/money/amount-core';
import { isUuid } from '@/lib/validation/uuid';

/** The swap named in /convert's `?operation=`, if it is one this company can read; a stale or foreign link gives null. */
export async function followedSwap(operationId: string | undefined) {
  if (!operationId || !isUuid(operationId)) return null;
  const operation = await getOperation(operationId).then(
    (r) => r.data,
    () => null,
  );
  if (!operation || operation.intent.type !== 'SWAP') return null;
  const { data } = await getBalances(operation.account.id);
  const balances: Amount[] = [...data.fiat, ...data.crypto].flatMap((entry) => (entry.amount ? [entry.amount] : []));
  return { operation, balances };
}
