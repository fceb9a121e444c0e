import { getTranslations } from 'next-intl/server';
import { reasonSentence } from '@/components/operations/reason-sentence';
import { Alert } from '@/components/ui/alert';
import type { Operation } from '@/lib/api/schemas/operation';

/** Where the deposit stands, said as it changes (the page follows it live). */
export async function DepositStatusNotice({ operation }: { operation: Operation }) {
  const [t, reasons] = await Promise.all([getTranslations('deposits'), getTranslations('operations.reasons')]);
  const status = operation.currentState.status;
  return (
    <div aria-live="polite">
      {status === 'COMPLETED' ? <Alert tone="success">{t('instruction.completed')}</Alert> : null}
      {status === 'FAILED' ? (
        <Alert tone="error">{t('instruction.failed', { reason: reasonSentence(reasons, operation.currentState.reason)?.sentence ?? status })}</Alert>
      ) : null}
      {status === 'PROCESSING' ? <Alert tone="info">{t('instruction.processing')}</Alert> : null}
      {status === 'REQUESTED' ? <p className="text-sm text-fg-muted">{t('instruction.waiting')}</p> : null}
    </div>
  );
}
