import { useTranslations } from 'next-intl';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function ConsoleLoading() {
  const t = useTranslations('common');
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <Skeleton className="mb-2 h-8 w-56" />
      <Skeleton className="mb-8 h-4 w-96 max-w-full" />
      <SkeletonRows rows={6} />
    </div>
  );
}
