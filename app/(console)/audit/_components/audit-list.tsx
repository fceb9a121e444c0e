import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { CardListFacts } from '@/components/ui/card-list';
import type { AuditEventRow } from '@/lib/db/schema';
import { auditIdempotencyKey, auditTargetHref } from '@/lib/domain/audit/audit-row';
import { StepUpProofBlock } from './step-up-proof';

const TONES: Record<string, BadgeTone> = { success: 'success', denied: 'danger', error: 'warning' };

/** The audit log's columns and cards: a table from 1024 px (six columns beside the sidebar would scroll sideways). */
export async function AuditList({ events }: { events: AuditEventRow[] }) {
  const t = await getTranslations('audit');
  const actor = (e: AuditEventRow) =>
    e.actorEmail === 'system' && !e.actorId ? t('system') : (e.actorEmail ?? (e.actorId ? e.actorId : t('anonymous')));
  const target = (e: AuditEventRow) => {
    const href = auditTargetHref(e.action, e.target);
    if (!e.target) return '—';
    return href ? (
      <Link href={href} className="underline underline-offset-4">
        {e.target}
      </Link>
    ) : (
      e.target
    );
  };
  const outcome = (e: AuditEventRow) => (
    <Badge tone={TONES[e.outcome] ?? 'neutral'} dot>
      {t(`outcome.${e.outcome}`)}
    </Badge>
  );
  const at = (e: AuditEventRow) => <DateTimeText value={e.at.toISOString()} seconds />;
  const proof = (e: AuditEventRow) => (e.details?.stepUp ? <StepUpProofBlock eventId={e.id} details={e.details} /> : null);
  const columns: DataColumn<AuditEventRow>[] = [
    { id: 'time', header: t('col.time'), cell: at, className: 'whitespace-nowrap' },
    { id: 'actor', header: t('col.actor'), cell: actor, className: '[overflow-wrap:anywhere]' },
    { id: 'action', header: t('col.action'), cell: (e) => e.action, className: 'font-mono text-xs' },
    { id: 'target', header: t('col.target'), cell: target, className: 'font-mono text-xs [overflow-wrap:anywhere]' },
    { id: 'outcome', header: t('col.outcome'), cell: outcome },
    { id: 'key', header: t('col.idempotencyKey'), cell: (e) => auditIdempotencyKey(e.details) ?? '—', className: 'font-mono text-xs [overflow-wrap:anywhere]' },
  ];
  const testData = (testid: string) => (e: AuditEventRow) => ({ 'data-testid': testid, 'data-action': e.action, 'data-outcome': e.outcome });
  return (
    <DataList
      rows={events}
      rowKey={(e) => e.id}
      label={t('title')}
      columns={columns}
      tableFrom="lg"
      rowProps={testData('audit-row')}
      cardProps={testData('audit-card')}
      afterRow={proof}
      card={(e) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <span className="min-w-0 font-mono text-xs font-medium text-fg [overflow-wrap:anywhere]">{e.action}</span>
            {outcome(e)}
          </div>
          <p className="mt-1 text-xs text-fg-muted">{at(e)}</p>
          <CardListFacts
            facts={[
              [t('col.actor'), actor(e)],
              [t('col.target'), <span key="target" className="font-mono">{target(e)}</span>],
              [t('col.idempotencyKey'), <span key="key" className="font-mono">{auditIdempotencyKey(e.details) ?? '—'}</span>],
            ]}
          />
          {e.details?.stepUp ? <div className="mt-2">{proof(e)}</div> : null}
        </>
      )}
    />
  );
}
