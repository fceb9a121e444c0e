// Pure: an account's balance of one asset day by day, walked back from today's balance through the operations
// that moved it (the console keeps no balances; the service's operations are the record).
import { toAmount, toDec, type Amount } from '@/lib/money/amount-core';
import type { Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';
import { dayBoundary } from '@/lib/time/zone';

/** What the walk needs of an operation (lib/api's Operation reshaped by the caller). */
export interface BalanceOperation {
  id: string;
  type: string;
  /** The account the operation belongs to (the source side of a transfer). */
  accountId: string;
  /** A transfer's receiving account. */
  targetAccountId?: string | null;
  source: Amount;
  target: Amount;
  states: ReadonlyArray<{ status: string; createdAt: string }>;
}

export interface BalanceMovement {
  at: Date;
  /** Signed decimal string in the asset's scale. */
  delta: string;
  operationId: string;
}

export interface BalancePoint {
  /** Calendar day (YYYY-MM-DD) in the reader's time zone. */
  day: string;
  /** The balance at the end of that day (today: now), a decimal string in the asset's scale. */
  value: string;
}

function firstAt(op: BalanceOperation, status: string): Date | null {
  const entry = op.states.find((s) => s.status === status);
  return entry ? new Date(entry.createdAt) : null;
}

/**
 * When and by how much an operation moved `asset` on `accountId`, by the service's settlement rules: the source is
 * debited when the operation enters PROCESSING (a completion without a PROCESSING step debits then), the target
 * is credited at COMPLETED, and a failure after the debit refunds it. Deposits have no source on the account,
 * withdrawals no target; a transfer credits its receiving account.
 */
export function movementsOf(op: BalanceOperation, accountId: string, asset: Asset): BalanceMovement[] {
  const out: BalanceMovement[] = [];
  const completed = firstAt(op, 'COMPLETED');
  const debitedAt = firstAt(op, 'PROCESSING') ?? completed;
  if (op.type !== 'DEPOSIT' && op.accountId === accountId && op.source.asset === asset && debitedAt) {
    out.push({ at: debitedAt, delta: toDec(op.source).neg().toFixed(op.source.decimals), operationId: op.id });
    const failed = firstAt(op, 'FAILED');
    if (failed) out.push({ at: failed, delta: toDec(op.source).toFixed(op.source.decimals), operationId: op.id });
  }
  const receiver = op.type === 'TRANSFER' ? op.targetAccountId : op.accountId;
  if (op.type !== 'WITHDRAWAL' && receiver === accountId && op.target.asset === asset && completed) {
    out.push({ at: completed, delta: toDec(op.target).toFixed(op.target.decimals), operationId: op.id });
  }
  return out;
}

/** The `days` calendar days ending today in `timeZone`, oldest first. */
export function lastDays(now: Date, days: number, timeZone: string): string[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = fmt.format(now);
  const out: string[] = [];
  // Walk from today's noon in UTC terms one day at a time; noon avoids landing on a DST gap.
  const base = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)), 12);
  for (let i = days - 1; i >= 0; i--) out.push(new Date(base - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/**
 * Closing balance of each of the last `days` days: today's point is the balance now, and each earlier day's is the
 * balance now minus every movement after that day's end. Movements before the window change nothing.
 */
export function balanceSeries(input: {
  current: Amount;
  accountId: string;
  operations: readonly BalanceOperation[];
  now: Date;
  days: number;
  timeZone: string;
}): BalancePoint[] {
  const { current, accountId, now, days, timeZone } = input;
  const movements = input.operations.flatMap((op) => movementsOf(op, accountId, current.asset)).filter((m) => m.at <= now);
  const dayList = lastDays(now, days, timeZone);
  return dayList.map((day, i) => {
    if (i === dayList.length - 1) return { day, value: current.value };
    const end = dayBoundary(day, timeZone, true);
    let value = toDec(current);
    for (const m of movements) if (m.at > end) value = value.minus(new Dec(m.delta));
    return { day, value: toAmount(value, current.asset).value };
  });
}
