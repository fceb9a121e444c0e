import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { SavedViewsMenu } from '@/components/saved-views/saved-views-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { loadAuditLogPage } from '@/lib/audit/audit-log-page';
import { requirePage } from '@/lib/auth/session';
import { auditQueryString, parseAuditFilters } from '@/lib/domain/audit/filters';
import type { SearchParams } from '@/lib/domain/lists/list-params';
import { redirectToDefaultView } from '@/lib/saved-views/view-service';
import { AuditExportForm } from './_components/audit-export-form';
import { AuditFilterBar } from './_components/audit-filter-bar';
import { AuditList } from './_components/audit-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('audit'))('metaTitle') };
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage('/audit');
  const sp = await searchParams;
  await redirectToDefaultView(user, 'audit', '/audit', sp);
  const filters = parseAuditFilters(sp);
  const t = await getTranslations('audit');
  const { page, actions } = await loadAuditLogPage(filters);
  const query = auditQueryString(filters);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={<AuditExportForm query={query} />} />
      <SavedViewsMenu list="audit" pathname="/audit" searchParams={sp} user={user} />
      <AuditFilterBar filters={filters} actions={actions} />
      {filters.target ? (
        <p className="mb-4 text-sm text-fg-muted" data-testid="audit-target">
          {t('targetOnly', { target: filters.target })}
        </p>
      ) : null}
      {page.data.length === 0 ? <EmptyState title={t('emptyTitle')} description={t('emptyBody')} /> : <AuditList events={page.data} />}
      <p className="mt-4 text-xs text-fg-muted">{t('exportHint')}</p>
      <CursorPagination
        className="mt-2"
        pathname="/audit"
        searchParams={sp}
        meta={{ previousCursor: null, nextCursor: page.nextCursor }}
        itemCount={page.data.length}
        firstHref={filters.cursor ? `/audit${query}` : null}
      />
    </>
  );
}
