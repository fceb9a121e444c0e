// Pure: how much of a batch counts toward its requester's daily cap of the tiered approval policy.
import { decimalsOf, isAsset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';
import type { BatchStatus, RowStatus } from './state-machine';

/**
 * A single payout stops counting when nothing was or will be paid (lib/payouts/approval-policy.ts `NOT_COUNTED`:
 * rejected, cancelled, expired, failed). A batch is many payouts: a rejected batch pays nothing; otherwise each row
 * counts unless it failed or was cancelled — a batch cancelled halfway still counts the rows it sent.
 */
export const BATCH_STATUSES_NOT_COUNTED: readonly BatchStatus[] = ['REJECTED'];
export const ROW_STATUSES_NOT_COUNTED: readonly RowStatus[] = ['FAILED', 'CANCELLED'];

export interface BatchForDailyCap {
  status: BatchStatus;
  referenceCurrency: string;
  referenceTotal: string | null;
  /** Each asset's total valued in the reference currency at submit; null on batches stored before it was kept. */
  referenceValues: Record<string, string> | null;
  totals: Record<string, string>;
}

/**
 * The batch's part of its requester's day in `reference`, valued as it was valued at submit: its reference total
 * while every row counts; else each asset's value in proportion to the amount still counted (rounded up, as a
 * payout's value is). A batch that could not be valued counts nothing, as a payout without a valuation.
 */
export function batchCountedToward(batch: BatchForDailyCap, reference: string, notCountedByAsset: Readonly<Record<string, string>>): string {
  if (BATCH_STATUSES_NOT_COUNTED.includes(batch.status)) return '0';
  if (batch.referenceCurrency !== reference || batch.referenceTotal === null) return '0';
  const dropped = Object.entries(notCountedByAsset).filter(([, v]) => new Dec(v).gt(0));
  if (dropped.length === 0) return batch.referenceTotal;
  const assets = Object.keys(batch.totals);
  const values = batch.referenceValues ?? (assets.length === 1 ? { [assets[0]!]: batch.referenceTotal } : null);
  // Not splittable by asset (an old multi-asset batch): the whole total, the stricter reading.
  if (!values) return batch.referenceTotal;
  const scale = isAsset(reference) ? decimalsOf(reference) : 2;
  let sum = new Dec(0);
  for (const asset of assets) {
    const total = new Dec(batch.totals[asset]!);
    const value = values[asset];
    if (value === undefined || total.lte(0)) continue;
    const counted = Dec.max(total.minus(notCountedByAsset[asset] ?? '0'), 0);
    sum = sum.plus(new Dec(value).times(counted).div(total).toDecimalPlaces(scale, Dec.ROUND_UP));
  }
  return sum.toFixed(scale);
}
