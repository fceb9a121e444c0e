import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { SavedViewsMenu } from '@/components/saved-views/saved-views-menu';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { hrefWith, type SearchParams } from '@/lib/domain/lists/list-params';
import { loadPolicyEditorView } from '@/lib/control-changes/payout-policy-view';
import { loadPayoutList } from '@/lib/payouts/payout-list-page';
import { redirectToDefaultView } from '@/lib/saved-views/view-service';
import { PayoutList } from './_components/payout-list';
import { PayoutViewsNav } from './_components/payout-views-nav';
import { PolicyCard } from './_components/policy-card';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payouts.list'))('metaTitle') };
}

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage('/payouts');
  const sp = await searchParams;
  await redirectToDefaultView(user, 'payouts', '/payouts', sp);
  const [t, tb] = await Promise.all([getTranslations('payouts.list'), getTranslations('payoutBatches')]);
  const [{ views, view, page, cursor }, policy] = await Promise.all([loadPayoutList(user, sp), loadPolicyEditorView(user.role)]);
  const actions = can(user.role, 'payouts:request') ? (
    <div className="flex flex-wrap gap-2">
      <Link href="/payouts/batches" className={buttonVariants({ variant: 'secondary' })}>
        {tb('link')}
      </Link>
      <Link href="/payouts/new" className={buttonVariants()}>
        {t('new')}
      </Link>
    </div>
  ) : null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={actions} />
      <SavedViewsMenu list="payouts" pathname="/payouts" searchParams={sp} user={user} />
      <PayoutViewsNav views={views} view={view} />
      {page.data.length === 0 ? (
        <EmptyState title={t(`empty.${view}`)} description={t('emptyDescription')} />
      ) : (
        <PayoutList payouts={page.data} label={t(`view.${view}`)} />
      )}
      <CursorPagination
        className="mt-4"
        pathname="/payouts"
        searchParams={sp}
        meta={{ previousCursor: null, nextCursor: page.nextCursor }}
        itemCount={page.data.length}
        firstHref={cursor ? hrefWith('/payouts', sp, { cursor: null, direction: null }) : null}
      />
      {policy ? <PolicyCard policy={policy} /> : null}
    </>
  );
}
