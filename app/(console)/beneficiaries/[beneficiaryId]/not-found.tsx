import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function BeneficiaryNotFound() {
  const t = useTranslations('beneficiaries.detail.notFound');
  return (
    <>
      <PageHeader title={t('title')} />
      <EmptyState
        title={t('heading')}
        description={t('body')}
        action={
          <Link href="/beneficiaries" className={buttonVariants({ variant: 'secondary' })}>
            {t('back')}
          </Link>
        }
      />
    </>
  );
}
