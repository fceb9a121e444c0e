import { getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { listOperationRequests } from '@/lib/audit/operation-requests';
import type { OperationRequest } from '@/lib/domain/audit/operation-requests';
import { errorField, log } from '@/lib/observability/logger';

/**
 * The console requests that acted on this operation (from the audit log) with their request ids: the id support
 * searches the console's and the service's logs for. Rendered only for roles that read the audit.
 */
export async function RequestsCard({ operationId, payoutId }: { operationId: string; payoutId: string | null }) {
  const t = await getTranslations('operations.detail.requests');
  let requests: OperationRequest[] | null;
  try {
    requests = await listOperationRequests(operationId, payoutId);
  } catch (error) {
    log().error({ kind: 'audit', operationId, error: errorField(error) }, 'could not read the requests of an operation');
    requests = null;
  }
  return (
    <Card data-testid="operation-requests">
      <CardHeader title={t('title')} description={t('description')} />
      <CardBody>
        {requests === null ? (
          <Alert tone="warning">{t('unavailable')}</Alert>
        ) : requests.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('none')}</p>
        ) : (
          <ol className="space-y-3" aria-label={t('label')}>
            {requests.map((r) => (
              <li key={r.requestId} className="text-sm" data-testid="operation-request" data-request-id={r.requestId}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-medium [overflow-wrap:anywhere]">{r.actorEmail ?? t('system')}</span>
                  <DateTimeText value={r.at.toISOString()} seconds className="text-xs text-fg-muted" />
                </div>
                <p className="text-xs text-fg-muted">
                  {t(`outcome.${r.outcome}`)} · <span className="font-mono">{r.actions.join(', ')}</span>
                </p>
                <div className="mt-1 flex items-start justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block text-xs text-fg-muted">{t('requestId')}</span>
                    <code className="font-mono text-xs break-all" data-testid="operation-request-id">
                      {r.requestId}
                    </code>
                  </span>
                  <CopyButton value={r.requestId} iconOnly variant="ghost" srLabel={t('copy', { id: r.requestId })} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
