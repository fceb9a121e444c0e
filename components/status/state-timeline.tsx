import { useTranslations } from 'next-intl';
import { DateText } from '@/components/data-table/date-text';
import { StatusBadge } from './status-badge';

export interface TimelineState {
  status: string;
  createdAt: string;
  reason?: { code?: string | null; message?: string | null } | string | null;
}

function reasonText(reason: TimelineState['reason']): { code: string | null; message: string | null } | null {
  if (!reason) return null;
  if (typeof reason === 'string') return { code: null, message: reason };
  if (!reason.code && !reason.message) return null;
  return { code: reason.code ?? null, message: reason.message ?? null };
}

/** A state history (the service sends it oldest first), shown newest first with each transition's reason. */
export function StateTimeline({ states, label }: { states: TimelineState[]; label?: string }) {
  const t = useTranslations('common.timeline');
  if (states.length === 0) return <p className="text-sm text-fg-muted">{t('empty')}</p>;
  const newestFirst = [...states].reverse();
  return (
    <ol aria-label={label ?? t('label')} className="relative space-y-4 border-l border-border pl-5">
      {newestFirst.map((state, i) => {
        const reason = reasonText(state.reason);
        return (
          <li key={`${state.createdAt}-${state.status}-${i}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-surface bg-border-strong"
            />
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={state.status} />
              {i === 0 ? <span className="text-xs font-medium text-fg-muted">{t('current')}</span> : null}
              <DateText value={state.createdAt} seconds className="text-xs text-fg-muted" />
            </div>
            {reason ? (
              <p className="mt-1 text-sm text-fg">
                {reason.message ?? reason.code}
                {reason.code && reason.message ? (
                  <span className="ml-1 font-mono text-xs text-fg-muted">({reason.code})</span>
                ) : null}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
