import { useTranslations } from 'next-intl';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { ReasonText } from '@/components/operations/reason-text';
import { StatusBadge } from '@/components/status/status-badge';
import { useStatusLabel } from '@/components/status/use-status-label';
import type { OperationTimelineItem, OperationWebhook } from '@/lib/domain/operations/operation-webhooks';
import type { TimelineEntry } from '@/lib/domain/operations/view';

/**
 * The operation's one timeline, oldest first: each state change (time to the second, the time since the previous
 * state, its reason) and, between them at the time they were delivered, the webhook messages about them with their
 * delivery attempts.
 */
export function OperationTimeline({ items }: { items: OperationTimelineItem[] }) {
  const t = useTranslations('operations.detail.timeline');
  const common = useTranslations('common.timeline');
  if (items.length === 0) return <p className="text-sm text-fg-muted">{common('empty')}</p>;
  return (
    <ol aria-label={t('label')} className="relative space-y-4 border-l border-border pl-5" data-testid="operation-timeline">
      {items.map((item, i) =>
        item.kind === 'state' ? (
          <StateItem key={`state-${item.entry.at}-${item.entry.status}-${i}`} entry={item.entry} current={item.current} />
        ) : (
          <WebhookItem key={`webhook-${item.webhook.messageId}`} webhook={item.webhook} reports={item.reports} />
        ),
      )}
    </ol>
  );
}

function StateItem({ entry, current }: { entry: TimelineEntry; current: boolean }) {
  const t = useTranslations('operations.detail.timeline');
  return (
    <li className="relative" data-kind="state" data-status={entry.status}>
      <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-surface bg-border-strong" />
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={entry.status} />
        {current ? <span className="text-xs font-medium text-fg-muted">{t('current')}</span> : null}
        <DateTimeText value={entry.at} seconds className="text-xs text-fg-muted" />
        {entry.afterSeconds !== null ? (
          <span className="font-mono text-xs text-fg-muted" title={t('afterLabel', { seconds: entry.afterSeconds })} data-testid="state-after">
            <span aria-hidden="true">{t('after', { seconds: entry.afterSeconds })}</span>
            <span className="sr-only">{t('afterLabel', { seconds: entry.afterSeconds })}</span>
          </span>
        ) : null}
      </div>
      {entry.reason ? <ReasonText reason={entry.reason} className="mt-1" /> : null}
    </li>
  );
}

function WebhookItem({ webhook: w, reports }: { webhook: OperationWebhook; reports: string | null }) {
  const t = useTranslations('operations.detail.webhooks');
  const statusLabel = useStatusLabel();
  return (
    <li className="relative" data-kind="webhook" data-event-type={w.eventType} data-message-id={w.messageId} data-reports={reports ?? undefined}>
      <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] size-2.5 rotate-45 border-2 border-surface bg-accent" />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-fg">{reports ? t('about', { status: statusLabel(reports) }) : t('aboutUnknown')}</span>
        <code className="font-mono text-xs text-fg-muted">{w.eventType}</code>
        <span className="text-xs text-fg-muted" data-testid="webhook-received">
          {w.receivedAt ? (
            <>
              {t('received')} <DateTimeText value={w.receivedAt} seconds />
            </>
          ) : (
            t('notReceived')
          )}
        </span>
      </div>
      {w.attempts.length === 0 ? (
        <p className="mt-1 text-xs text-fg-muted">{t('noAttempts')}</p>
      ) : (
        <ul aria-label={t('attempts')} className="mt-1 space-y-1 text-xs">
          {w.attempts.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-2" data-attempt-status={a.status}>
              <StatusBadge status={a.status} />
              <span className="tabular-nums">
                {a.httpStatus ? t('attempt', { http: a.httpStatus, retries: a.retryAttempts }) : t('attemptNoHttp', { retries: a.retryAttempts })}
              </span>
              <DateTimeText value={a.createdAt} seconds className="text-fg-muted" />
            </li>
          ))}
        </ul>
      )}
      <details className="mt-1">
        <summary className="cursor-pointer text-xs text-accent-text">{t('showPayload', { event: w.eventType })}</summary>
        <p className="mt-1 font-mono text-[0.7rem] break-all text-fg-subtle">{t('messageId', { id: w.messageId })}</p>
        {w.payload !== null && w.payload !== undefined ? (
          <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-[0.7rem]" tabIndex={0} aria-label={t('payload')}>
            {JSON.stringify(w.payload, null, 2)}
          </pre>
        ) : null}
      </details>
    </li>
  );
}
