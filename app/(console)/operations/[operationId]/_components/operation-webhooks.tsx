import { getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { StatusBadge } from '@/components/status/status-badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { Operation } from '@/lib/api/schemas/operation';
import { loadOperationWebhooks, type OperationWebhooks } from '@/lib/live/operation-webhooks';

/**
 * The webhooks this operation emitted: every event the console stored for it, joined by message id with the
 * console subscription's delivery attempts (status, HTTP status, retries) — including deliveries that never
 * arrived. Streams in after the rest of the page (it reads the delivery log).
 */
export async function OperationWebhooks({ op }: { op: Operation }) {
  const t = await getTranslations('operations.detail.webhooks');
  let result: OperationWebhooks;
  try {
    result = await loadOperationWebhooks(op);
  } catch {
    result = { webhooks: [], subscribed: true, logsUnavailable: true };
  }
  const { webhooks, subscribed, logsUnavailable } = result;
  return (
    <Card>
      <CardHeader title={t('title')} description={t('description')} />
      <CardBody className="space-y-3">
        {!subscribed ? <Alert tone="info">{t('notSubscribed')}</Alert> : null}
        {logsUnavailable ? <Alert tone="warning">{t('logsUnavailable')}</Alert> : null}
        {webhooks.length === 0 ? (
          subscribed ? <p className="text-sm text-fg-muted">{t('none')}</p> : null
        ) : (
          <ol aria-label={t('label')} className="divide-y divide-border" data-testid="operation-webhooks">
            {webhooks.map((w) => (
              <li key={w.messageId} className="py-3 first:pt-0 last:pb-0" data-event-type={w.eventType} data-message-id={w.messageId}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <code className="font-mono text-sm font-medium">{w.eventType}</code>
                  <span className="text-xs text-fg-muted">
                    {w.receivedAt ? (
                      <>
                        {t('received')} <DateTimeText value={w.receivedAt} seconds />
                      </>
                    ) : (
                      t('notReceived')
                    )}
                  </span>
                </div>
                <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
                  {w.atTime ? (
                    <>
                      <dt className="text-fg-muted">{t('at')}</dt>
                      <dd>
                        <DateTimeText value={w.atTime} seconds />
                      </dd>
                    </>
                  ) : null}
                  <dt className="text-fg-muted">{t('attempts')}</dt>
                  <dd>
                    {w.attempts.length === 0 ? (
                      <span className="text-fg-muted">{t('noAttempts')}</span>
                    ) : (
                      <ul className="space-y-1">
                        {w.attempts.map((a) => (
                          <li key={a.id} className="flex flex-wrap items-center gap-2" data-attempt-status={a.status}>
                            <StatusBadge status={a.status} />
                            <span className="tabular-nums">
                              {a.httpStatus
                                ? t('attempt', { http: a.httpStatus, retries: a.retryAttempts })
                                : t('attemptNoHttp', { retries: a.retryAttempts })}
                            </span>
                            <DateTimeText value={a.createdAt} seconds className="text-fg-muted" />
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </dl>
                <p className="mt-1 font-mono text-[0.7rem] text-fg-subtle">{t('messageId', { id: w.messageId })}</p>
                {w.payload !== null && w.payload !== undefined ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs text-accent-text">{t('showPayload', { event: w.eventType })}</summary>
                    <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-[0.7rem]" tabIndex={0} aria-label={t('payload')}>
                      {JSON.stringify(w.payload, null, 2)}
                    </pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
