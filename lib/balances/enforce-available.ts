import 'server-only';
import { getLocale } from 'next-intl/server';
import { getBalances } from '@/lib/api/balances';
import type { CallOptions } from '@/lib/api/client';
import { availableOf, exceedsAvailable } from '@/lib/domain/balances/available';
import { DomainError } from '@/lib/errors';
import type { Amount } from '@/lib/money/amount-core';
import type { Asset } from '@/lib/money/assets';
import { formatAmount } from '@/lib/money/format-amount';

/** The available balance of `asset` in the account, read from the service now (the console keeps no balances). */
export async function availableBalance(accountId: string, asset: Asset, options?: CallOptions): Promise<Amount | null> {
  const { data } = await getBalances(accountId, options);
  return availableOf(data, asset);
}

/** The request's language for a formatted amount; English outside a request (scripts, tests). */
async function readerLocale(): Promise<string> {
  try {
    return await getLocale();
  } catch {
    return 'en';
  }
}

/**
 * Refuses, before anything is sent to the service, a debit of `amount` that the account's available balance does
 * not cover: 422 INSUFFICIENT_BALANCE with OVER_AVAILABLE (and what is available) on `field`. The browser's own check is only a courtesy;
 * this one runs in the action. Without a balance for the asset the service decides.
 */
export async function enforceAvailable(accountId: string, amount: Amount, field: string, options?: CallOptions): Promise<void> {
  const available = await availableBalance(accountId, amount.asset, options);
  if (!exceedsAvailable(amount, available)) return;
  // The amount is formatted in the reader's locale here: money never travels as a number an ICU message could format.
  const values = { available: formatAmount(available!, await readerLocale()) };
  throw new DomainError('INSUFFICIENT_BALANCE', { fields: { [field]: { code: 'OVER_AVAILABLE', values } }, httpStatus: 422 });
}
