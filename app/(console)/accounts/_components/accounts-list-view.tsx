import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Suspense, type ReactNode } from 'react';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { parseListParams, type SearchParams } from '@/lib/domain/lists/list-params';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { listAccounts } from '@/lib/api/accounts';
import { buildFilters } from '@/lib/api/filters';
import type { Account } from '@/lib/api/schemas/account';
import type { PageMeta } from '@/lib/api/types';
import { can, type Role } from '@/lib/auth/permissions';
import { accountFilterConditions, hasFilters, parseAccountFilters } from '@/lib/domain/accounts/filters';
import { AccountsFilterBar } from './accounts-filter-bar';
import { AccountsListLoading } from './accounts-list-loading';
import { AccountsList } from './accounts-list';

/**
 * The account list: one cursor page from the service, with every bit of state taken from the URL. The header and
 * filters render at once; the page of accounts streams in its own Suspense boundary (no route-level loading.tsx,
 * which would also wrap /accounts/[accountId] and turn its 404 into a 200).
 */
export function AccountsListView({ role, searchParams }: { role: Role; searchParams: SearchParams }) {
  const paging = parseListParams(searchParams);
  const filters = parseAccountFilters(searchParams);
  const canCreate = can(role, 'accounts:create');
  const t = useTranslations('accounts.list');
  const newButton = canCreate ? (
    <Link href="/accounts/new" className={buttonVariants({ variant: 'primary' })}>
      {t('newAccount')}
    </Link>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={newButton}
      />
      <AccountsFilterBar filters={filters} paging={paging} />
      <Suspense key={JSON.stringify(searchParams)} fallback={<AccountsListLoading />}>
        <AccountsResults searchParams={searchParams} canCreate={canCreate} newButton={newButton} />
      </Suspense>
    </>
  );
}

async function AccountsResults({
  searchParams,
  canCreate,
  newButton,
}: {
  searchParams: SearchParams;
  canCreate: boolean;
  newButton: ReactNode;
}) {
  const paging = parseListParams(searchParams);
  const filters = parseAccountFilters(searchParams);
  const filtered = hasFilters(filters);
  const t = await getTranslations('accounts.list');

  let page: { data: Account[]; meta: PageMeta } | null = null;
  let failure: unknown = null;
  try {
    const filterText = buildFilters(accountFilterConditions(filters));
    page = await listAccounts({
      limit: paging.limit,
      cursor: paging.cursor,
      direction: paging.direction,
      sortOrder: paging.sortOrder,
      filters: filterText || undefined,
    });
  } catch (error) {
    failure = error;
  }

  return (
    <>
      {failure ? (
        <ServiceErrorAlert error={failure} title={t('failed')} />
      ) : page && page.data.length === 0 ? (
        filtered || paging.cursor ? (
          <EmptyState
            title={t('noMatchTitle')}
            description={t('noMatchBody')}
            action={
              <Link href="/accounts" className={buttonVariants({ variant: 'secondary' })}>
                {t('clearFilters')}
              </Link>
            }
          />
        ) : (
          <EmptyState
            title={t('emptyTitle')}
            description={canCreate ? t('emptyBodyCreate') : t('emptyBodyView')}
            action={newButton}
          />
        )
      ) : page ? (
        <div className="space-y-3">
          <AccountsList accounts={page.data} />
          <CursorPagination
            pathname="/accounts"
            searchParams={searchParams}
            meta={page.meta}
            itemCount={page.data.length}
          />
        </div>
      ) : null}
    </>
  );
}
