import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/**
 * A detail page's 404: an unknown id, or another company's (the service answers both with 404), said plainly with a
 * way back to the list. `namespace` holds `title`, `heading`, `body` and `back` (e.g. `accounts.detail.notFound`).
 */
export function NotFoundView({ namespace, backHref }: { namespace: string; backHref: string }) {
  const t = useTranslations(namespace);
  return (
    <>
      <PageHeader title={t('title')} />
      <EmptyState
        title={t('heading')}
        description={t('body')}
        action={
          <Link href={backHref} className={buttonVariants({ variant: 'secondary' })}>
            {t('back')}
          </Link>
        }
      />
    </>
  );
}
