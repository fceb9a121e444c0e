import { getTranslations } from 'next-intl/server';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { SavedViewsMenu } from '@/components/saved-views/saved-views-menu';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import type { SessionUser } from '@/lib/auth/sessions';
import type { SearchParams } from '@/lib/domain/lists/list-params';
import { hasFilters } from '@/lib/domain/webhooks/filters';
import type { DeliveryLog } from '@/lib/webhooks/delivery-log-page';
import { AttemptPanel } from './attempt-panel';
import { LogFilterForm } from './log-filters';
import { LogsTable } from './logs-table';

/** The execution log: saved views, filters, one page of attempts and, when one is opened (`?log=<id>`), its panel. */
export async function DeliveryLogSection({
  log,
  pathname,
  searchParams: sp,
  user,
  canManage,
}: {
  log: DeliveryLog;
  pathname: string;
  searchParams: SearchParams;
  user: Pick<SessionUser, 'id' | 'role'>;
  canManage: boolean;
}) {
  const t = await getTranslations('webhooks');
  const { attempt, logs, pageLogs, filters } = log;
  return (
    <section aria-labelledby="logs-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="logs-title" className="text-lg font-semibold text-fg">
          {t('logs.title')}
        </h2>
        {log.firstPage ? <p className="text-sm text-fg-muted">{t('logs.live')}</p> : null}
      </div>
      <SavedViewsMenu list="webhookLogs" pathname={pathname} searchParams={sp} user={user} />
      <LogFilterForm pathname={pathname} filters={filters} errors={log.errors} />
      {logs?.filteredBy === 'console' ? <Alert tone="info">{t('logs.consoleFiltered')}</Alert> : null}
      <div className={attempt ? 'grid gap-4 2xl:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]' : undefined}>
        {attempt ? (
          // First in reading order, so on narrow screens the opened attempt is above the list, not below it.
          <div className="min-w-0 2xl:order-2">
            <AttemptPanel
              log={attempt.log}
              signature={attempt.signature}
              history={attempt.history}
              pathname={pathname}
              searchParams={sp}
              newerId={attempt.newerId}
              olderId={attempt.olderId}
              canManage={canManage}
              received={attempt.received}
            />
          </div>
        ) : null}
        <div className="min-w-0 space-y-4 2xl:order-1">
          {log.failure ? (
            <ServiceErrorAlert error={log.failure} title={t('logs.failed')} />
          ) : pageLogs.length === 0 ? (
            <EmptyState title={t('logs.emptyTitle')} description={hasFilters(filters) ? t('logs.emptyFiltered') : t('logs.emptyDescription')} />
          ) : (
            <LogsTable logs={pageLogs} pathname={pathname} searchParams={sp} selectedId={attempt?.log.id ?? null} />
          )}
          {logs ? <CursorPagination pathname={pathname} searchParams={sp} meta={logs.meta} itemCount={pageLogs.length} /> : null}
        </div>
      </div>
    </section>
  );
}
