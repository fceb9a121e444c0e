import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { reasonSentence } from './reason-sentence';

/**
 * An operation state's reason in the reader's language: the catalogue's sentence for the codes the console words,
 * with the service's own text beneath as a detail (it is English, and support asks for it verbatim); for any other
 * code, the service's text quoted as the service's. The code stays beside it for support.
 */
export function ReasonText({ reason, className }: { reason: unknown; className?: string }) {
  const t = useTranslations('operations.reasons');
  const worded = reasonSentence(t, reason);
  if (!worded) return null;
  return (
    <div className={cn('text-sm text-fg', className)} data-testid="operation-reason" data-reason-code={worded.code ?? undefined}>
      <p>
        {worded.sentence}
        {worded.code ? <span className="ml-1 font-mono text-xs text-fg-muted">({worded.code})</span> : null}
      </p>
      {worded.detail ? (
        <p className="mt-0.5 text-xs text-fg-muted" data-testid="operation-reason-detail">
          {t('serviceDetail', { message: worded.detail })}
        </p>
      ) : null}
    </div>
  );
}
