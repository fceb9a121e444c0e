import type { Balances } from '@/lib/api/schemas/balances';
import type { Amount } from '@/lib/money/amount-core';
import { canonicalAmount, compareCanonical } from '@/lib/money/canonical';
import { isAsset, type Asset } from '@/lib/money/assets';

/**
 * The available balance of one asset in a `GET /api/balances` answer, or null when the service gave none for it
 * (not enabled, or its provider not synced): then only the service can say whether the money is there.
 */
export function availableOf(balances: Pick<Balances, 'fiat' | 'crypto'>, asset: Asset): Amount | null {
  for (const entry of [...balances.fiat, ...balances.crypto]) {
    const amount = entry.amount;
    if (amount && amount.asset === asset && isAsset(amount.asset)) {
      try {
        return canonicalAmount(amount.value, asset);
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * True when `amount` needs more than `available` holds. An unknown balance (null) never blocks: the service still
 * refuses what is not there, and a console guess must not stop a payment that would go through.
 */
export function exceedsAvailable(amount: { value: string; asset: string }, available: Amount | null): boolean {
  if (!available || amount.asset !== available.asset) return false;
  // String comparison of canonical amounts: the forms that ask this do not load decimal.js for it.
  return compareCanonical(canonicalAmount(amount.value, available.asset), canonicalAmount(available.value, available.asset)) > 0;
}
