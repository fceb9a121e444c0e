import { useTranslations } from 'next-intl';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';

export default function NewAccountLoading() {
  const t = useTranslations('accounts.new');
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="max-w-4xl">
      <span className="sr-only">{t('loading')}</span>
      <PageHeader title={t('title')} />
      <div className="space-y-6">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    </div>
  );
}
