import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { hrefWith, type SearchParams } from '@/lib/domain/lists/list-params';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Badge } from '@/components/ui/badge';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import type { ExecutionLog } from '@/lib/api/schemas/execution-log';
import { cn } from '@/components/ui/cn';

export async function DeliveryStatusBadge({ status }: { status: string }) {
  const t = await getTranslations('webhooks.logs');
  const known = status === 'SUCCESS' || status === 'FAILED';
  return (
    <Badge tone={status === 'SUCCESS' ? 'success' : status === 'FAILED' ? 'danger' : 'neutral'} dot>
      {known ? t(`status_${status}`) : status}
    </Badge>
  );
}

/** One page of attempts; each row opens the attempt panel (`?log=<id>`, keeping filters and page). */
export async function LogsTable({
  logs,
  pathname,
  searchParams,
  selectedId,
}: {
  logs: ExecutionLog[];
  pathname: string;
  searchParams: SearchParams;
  selectedId: string | null;
}) {
  const t = await getTranslations('webhooks.logs');
  // The hash brings the opened attempt into view (above the list on narrow screens, beside it on wide ones).
  const hrefOf = (id: string) => `${hrefWith(pathname, searchParams, { log: id })}#attempt-title`;
  const time = (log: ExecutionLog, className?: string) => (
    <Link href={hrefOf(log.id)} className={cn('font-medium text-accent-text hover:underline', className)} aria-current={log.id === selectedId ? 'true' : undefined}>
      <DateTimeText value={log.createdAt} seconds className="tabular" />
    </Link>
  );
  const columns: DataColumn<ExecutionLog>[] = [
    { id: 'time', header: t('time'), cell: (log) => time(log, 'whitespace-nowrap') },
    { id: 'event', header: t('event'), cell: (log) => log.eventType, className: 'font-mono text-xs' },
    { id: 'status', header: t('status'), cell: (log) => <DeliveryStatusBadge status={log.status} /> },
    {
      id: 'http',
      header: t('http'),
      className: 'tabular',
      cell: (log) => (log.httpStatus === 0 ? <span className="text-fg-muted">{t('noResponse')}</span> : log.httpStatus),
    },
    { id: 'retry', header: t('retry'), cell: (log) => log.retryAttempts, className: 'tabular' },
    {
      id: 'error',
      header: t('error'),
      className: 'max-w-[16rem] truncate text-fg-muted',
      cell: (log) => <span title={log.error ?? undefined}>{log.error ?? ''}</span>,
    },
  ];
  const selected = (log: ExecutionLog) => cn(log.id === selectedId && 'bg-accent-soft');
  // Narrow screens: one card per attempt with what matters (time, status, event), no sideways scrolling.
  return (
    <DataList
      rows={logs}
      rowKey={(log) => log.id}
      label={t('caption')}
      caption={t('caption')}
      columns={columns}
      tableFrom="md"
      rowProps={(log) => ({ 'data-testid': 'attempt-row', 'data-status': log.status, className: selected(log) })}
      cardProps={(log) => ({ 'data-testid': 'attempt-card', 'data-status': log.status, className: selected(log) })}
      card={(log) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            {time(log)}
            <DeliveryStatusBadge status={log.status} />
          </div>
          <p className="mt-1 font-mono text-xs break-all">{log.eventType}</p>
          {log.error ? <p className="mt-1 text-sm break-words text-fg-muted">{log.error}</p> : null}
        </>
      )}
    />
  );
}
