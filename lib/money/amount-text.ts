import type { Amount } from './amount-core';
import { formatAmount } from './format-amount';
import { isAsset } from './assets';

/** What the service sends: the asset may be one the console does not know yet (open enum). */
export interface AmountLike {
  value: string;
  asset: string;
  decimals?: number;
}

/**
 * Formats a service amount for display in `locale` (`R$ 223.500,00` in pt-BR, `R$223,500.00` in en). The value stays
 * a decimal string end to end (never a number); when it cannot be formatted (unknown asset, wrong scale) it is
 * shown verbatim with its asset code. Pure: server wording (lib/domain) and components alike.
 */
export function amountText(amount: AmountLike, locale: string): string {
  if (isAsset(amount.asset)) {
    try {
      return formatAmount(amount as Amount, locale);
    } catch {
      // fall through: show what the service sent rather than nothing
    }
  }
  return `${amount.value} ${amount.asset}`;
}
