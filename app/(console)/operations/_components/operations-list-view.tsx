import Link from 'next/link';
import { getTranslations, getTimeZone } from 'next-intl/server';
import { Suspense } from 'react';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { IntlScope } from '@/components/i18n/intl-scope';
import { LiveRefresh } from '@/components/live/live-refresh';
import { Alert } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { SavedViewsMenu } from '@/components/saved-views/saved-views-menu';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';
import { listAccounts } from '@/lib/api/accounts';
import { listOperations } from '@/lib/api/operations';
import type { Operation } from '@/lib/api/schemas/operation';
import type { PageMeta } from '@/lib/api/types';
import { ownerName } from '@/lib/domain/accounts/owner';
import type { SessionUser } from '@/lib/auth/sessions';
import type { SearchParams } from '@/lib/domain/lists/list-params';
import {
  filtersOnly,
  hasFilters,
  operationListSearch,
  parseOperationListState,
  toServiceQuery,
  type OperationListState,
} from '@/lib/domain/operations/list-filters';
import { involvesAsset, isTerminal } from '@/lib/domain/operations/view';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import { stuckMinutes } from '@/lib/operations/stuck';
import { liveCursor } from '@/lib/live/cursor';
import { ExportButton } from './export-button';
import { OperationsFilterBar } from './operations-filter-bar';
import { OperationsList, type OperationRowView } from './operations-list';

const PAGE_SIZE = 25;
/** The service cannot filter by asset: the console filters each page, so it reads bigger pages then. */
const ASSET_PAGE_SIZE = 100;

async function accountNames(): Promise<Map<string, string>> {
  try {
    const { data } = await listAccounts({ limit: 100, sortOrder: 'ASCENDING' });
    return new Map(data.map((a) => [a.id, ownerName(a.owner)]));
  } catch {
    // Names are a convenience: rows fall back to the account id, the filter to what the URL says.
    return new Map();
  }
}

/**
 * The operations list: one cursor page of the service's `GET /api/operations`, every bit of state in the URL. The
 * header and filters render at once; the rows stream in their own Suspense boundary (no route-level loading.tsx,
 * which would also wrap /operations/[operationId] and turn its 404 into a 200).
 */
export async function OperationsListView({ searchParams, user }: { searchParams: SearchParams; user: Pick<SessionUser, 'id' | 'role'> }) {
  const state = parseOperationListState(searchParams);
  const [t, names, timeZone] = await Promise.all([getTranslations('operations.list'), accountNames(), getTimeZone()]);
  const accounts = [...names.entries()].map(([id, name]) => ({ id, name }));
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  // The export walks every page of the same filters; its days are the reader's, like the list's.
  const exportParams = new URLSearchParams(operationListSearch(filtersOnly(state)).slice(1));
  exportParams.set('tz', zone);
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <IntlScope namespaces={['operations']}>
            <ExportButton href={`/api/operations/export?${exportParams.toString()}`} />
          </IntlScope>
        }
      />
      <SavedViewsMenu list="operations" pathname="/operations" searchParams={searchParams} user={user} />
      <OperationsFilterBar state={state} accounts={accounts} timeZone={zone} />
      <Suspense key={JSON.stringify(state)} fallback={<ListLoading label={t('loading')} />}>
        <OperationsResults state={state} searchParams={searchParams} names={names} timeZone={zone} />
      </Suspense>
    </>
  );
}

function ListLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-testid="operations-loading">
      <span className="sr-only">{label}</span>
      <Skeleton className="mb-3 h-10 w-full" />
      <SkeletonRows rows={8} />
    </div>
  );
}

async function OperationsResults({
  state,
  searchParams,
  names,
  timeZone,
}: {
  state: OperationListState;
  searchParams: SearchParams;
  names: Map<string, string>;
  timeZone: string;
}) {
  const [t, ts] = await Promise.all([getTranslations('operations.list'), getTranslations('operations')]);
  let page: { data: Operation[]; meta: PageMeta } | null = null;
  let failure: unknown = null;
  let since = 0;
  try {
    since = await liveCursor(); // before the data (LiveRefresh `since`)
    page = await listOperations({
      ...toServiceQuery(state, timeZone),
      limit: state.asset ? ASSET_PAGE_SIZE : PAGE_SIZE,
      cursor: state.cursor,
      direction: state.cursor ? (state.direction ?? 'NEXT') : undefined,
    });
  } catch (error) {
    failure = error;
  }
  if (failure || !page) return <ServiceErrorAlert error={failure} title={t('failed')} />;

  const data = state.asset ? page.data.filter((op) => involvesAsset(op, state.asset!)) : page.data;
  const rows: OperationRowView[] = data.map((op) => ({
    op,
    accountName: names.get(op.account.id) ?? null,
    stuckMinutes: stuckMinutes(op),
  }));
  const moving = data.some((op) => !isTerminal(op.currentState.status));
  const stuck = rows.filter((r) => r.stuckMinutes !== null).length;
  const live = (
    <LiveRefresh resources={[{ kind: 'OPERATION' }]} active={moving} pollingNote={ts('live.polling')} since={since} />
  );
  const pagination = (
    <CursorPagination pathname="/operations" searchParams={searchParams} meta={page.meta} itemCount={data.length} />
  );

  if (data.length === 0) {
    const filtered = hasFilters(state) || Boolean(state.cursor);
    return (
      <div className="space-y-3">
        {live}
        {filtered ? (
          <EmptyState
            title={t('noMatchTitle')}
            description={t('noMatchBody')}
            action={
              <Link href="/operations" className={buttonVariants({ variant: 'secondary' })}>
                {t('clearFilters')}
              </Link>
            }
          />
        ) : (
          <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
        )}
        {/* An asset filter can empty one page of a longer list: the way on must stay. */}
        {page.meta.nextCursor || page.meta.previousCursor ? pagination : null}
      </div>
    );
  }

  return (
    <div className="space-y-3" data-testid="operations-results">
      {live}
      {stuck > 0 ? (
        <Alert tone="warning" title={ts('stuck.listTitle', { count: stuck })}>
          {ts('stuck.listBody')}
        </Alert>
      ) : null}
      <OperationsList rows={rows} />
      {pagination}
    </div>
  );
}
