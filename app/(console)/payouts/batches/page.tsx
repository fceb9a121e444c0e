import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';
import { listBatches, rowCountsFor } from '@/lib/payout-batches/store';
import { BatchList } from './_components/batch-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payoutBatches.list'))('metaTitle') };
}

export default async function BatchesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePage('/payouts/batches');
  const sp = await searchParams;
  const t = await getTranslations('payoutBatches.list');
  const page = await listBatches({ cursor: firstParam(sp, 'cursor') ?? null, limit: 20 });
  const counts = await rowCountsFor(page.data.map((b) => b.id));
  return (
    <>
      <PageHeader
        breadcrumb={
          <Link href="/payouts" className="hover:text-fg hover:underline">
            ← {t('breadcrumb')}
          </Link>
        }
        title={t('title')}
        description={t('description')}
        actions={
          <Link href="/payouts/batches/new" className={buttonVariants()}>
            {t('new')}
          </Link>
        }
      />
      {page.data.length === 0 ? (
        <EmptyState title={t('empty')} description={t('emptyDescription')} />
      ) : (
        <BatchList batches={page.data} counts={(id) => counts.get(id)} />
      )}
      <CursorPagination
        className="mt-4"
        pathname="/payouts/batches"
        searchParams={sp}
        meta={{ previousCursor: null, nextCursor: page.nextCursor }}
        itemCount={page.data.length}
        firstHref={firstParam(sp, 'cursor') ? '/payouts/batches' : null}
      />
    </>
  );
}
