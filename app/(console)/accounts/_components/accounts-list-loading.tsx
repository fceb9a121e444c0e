import { useTranslations } from 'next-intl';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

/** The list's skeleton while the service answers (the page header is already there). */
export function AccountsListLoading() {
  const t = useTranslations('accounts.list');
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <Skeleton className="mb-4 h-20 w-full" />
      <SkeletonRows rows={8} />
    </div>
  );
}
