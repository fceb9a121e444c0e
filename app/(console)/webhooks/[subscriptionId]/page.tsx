import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTimeZone, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getExecutionLog, getSubscription, listExecutionLogs } from '@/lib/api/subscriptions';
import { listExecutionLogsFiltered, type FilteredLogPage } from '@/lib/api/webhooks';
import { deliverySignature } from '@/lib/webhooks/webhook-signature';
import type { ExecutionLog } from '@/lib/api/schemas/execution-log';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';
import { hasFilters, parseLogFilters, parsePagePosition, toServiceQuery } from '@/lib/domain/webhooks/filters';
import { attemptsSignature, WATCHED_ATTEMPTS } from '@/lib/domain/webhooks/logs-watch';
import { getEnv } from '@/lib/env';
import { isNotFound } from '@/lib/errors';
import { isUuid } from '@/lib/validation/uuid';
import { loadDeliveryHealth } from '@/lib/webhooks/execution-log-reads';
import { resourceOfMessage } from '@/lib/webhooks/message-resource';
import { latestReplayJob } from '@/lib/webhooks/replay-store';
import { SavedViewsMenu } from '@/components/saved-views/saved-views-menu';
import { redirectToDefaultView } from '@/lib/saved-views/view-service';
import { AttemptPanel } from './_components/attempt-panel';
import { HealthCard } from './_components/health-card';
import { LogFilterForm } from './_components/log-filters';
import { LogWatcher } from './_components/log-watcher';
import { LogsTable } from './_components/logs-table';
import { ReplayPanel } from './_components/replay-panel';
import { SandboxTools } from './_components/sandbox-tools';

const PAGE_SIZE = 25;

type Props = { params: Promise<{ subscriptionId: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('webhooks'))('metaTitle') };
}

/**
 * One subscription: delivery health, its execution logs (filters and page in the URL, new attempts appear on
 * the first page by themselves), the attempt panel (`?log=<id>`), replay of failed deliveries, and — sandbox
 * only — the tools that make deliveries fail and events happen. Every role reads; admins resend and replay.
 */
