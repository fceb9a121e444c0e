import 'server-only';
import { listOperations } from '@/lib/api/operations';
import { iterateItems } from '@/lib/api/pagination';
import type { Operation } from '@/lib/api/schemas/operation';
import { balanceSeries, type BalanceOperation, type BalancePoint } from '@/lib/domain/balances/balance-history';
import type { Amount } from '@/lib/money/amount-core';

export const HISTORY_DAYS = 30;
/** Pages of 100 read at most: beyond 2,000 operations in 30 days the chart says it is incomplete. */
const MAX_OPERATIONS = 2_000;

function toBalanceOperation(op: Operation): BalanceOperation {
  return {
    id: op.id,
    type: op.intent.type,
    accountId: op.account.id,
    targetAccountId: op.intent.type === 'TRANSFER' && 'targetAccount' in op.intent ? (op.intent.targetAccount as { id: string }).id : null,
    source: op.sourceAmount,
    target: op.targetAmount,
    states: op.states.map((s) => ({ status: s.status, createdAt: s.createdAt })),
  };
}

export interface AccountHistory {
  series: Map<string, BalancePoint[]>;
  /** True when the account had more operations in the window than were read. */
  partial: boolean;
}

/**
 * The last 30 days of each asset's closing balance on one account, from today's balances and the operations the
 * service lists for the account (as source or as a transfer's receiver) since the window opened — plus a day, for
 * an operation created just before the window that settled inside it.
 */
export async function accountBalanceHistory(accountId: string, balances: readonly Amount[], now: Date, timeZone: string): Promise<AccountHistory> {
  const createdFrom = new Date(now.getTime() - (HISTORY_DAYS + 1) * 86_400_000).toISOString();
  const operations: BalanceOperation[] = [];
  let partial = false;
  for await (const op of iterateItems((cursor) => listOperations({ accountId, createdFrom, limit: 100, cursor: cursor ?? undefined }))) {
    if (operations.length >= MAX_OPERATIONS) {
      partial = true;
      break;
    }
    operations.push(toBalanceOperation(op));
  }
  const series = new Map<string, BalancePoint[]>();
  for (const current of balances) series.set(current.asset, balanceSeries({ current, accountId, operations, now, days: HISTORY_DAYS, timeZone }));
  return { series, partial };
}
