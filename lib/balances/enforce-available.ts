import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
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

/**
 * The field sentence for an amount over the balance, in the request's language, naming what is available
 * (`R$ 222.000,00`); in English outside a request (scripts, tests).
 */
export async function overAvailableSentence(available: Amount): Promise<string> {
  try {
    const [t, locale] = await Promise.all([getTranslations('common.moneyInput'), getLocale()]);
    return t('overAvailable', { available: formatAmount(available, locale) });
  } catch {
    return `More than the balance: only ${formatAmount(available, 'en')} is available in this account.`;
  }
}

/**
 * Refuses, before anything is sent to the service, a debit of `amount` that the account's available balance does
 * not cover: 422 INSUFFICIENT_BALANCE with the sentence on `field`. The browser's own check is only a courtesy;
 * this one runs in the action. Without a balance for the asset the service decides.
 */
export async function enforceAvailable(accountId: string, amount: Amount, field: string, options?: CallOptions): Promise<void> {
  const available = await availableBalance(accountId, amount.asset, options);
  if (!exceedsAvailable(amount, available)) return;
  const sentence = await overAvailableSentence(available!);
  throw new DomainError('INSUFFICIENT_BALANCE', sentence, { [field]: sentence }, 422);
}
