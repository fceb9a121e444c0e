import { useTranslations } from 'next-intl';
import { AmountText, type AmountLike } from '@/components/money/amount-text';
import { cn } from '@/components/ui/cn';

/**
 * `R$ 1.000,00 → US$ 190,20`: what left and what arrived. A transfer moves one asset 1:1, so its two sides are
 * equal and shown once. The arrow is decorative; screen readers hear "… to …".
 */
export function OperationAmounts({ source, target, className }: { source: AmountLike; target: AmountLike; className?: string }) {
  const t = useTranslations('operations.list');
  const same = source.asset === target.asset && source.value === target.value;
  if (same) return <AmountText amount={source} className={cn('whitespace-nowrap', className)} />;
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1.5', className)}>
      <AmountText amount={source} className="whitespace-nowrap" />
      <span aria-hidden="true" className="text-fg-subtle">
        →
      </span>
      <span className="sr-only">{t('to')}</span>
      <AmountText amount={target} className="whitespace-nowrap" />
    </span>
  );
}
