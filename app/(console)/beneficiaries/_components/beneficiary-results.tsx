import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { listBeneficiaries } from '@/lib/api/beneficiaries';
import { parseListParams, type SearchParams } from '@/lib/domain/lists/list-params';
import { BeneficiaryList } from './beneficiary-list';

/** One page of beneficiaries for the search in the URL; streamed in the page's Suspense boundary. */
export async function BeneficiaryResults({ searchParams, name }: { searchParams: SearchParams; name: string | undefined }) {
  const t = await getTranslations('beneficiaries.list');
  const paging = parseListParams(searchParams);
  let page: Awaited<ReturnType<typeof listBeneficiaries>> | null = null;
  let failure: unknown = null;
  try {
    page = await listBeneficiaries({ limit: paging.limit, cursor: paging.cursor, direction: paging.direction, name });
  } catch (error) {
    failure = error;
  }
  if (failure || !page) return <ServiceErrorAlert error={failure} title={t('failed')} />;
  if (page.data.length === 0) {
    return name || paging.cursor ? (
      <EmptyState
        title={t('noMatchTitle')}
        description={t('noMatchBody')}
        action={
          <Link href="/beneficiaries" className={buttonVariants({ variant: 'secondary' })}>
            {t('clear')}
          </Link>
        }
      />
    ) : (
      <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
    );
  }
  return (
    <div className="space-y-3">
      <BeneficiaryList beneficiaries={page.data} />
      <CursorPagination pathname="/beneficiaries" searchParams={searchParams} meta={page.meta} itemCount={page.data.length} />
    </div>
  );
}
