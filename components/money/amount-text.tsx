import { useLocale } from 'next-intl';
import type { Amount } from '@/lib/money/amount-core';
import { formatAmount } from '@/lib/money/format-amount';
import { isAsset } from '@/lib/money/assets';
import { cn } from '@/components/ui/cn';

/** What the service sends: the asset may be one the console does not know yet (open enum). */
export interface AmountLike {
  value: string;
  asset: string;
  decimals?: number;
}

/**
 * Formats a service amount for display in `locale` (`R$ 223.500,00` in pt-BR, `R$223,500.00` in en). The value stays
 * a decimal string end to end (never a number); when it cannot be formatted (unknown asset, wrong scale) it is
 * shown verbatim with its asset code.
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

/** An amount in the user's locale. Server components, or client components under an IntlScope. */
export function AmountText({ amount, className }: { amount: AmountLike; className?: string }) {
  const locale = useLocale();
  return (
    <span className={cn('tabular-nums', className)} data-value={amount.value} data-asset={amount.asset}>
      {amountText(amount, locale)}
    </span>
  );
}