export default async function SubscriptionPage({ params, searchParams }: Props) {
  const user = await requirePage('/webhooks/[subscriptionId]');
  const { subscriptionId } = await params;
  if (!isUuid(subscriptionId)) notFound();
  const t = await getTranslations('webhooks');
  const sp = await searchParams;
  const timeZone = await getTimeZone();
  const pathname = `/webhooks/${subscriptionId}`;
  await redirectToDefaultView(user, 'webhookLogs', pathname, sp);

  // Resolved before anything streams, so an unknown id answers 404 rather than a 200 page saying so.
  const subscription = await getSubscription(subscriptionId).catch((error: unknown) => {
    if (isNotFound(error)) notFound();
    throw error;
  });
  const sub = subscription.data;
  const { filters, errors } = parseLogFilters(sp);
  const position = parsePagePosition(sp);
  const firstPage = !position.cursor;

  let logs: FilteredLogPage | null = null;
  let logsFailure: unknown = null;
  const [logsResult, job, head] = await Promise.all([
    listExecutionLogsFiltered(subscriptionId, { limit: PAGE_SIZE, ...position }, toServiceQuery(filters, timeZone)).catch(
      (error: unknown) => ({ error }),
    ),
    latestReplayJob(subscriptionId),
    listExecutionLogs(subscriptionId, { limit: WATCHED_ATTEMPTS }).catch(() => null),
  ]);
  if ('error' in logsResult) logsFailure = logsResult.error;
  else logs = logsResult;
  const pageLogs = logs?.data ?? [];

  const selectedId = firstParam(sp, 'log');
  let selected: ExecutionLog | null = null;
  if (selectedId && isUuid(selectedId)) {
    selected =
      pageLogs.find((l) => l.id === selectedId) ??
      (await getExecutionLog(subscriptionId, selectedId)
        .then((r) => r.data)
        .catch(() => null));
  }
  const index = selected ? pageLogs.findIndex((l) => l.id === selected.id) : -1;
  const [signature, history, received] = selected
    ? await Promise.all([
        deliverySignature(selected.messageId).catch(() => null),
        listExecutionLogsFiltered(subscriptionId, { limit: 20 }, { messageId: selected.messageId })
          .then((p) => p.data)
          .catch(() => [selected]),
        resourceOfMessage(selected.messageId).catch(() => null),
      ])
    : [null, [], null];
  const canManage = can(user.role, 'webhooks:manage');
  const sandboxOn = getEnv().SANDBOX === 'on';
  const eventCount = sub.resources.reduce((n, r) => n + r.events.length, 0);

  return (
    <>
      <PageHeader
        breadcrumb={
          <Link href="/webhooks" className="text-accent-text hover:underline">
            <span aria-hidden="true">←</span> {t('detail.back')}
          </Link>
        }
        title={<span className="break-all">{sub.url}</span>}
        description={
          <>
            {sub.includeAll ? t('list.allEvents') : t('list.eventCount', { count: eventCount })} ·{' '}
            {sub.allowRetry ? t('detail.retriesOn') : t('detail.retriesOff')} · {t('list.created')} <DateTimeText value={sub.createdAt} />
          </>
        }
      />
      <LogWatcher subscriptionId={subscriptionId} signature={head ? attemptsSignature(head.data) : ''} active={firstPage} />
      <div className="space-y-6">
        <Suspense fallback={<HealthCard health={null} />}>
          <Health subscriptionId={subscriptionId} createdAt={sub.createdAt} />
        </Suspense>
        <section aria-labelledby="logs-title" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="logs-title" className="text-lg font-semibold text-fg">
              {t('logs.title')}
            </h2>
            {firstPage ? <p className="text-sm text-fg-muted">{t('logs.live')}</p> : null}
          </div>
          <SavedViewsMenu list="webhookLogs" pathname={pathname} searchParams={sp} user={user} />
          <LogFilterForm pathname={pathname} filters={filters} errors={errors} />
          {logs?.filteredBy === 'console' ? <Alert tone="info">{t('logs.consoleFiltered')}</Alert> : null}
          <div className={selected ? 'grid gap-4 2xl:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]' : undefined}>
            {selected ? (
              // First in reading order, so on narrow screens the opened attempt is above the list, not below it.
              <div className="min-w-0 2xl:order-2">
                <AttemptPanel
                  log={selected}
                  signature={signature}
                  history={history}
                  pathname={pathname}
                  searchParams={sp}
                  newerId={index > 0 ? pageLogs[index - 1].id : null}
                  olderId={index >= 0 && index < pageLogs.length - 1 ? pageLogs[index + 1].id : null}
                  canManage={canManage}
                  received={received}
                />
              </div>
            ) : null}
            <div className="min-w-0 space-y-4 2xl:order-1">
              {logsFailure ? (
                <ServiceErrorAlert error={logsFailure} title={t('logs.failed')} />
              ) : pageLogs.length === 0 ? (
                <EmptyState
                  title={t('logs.emptyTitle')}
                  description={hasFilters(filters) ? t('logs.emptyFiltered') : t('logs.emptyDescription')}
                />
              ) : (
                <LogsTable logs={pageLogs} pathname={pathname} searchParams={sp} selectedId={selected?.id ?? null} />
              )}
              {logs ? <CursorPagination pathname={pathname} searchParams={sp} meta={logs.meta} itemCount={pageLogs.length} /> : null}
            </div>
          </div>
        </section>
        {canManage || job ? (
          <IntlScope namespaces={['webhooks']}>
            <ReplayPanel subscriptionId={subscriptionId} initialJob={job} canManage={canManage} />
          </IntlScope>
        ) : null}
        {canManage && sandboxOn ? (
          <IntlScope namespaces={['webhooks']}>
            <SandboxTools subscriptionId={subscriptionId} />
          </IntlScope>
        ) : null}
      </div>
    </>
  );
}

/** Streams in after the list: it reads up to 2,000 attempts, the list only one page. */
async function Health({ subscriptionId, createdAt }: { subscriptionId: string; createdAt: string }) {
  const t = await getTranslations('webhooks');
  const health = await loadDeliveryHealth(subscriptionId, new Date(), { subscriptionCreatedAt: createdAt }).then(
    (data) => ({ data }),
    (error: unknown) => ({ error }),
  );
  if ('error' in health) return <ServiceErrorAlert error={health.error} title={t('health.failed')} />;
  return <HealthCard health={health.data} />;
}
