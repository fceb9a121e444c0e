import { useTranslations } from 'next-intl';
import { useChangeSummary, type ChangeForView } from '@/components/control-changes/change-view';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { ControlChangeStatus } from '@/lib/domain/control-changes';

const STATUS_TONE: Record<ControlChangeStatus, BadgeTone> = {
  PENDING: 'warning',
  APPROVED: 'info',
  APPLIED: 'success',
  REJECTED: 'danger',
  CANCELLED: 'neutral',
  EXPIRED: 'neutral',
};

function StatusBadge({ change }: { change: ChangeForView }) {
  const t = useTranslations('controlChanges');
  return (
    <Badge tone={STATUS_TONE[change.status]} dot>
      {t(`status.${change.status}`)}
      {change.note === 'STALE' ? ` (${t('staleNote')})` : null}
    </Badge>
  );
}

/** Decided changes, newest first: what, how it ended, who asked and who decided. */
export function ChangeHistory({ changes }: { changes: ChangeForView[] }) {
  const t = useTranslations('controlChanges');
  const summary = useChangeSummary();
  const decidedBy = (c: ChangeForView) => c.decidedByEmail ?? (c.status === 'APPLIED' ? t('bySystem') : '—');
  if (changes.length === 0) return <p className="text-sm text-fg-muted">{t('historyNone')}</p>;
  const columns: DataColumn<ChangeForView>[] = [
    { id: 'change', header: t('historyColumns.change'), cell: summary, className: '[overflow-wrap:anywhere]' },
    { id: 'status', header: t('historyColumns.status'), cell: (c) => <StatusBadge change={c} /> },
    { id: 'askedBy', header: t('historyColumns.askedBy'), cell: (c) => c.requestedByEmail, className: '[overflow-wrap:anywhere]' },
    { id: 'decidedBy', header: t('historyColumns.decidedBy'), cell: decidedBy, className: '[overflow-wrap:anywhere]' },
    { id: 'when', header: t('historyColumns.when'), cell: (c) => <DateTimeText value={c.requestedAt.toISOString()} className="tabular whitespace-nowrap" /> },
  ];
  return (
    <DataList
      rows={changes}
      rowKey={(c) => c.id}
      label={t('historyLabel')}
      caption={t('historyLabel')}
      columns={columns}
      rowProps={() => ({ 'data-testid': 'decided-change' })}
      cardProps={() => ({ className: 'space-y-2' })}
      card={(c) => (
        <>
          <p className="font-medium text-fg [overflow-wrap:anywhere]">{summary(c)}</p>
          <StatusBadge change={c} />
          <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">
            {t('historyColumns.askedBy')}: {c.requestedByEmail} · {t('historyColumns.decidedBy')}: {decidedBy(c)} ·{' '}
            <DateTimeText value={c.requestedAt.toISOString()} />
          </p>
        </>
      )}
    />
  );
}
