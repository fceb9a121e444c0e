import type { Asset } from '@/lib/money/assets';
import { toAmount, type Amount } from '@/lib/money/amount-core';
import { Dec } from '@/lib/money/decimal';
import type { Sql } from '../core/types';

/**
 * Balances are (account, asset, available) rows moved only inside the caller's transaction, so a balance move
 * commits or rolls back together with the state transition and the event that caused it.
 */

function assertPositive(value: string, asset: Asset): string {
  const amount = toAmount(value, asset); // throws on a malformed value or too many decimals: never silently rounds
  if (!new Dec(amount.value).isPositive() || new Dec(amount.value).isZero()) {
    throw new RangeError(`Balance moves must be positive, got ${value} ${asset}`);
  }
  return amount.value;
}

/** Adds `value` to the balance (creating the row when absent). Returns the new available amount. */
export async function creditBalance(tx: Sql, accountId: string, asset: Asset, value: string, now: Date): Promise<Amount> {
  const v = assertPositive(value, asset);
  const { rows } = await tx.query<{ available: string }>(
    `INSERT INTO sandbox.balances (account_id, asset, available, updated_at) VALUES ($1, $2, $3::numeric, $4)
     ON CONFLICT (account_id, asset) DO UPDATE SET available = sandbox.balances.available + EXCLUDED.available,
       updated_at = EXCLUDED.updated_at
     RETURNING available::text AS available`,
    [accountId, asset, v, now],
  );
  return toAmount(rows[0].available, asset);
}

/**
 * Takes `value` from the balance only when enough is available: one conditional UPDATE, so two concurrent
 * debits can never both pass a stale check. Returns the new balance, or null when funds are insufficient
 * (nothing changed).
 */
export async function debitBalance(tx: Sql, accountId: string, asset: Asset, value: string, now: Date): Promise<Amount | null> {
  const v = assertPositive(value, asset);
  const { rows } = await tx.query<{ available: string }>(
    `UPDATE sandbox.balances SET available = available - $3::numeric, updated_at = $4
     WHERE account_id = $1 AND asset = $2 AND available >= $3::numeric
     RETURNING available::text AS available`,
    [accountId, asset, v, now],
  );
  if (rows.length === 0) return null;
  return toAmount(rows[0].available, asset);
}

/** All balances of an account keyed by asset. */
export async function getBalances(tx: Sql, accountId: string): Promise<Map<Asset, Amount>> {
  const { rows } = await tx.query<{ asset: Asset; available: string }>(
    `SELECT asset, available::text AS available FROM sandbox.balances WHERE account_id = $1`,
    [accountId],
  );
  return new Map(rows.map((r) => [r.asset, toAmount(r.available, r.asset)]));
}
