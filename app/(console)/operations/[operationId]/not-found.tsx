import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** An unknown id, or another company's (the service answers both with 404): said plainly, with a way back. */
export default function OperationNotFound() {
  const t = useTranslations('operations.detail.notFound');
  return (
    <>
      <PageHeader title={t('title')} />
      <EmptyState
        title={t('heading')}
        description={t('body')}
        action={
          <Link href="/operations" className={buttonVariants({ variant: 'secondary' })}>
            {t('back')}
          </Link>
        }
      />
    </>
  );
}
