import 'server-only';
import { listAccounts } from '@/lib/api/accounts';
import { getBalances } from '@/lib/api/balances';
import { iterateItems } from '@/lib/api/pagination';
import type { Amount } from '@/lib/money/amount-core';

/** One of the company's accounts as the money-movement forms need it: status, assets and what is available. */
export interface OwnAccount {
  id: string;
  name: string;
  status: string;
  assets: Array<{ asset: string; status: string; available: Amount | null }>;
}

/**
 * Shared by the money-movement routes (convert, deposits, transfers), so it lives here, not in a route folder.
 * Every account of the company (all pages) with the available balance of each asset, read from the service for this
 * request (the console keeps no balances). Balances are read only for ACTIVE accounts: money moves only there.
 */
export async function loadOwnAccounts(): Promise<OwnAccount[]> {
  const accounts: OwnAccount[] = [];
  for await (const account of iterateItems((cursor) => listAccounts({ cursor, limit: 100, sortOrder: 'ASCENDING' }))) {
    accounts.push({
      id: account.id,
      // Inline rather than lib/domain's ownerName: lib/domain depends on lib/api's types, never the reverse.
      name: 'legalName' in account.owner && typeof account.owner.legalName === 'string' ? account.owner.legalName : account.id,
      status: account.currentState.status,
      assets: account.assets.map((a) => ({ asset: a.asset, status: a.status, available: null })),
    });
  }
  await Promise.all(
    accounts
      .filter((a) => a.status === 'ACTIVE')
      .map(async (account) => {
        const { data } = await getBalances(account.id);
        const byAsset = new Map<string, Amount>();
        for (const entry of [...data.fiat, ...data.crypto]) if (entry.amount) byAsset.set(entry.amount.asset, entry.amount);
        account.assets = account.assets.map((a) => ({ ...a, available: byAsset.get(a.asset) ?? null }));
      }),
  );
  return accounts;
}
