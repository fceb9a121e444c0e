import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { hrefWith, type SearchParams } from '@/lib/domain/lists/list-params';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Badge } from '@/components/ui/badge';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';
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
  return (
    <>
      <div className="hidden md:block">
        <Table label={t('caption')}>
          <TableCaption>{t('caption')}</TableCaption>
          <THead>
            <tr>
              <TH>{t('time')}</TH>
              <TH>{t('event')}</TH>
              <TH>{t('status')}</TH>
              <TH>{t('http')}</TH>
              <TH>{t('retry')}</TH>
              <TH>{t('error')}</TH>
            </tr>
          </THead>
          <TBody>
            {logs.map((log) => (
              <TR key={log.id} data-testid="attempt-row" data-status={log.status} className={cn(log.id === selectedId && 'bg-accent-soft')}>
                <TD>
                  <Link
                    href={hrefOf(log.id)}
                    className="font-medium whitespace-nowrap text-accent-text hover:underline"
                    aria-current={log.id === selectedId ? 'true' : undefined}
                  >
                    <DateTimeText value={log.createdAt} seconds className="tabular" />
                  </Link>
                </TD>
                <TD className="font-mono text-xs">{log.eventType}</TD>
                <TD>
                  <DeliveryStatusBadge status={log.status} />
                </TD>
                <TD className="tabular">{log.httpStatus === 0 ? <span className="text-fg-muted">{t('noResponse')}</span> : log.httpStatus}</TD>
                <TD className="tabular">{log.retryAttempts}</TD>
                <TD className="max-w-[16rem] truncate text-fg-muted" title={log.error ?? undefined}>
                  {log.error ?? ''}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      {/* Narrow screens: one line per attempt with what matters (time, status, event), no sideways scrolling. */}
      <ul className="divide-y divide-border rounded-lg border border-border bg-surface md:hidden" aria-label={t('caption')}>
        {logs.map((log) => (
          <li key={log.id} data-testid="attempt-card" data-status={log.status} className={cn('px-4 py-3', log.id === selectedId && 'bg-accent-soft')}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link href={hrefOf(log.id)} className="font-medium text-accent-text hover:underline" aria-current={log.id === selectedId ? 'true' : undefined}>
                <DateTimeText value={log.createdAt} seconds className="tabular" />
              </Link>
              <DeliveryStatusBadge status={log.status} />
            </div>
            <p className="mt-1 font-mono text-xs break-all">{log.eventType}</p>
            {log.error ? <p className="mt-1 text-sm break-words text-fg-muted">{log.error}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
