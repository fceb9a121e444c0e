import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { hrefWith, type SearchParams } from '@/lib/domain/lists/list-params';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { buttonVariants } from '@/components/ui/button-variants';
import { CopyButton } from '@/components/ui/copy-button';
import type { ExecutionLog } from '@/lib/api/schemas/execution-log';
import { resourceOfEvent } from '@/lib/contract/webhook-events';
import { linkToResource, prettyPayload, resourceLinkOf } from '@/lib/domain/webhooks/catalog';
import { deliveryHeaders, renderCurl } from '@/lib/domain/webhooks/curl';
import { DeliveryStatusBadge } from './logs-table';
import { ResendButton } from './resend-button';
import { SignatureCheck } from './signature-check';

/**
 * The attempt as a side panel: what was sent (headers, payload pretty and raw), what came back (status, error),
 * retry number, times, the resource it concerns, Copy as cURL, and Resend for those who manage webhooks.
 */
export async function AttemptPanel({
  log,
  signature,
  history,
  pathname,
  searchParams,
  newerId,
  olderId,
  canManage,
  received,
}: {
  log: ExecutionLog;
  /** What this console's receiver recorded for the message (its resource, its receipt's request id), when it received it. */
  received: { kind: string | null; id: string | null; receiptRequestId?: string | null } | null;
  signature: string | null;
  /** Every attempt of this message (retries, resends), newest first. */
  history: ExecutionLog[];
  pathname: string;
  searchParams: SearchParams;
  newerId: string | null;
  olderId: string | null;
  canManage: boolean;
}) {
  const t = await getTranslations('webhooks.attempt');
  const headers = deliveryHeaders({
    eventType: log.eventType,
    messageId: log.messageId,
    companyId: log.companyId,
    resourceName: resourceOfEvent(log.eventType),
    signature,
  });
  const curl = renderCurl({ url: log.url, headers, body: log.payload });
  const pretty = prettyPayload(log.payload);
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(log.payload);
  } catch {
    parsed = null;
  }
  const link = resourceLinkOf(log.eventType, parsed) ?? linkToResource(received?.kind ?? null, received?.id ?? null);
  const nav = buttonVariants({ variant: 'secondary', size: 'sm' });

  return (
    <section aria-labelledby="attempt-title" className="rounded-lg border border-border bg-surface" data-testid="attempt-panel">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 id="attempt-title" className="text-base font-semibold text-fg">
          {t('title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {newerId ? (
            <Link href={hrefWith(pathname, searchParams, { log: newerId })} scroll={false} className={nav}>
              <span aria-hidden="true">↑</span> {t('previous')}
            </Link>
          ) : null}
          {olderId ? (
            <Link href={hrefWith(pathname, searchParams, { log: olderId })} scroll={false} className={nav}>
              <span aria-hidden="true">↓</span> {t('next')}
            </Link>
          ) : null}
          <Link href={hrefWith(pathname, searchParams, { log: null })} scroll={false} className={nav} aria-label={t('close')}>
            <span aria-hidden="true">✕</span>
          </Link>
        </div>
      </div>
      <div className="space-y-4 px-4 py-4">
        <div className="flex flex-wrap items-center gap-3">
          <DeliveryStatusBadge status={log.status} />
          <span className="font-mono text-xs">{log.eventType}</span>
          {canManage ? (
            <IntlScope namespaces={['webhooks']}>
              <ResendButton subscriptionId={log.subscriptionId} logId={log.id} />
            </IntlScope>
          ) : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-fg-muted">{t('httpStatus')}</dt>
          <dd className="tabular" data-testid="attempt-http">{log.httpStatus}</dd>
          <dt className="text-fg-muted">{t('error')}</dt>
          <dd className="break-words">{log.error ?? <span className="text-fg-muted">{t('noError')}</span>}</dd>
          <dt className="text-fg-muted">{t('retry')}</dt>
          <dd className="tabular">{log.retryAttempts === 0 ? t('retryInitial') : log.retryAttempts}</dd>
          <dt className="text-fg-muted">{t('createdAt')}</dt>
          <dd>
            <DateTimeText value={log.createdAt} seconds className="tabular" />
          </dd>
          <dt className="text-fg-muted">{t('updatedAt')}</dt>
          <dd>
            <DateTimeText value={log.updatedAt} seconds className="tabular" />
          </dd>
          <dt className="text-fg-muted">{t('messageId')}</dt>
          <dd className="break-all font-mono text-xs">{log.messageId}</dd>
          {received?.receiptRequestId ? (
            <>
              <dt className="text-fg-muted">{t('receiptRequestId')}</dt>
              <dd>
                <span className="flex items-start gap-1">
                  <code className="min-w-0 break-all font-mono text-xs" data-testid="attempt-receipt-request-id">
                    {received.receiptRequestId}
                  </code>
                  <CopyButton value={received.receiptRequestId} iconOnly variant="ghost" srLabel={t('copyReceiptRequestId')} />
                </span>
                <span className="block text-xs text-fg-muted">{t('receiptRequestIdHint')}</span>
              </dd>
            </>
          ) : null}
          <dt className="text-fg-muted">{t('url')}</dt>
          <dd className="break-all font-mono text-xs">{log.url}</dd>
          <dt className="text-fg-muted">{t('concerns')}</dt>
          <dd>
            {link ? (
              <>
                <Link href={link.href} className="text-accent-text hover:underline" data-testid="attempt-resource">
                  {t(`open_${link.kind}`)}
                </Link>
                <span className="block font-mono text-xs break-all text-fg-muted">{link.id}</span>
              </>
            ) : (
              <span className="text-fg-muted">{t('noLink')}</span>
            )}
          </dd>
        </dl>
        <div>
          <h3 className="text-sm font-semibold text-fg">{t('history')}</h3>
          <p className="mb-1 text-sm text-fg-muted">{t('historyHint')}</p>
          <ol className="space-y-1 text-sm" data-testid="message-attempts">
            {history.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-2">
                <DeliveryStatusBadge status={h.status} />
                <Link
                  href={hrefWith(pathname, searchParams, { log: h.id })}
                  scroll={false}
                  aria-current={h.id === log.id ? 'true' : undefined}
                  className="text-accent-text hover:underline aria-[current=true]:font-semibold"
                >
                  <DateTimeText value={h.createdAt} seconds className="tabular" />
                </Link>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold text-fg">{t('headers')}</h3>
          <dl className="overflow-x-auto rounded bg-surface-muted p-2 font-mono text-xs">
            {headers.map(([name, value]) => (
              <div key={name} className="flex gap-2">
                <dt className="shrink-0 text-fg-muted">{name}:</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold text-fg">{t('payload')}</h3>
          <pre className="max-h-80 overflow-auto rounded bg-surface-muted p-2 text-xs" tabIndex={0} aria-label={t('payload')}>
            {pretty ?? log.payload}
          </pre>
          <details className="mt-2">
            <summary className="cursor-pointer text-sm text-accent-text">{t('raw')}</summary>
            <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-surface-muted p-2 text-xs" tabIndex={0}>
              {log.payload}
            </pre>
          </details>
        </div>
        <IntlScope namespaces={['webhooks']}>
          <SignatureCheck subscriptionId={log.subscriptionId} logId={log.id} messageId={log.messageId} />
        </IntlScope>
        <div className="flex flex-wrap items-center gap-3">
          <CopyButton value={curl} label={t('copyCurl')} copiedLabel={t('copied')} />
          <p className="text-sm text-fg-muted">{t('curlHint')}</p>
        </div>
      </div>
    </section>
  );
}
