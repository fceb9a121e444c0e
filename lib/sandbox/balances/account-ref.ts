import type { Asset } from '@/lib/money/assets';
import type { Sql } from '../core/types';

/**
 * What the money modules need to know about an account (owned by the accounts module): one read, one place,
 * so a change in the accounts schema touches only this file.
 */
export interface AccountRef {
  id: string;
  customerId: string;
  ownerName: string;
  status: string;
  assets: { asset: Asset; status: string }[];
  /** Tags stamped on operations executed against the account. */
  propagatingTags: { key: string | null; value: string }[];
}

export interface AccountRow {
  id: string;
  customer_id: string;
  legal_name: string;
  status: string;
  assets: { asset: Asset; status: string }[];
  tags: { key: string | null; value: string; propagate?: boolean }[];
}

export async function findAccount(tx: Sql, accountId: string): Promise<AccountRef | null> {
  const { rows } = await tx.query<AccountRow>(
    `SELECT ${ACCOUNT_REF_COLUMNS} FROM sandbox.accounts WHERE id = $1`,
    [accountId],
  );
  return rows[0] ? toAccountRef(rows[0]) : null;
}

/** The columns `toAccountRef` reads, for statements that fetch the account alongside something else. */
export const ACCOUNT_REF_COLUMNS = 'id, customer_id, legal_name, status, assets, tags';

export function toAccountRef(r: AccountRow): AccountRef {
  return {
    id: r.id,
    customerId: r.customer_id,
    ownerName: r.legal_name,
    status: r.status,
    assets: (r.assets ?? []).map((a) => ({ asset: a.asset, status: a.status })),
    // Account tags propagate unless stored with `propagate: false`; only the contract's {key, value} is copied.
    propagatingTags: (r.tags ?? [])
      .filter((t) => t.propagate !== false)
      .map((t) => ({ key: t.key ?? null, value: t.value })),
  };
}

/** The account when it belongs to `customerId`; null when unknown or foreign (both answer 404). */
export async function findCustomerAccount(tx: Sql, customerId: string, accountId: string): Promise<AccountRef | null> {
  const account = await findAccount(tx, accountId);
  return account && account.customerId === customerId ? account : null;
}

/** An asset moves money on an account only once it is ACTIVE there. */
export function assetEnabled(account: AccountRef, asset: Asset): boolean {
  return account.assets.some((a) => a.asset === asset && a.status === 'ACTIVE');
}

/** Listed on the account at all (balances show every such asset, whatever its onboarding status). */
export function assetListed(account: AccountRef, asset: Asset): boolean {
  return account.assets.some((a) => a.asset === asset && a.status !== 'DEACTIVATED');
}
