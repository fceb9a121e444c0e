import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/alert';
import type { Operation } from '@/lib/api/schemas/operation';
import { mergeOperationTimeline } from '@/lib/domain/operations/operation-webhooks';
import { timeline } from '@/lib/domain/operations/view';
import { loadOperationWebhooks, type OperationWebhooks } from '@/lib/live/operation-webhooks';
import { OperationTimeline } from './operation-timeline';

/**
 * The operation's one timeline with the webhooks about it: every message the console stored for it, joined by
 * message id with the console subscription's delivery attempts (including deliveries that never arrived),
 * interleaved with the state changes by time. Streams in after the rest of the page (it reads the delivery log);
 * until then OperationStatesOnly shows the states.
 */
export async function OperationActivity({ op }: { op: Operation }) {
  const t = await getTranslations('operations.detail.webhooks');
  let result: OperationWebhooks;
  try {
    result = await loadOperationWebhooks(op);
  } catch {
    result = { webhooks: [], subscribed: true, logsUnavailable: true };
  }
  return (
    <div className="space-y-3">
      {!result.subscribed ? <Alert tone="info">{t('notSubscribed')}</Alert> : null}
      {result.logsUnavailable ? <Alert tone="warning">{t('logsUnavailable')}</Alert> : null}
      <OperationTimeline items={mergeOperationTimeline(timeline(op), result.webhooks)} />
    </div>
  );
}

/** The states alone, while the webhooks about them load. */
export async function OperationStatesOnly({ op }: { op: Operation }) {
  const t = await getTranslations('operations.detail.webhooks');
  return (
    <div className="space-y-3">
      <OperationTimeline items={mergeOperationTimeline(timeline(op), [])} />
      <p role="status" aria-busy="true" className="text-xs text-fg-muted">
        {t('loading')}
      </p>
    </div>
  );
}
