import { useLocale } from 'next-intl';
import { amountText, type AmountLike } from '@/lib/money/amount-text';
import { cn } from '@/components/ui/cn';

export { amountText, type AmountLike };

/** An amount in the user's locale. Server components, or client components under an IntlScope. */
export function AmountText({ amount, className }: { amount: AmountLike; className?: string }) {
  const locale = useLocale();
  return (
    <span className={cn('tabular-nums', className)} data-value={amount.value} data-asset={amount.asset}>
      {amountText(amount, locale)}
    </span>
  );
}
