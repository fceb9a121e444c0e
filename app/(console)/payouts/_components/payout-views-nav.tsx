import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import type { PayoutScope } from '@/lib/payouts/store';

/** Inbox / mine / all: the lists this user may open, the current one marked. */
export function PayoutViewsNav({ views, view }: { views: PayoutScope[]; view: PayoutScope }) {
  const t = useTranslations('payouts.list');
  return (
    <nav aria-label={t('views')} className="mb-4 flex flex-wrap gap-2">
      {views.map((v) => (
        <Link
          key={v}
          href={`/payouts?view=${v}`}
          aria-current={v === view ? 'page' : undefined}
          className={buttonVariants({ variant: v === view ? 'primary' : 'secondary', size: 'sm' })}
        >
          {t(`view.${v}`)}
        </Link>
      ))}
    </nav>
  );
}
