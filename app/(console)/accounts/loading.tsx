import { useTranslations } from 'next-intl';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function AccountsLoading() {
  const t = useTranslations('accounts.list');
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <PageHeader title={t('title')} description={t('description')} />
      <Skeleton className="mb-4 h-20 w-full" />
      <SkeletonRows rows={8} />
    </div>
  );
}
