import { useLocale, useTranslations } from 'next-intl';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { reasonSentence } from '@/components/operations/reason-sentence';
import { StatusBadge } from '@/components/status/status-badge';
import type { Operation } from '@/lib/api/schemas/operation';
import { timeline } from '@/lib/domain/operations/view';

/** The state history oldest first: each state with its time to the second, the time it took, and its reason. */
export function OperationTimeline({ op }: { op: Pick<Operation, 'states'> }) {
  const t = useTranslations('operations.detail.timeline');
  const common = useTranslations('common.timeline');
  const reasons = useTranslations('operations.reasons');
  const locale = useLocale();
  const entries = timeline(op);
  if (entries.length === 0) return <p className="text-sm text-fg-muted">{common('empty')}</p>;
  const seconds = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
  return (
    <ol aria-label={t('label')} className="relative space-y-4 border-l border-border pl-5" data-testid="operation-timeline">
      {entries.map((entry, i) => (
        <li key={`${entry.at}-${entry.status}-${i}`} className="relative" data-status={entry.status}>
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-surface bg-border-strong"
          />
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={entry.status} />
            {i === entries.length - 1 ? <span className="text-xs font-medium text-fg-muted">{t('current')}</span> : null}
            <DateTimeText value={entry.at} seconds className="text-xs text-fg-muted" />
            {entry.afterSeconds !== null ? (
              <span className="font-mono text-xs text-fg-muted" title={t('afterLabel', { seconds: seconds(entry.afterSeconds) })}>
                <span aria-hidden="true">{t('after', { seconds: seconds(entry.afterSeconds) })}</span>
                <span className="sr-only">{t('afterLabel', { seconds: seconds(entry.afterSeconds) })}</span>
              </span>
            ) : null}
          </div>
          {entry.reason ? <ReasonLine reason={reasonSentence(reasons, entry.reason)} /> : null}
        </li>
      ))}
    </ol>
  );
}

function ReasonLine({ reason }: { reason: { sentence: string; code: string | null } | null }) {
  if (!reason) return null;
  return (
    <p className="mt-1 text-sm text-fg">
      {reason.sentence}
      {reason.code ? <span className="ml-1 font-mono text-xs text-fg-muted">({reason.code})</span> : null}
    </p>
  );
}
