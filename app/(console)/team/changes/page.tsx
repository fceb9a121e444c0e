import type { Metadata } from 'next';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { ChangeTable, useChangeRowText, useChangeSummary, useKindLabel, useWhen, type ChangeForView } from '@/components/control-changes/change-view';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CardList, CardListItem } from '@/components/ui/card-list';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { requirePage } from '@/lib/auth/session';
import { controlChangeDelayHours, listDecidedControlChanges, listPendingControlChanges } from '@/lib/control-changes/service';
import type { ControlChangeStatus } from '@/lib/domain/control-changes';
import { DecideButtons } from './_components/decide-buttons';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('controlChanges'))('metaTitle') };
}

const CLIENT_NAMESPACES = ['controlChanges', 'stepUp', 'errors', 'common'] as const;

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

function PendingChange({ change, meId }: { change: ChangeForView; meId: string }) {
  const t = useTranslations('controlChanges');
  const summary = useChangeSummary();
  const kind = useKindLabel();
  const when = useWhen();
  const text = useChangeRowText();
  const mine = change.requestedById === meId;
  // What the approving admin signs, in words (the dialog shows the signed digest beside it).
  const signRows = [
    { key: 'kind', label: t('sign.kind'), value: kind(change.kind) },
    { key: 'requestedBy', label: t('sign.requestedBy'), value: change.requestedByEmail },
    ...change.rows.map((row, i) => {
      const { label, before, after } = text(row);
      return { key: `row${i}`, label, before, after };
    }),
  ];
  return (
    <Card data-testid="pending-change">
      <CardHeader title={kind(change.kind)} description={t('askedBy', { who: change.requestedByEmail, when: when(change.requestedAt) })} />
      <CardBody className="space-y-4">
        <ChangeTable change={change} />
        <p className="text-sm text-fg">
          {change.effectiveAt ? t('takesEffectAt', { when: when(change.effectiveAt) }) : t('waitsForApproval', { when: when(change.expiresAt) })}
        </p>
        {mine ? <p className="text-sm text-fg-muted">{t('yours')}</p> : null}
        <IntlScope namespaces={CLIENT_NAMESPACES}>
          <DecideButtons changeId={change.id} summary={summary(change)} mine={mine} signRows={signRows} />
        </IntlScope>
      </CardBody>
    </Card>
  );
}

function History({ changes }: { changes: ChangeForView[] }) {
  const t = useTranslations('controlChanges');
  const summary = useChangeSummary();
  const decidedBy = (c: ChangeForView) => c.decidedByEmail ?? (c.status === 'APPLIED' ? t('bySystem') : '—');
  if (changes.length === 0) return <p className="text-sm text-fg-muted">{t('historyNone')}</p>;
  return (
    <>
      <div className="hidden sm:block">
        <Table label={t('historyLabel')}>
          <TableCaption>{t('historyLabel')}</TableCaption>
          <THead>
            <tr>
              <TH>{t('historyColumns.change')}</TH>
              <TH>{t('historyColumns.status')}</TH>
              <TH>{t('historyColumns.askedBy')}</TH>
              <TH>{t('historyColumns.decidedBy')}</TH>
              <TH>{t('historyColumns.when')}</TH>
            </tr>
          </THead>
          <TBody>
            {changes.map((c) => (
              <TR key={c.id} data-testid="decided-change">
                <TD className="[overflow-wrap:anywhere]">{summary(c)}</TD>
                <TD>
                  <StatusBadge change={c} />
                </TD>
                <TD className="[overflow-wrap:anywhere]">{c.requestedByEmail}</TD>
                <TD className="[overflow-wrap:anywhere]">{decidedBy(c)}</TD>
                <TD>
                  <DateTimeText value={c.requestedAt.toISOString()} className="tabular whitespace-nowrap" />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      <CardList aria-label={t('historyLabel')} className="sm:hidden">
        {changes.map((c) => (
          <CardListItem key={c.id} className="space-y-2">
            <p className="font-medium text-fg [overflow-wrap:anywhere]">{summary(c)}</p>
            <StatusBadge change={c} />
            <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">
              {t('historyColumns.askedBy')}: {c.requestedByEmail} · {t('historyColumns.decidedBy')}: {decidedBy(c)} ·{' '}
              <DateTimeText value={c.requestedAt.toISOString()} />
            </p>
          </CardListItem>
        ))}
      </CardList>
    </>
  );
}

export default async function ControlChangesPage() {
  const me = await requirePage('/team/changes');
  const [pending, decided] = await Promise.all([listPendingControlChanges(), listDecidedControlChanges()]);
  const t = await getTranslations('controlChanges');
  const team = await getTranslations('team');
  return (
    <>
      <PageHeader
        breadcrumb={
          <Link href="/team" className="underline-offset-4 hover:underline">
            {team('title')}
          </Link>
        }
        title={t('title')}
        description={t('description', { hours: controlChangeDelayHours() })}
      />
      <section aria-labelledby="pending-heading" className="space-y-4">
        <h2 id="pending-heading" className="text-base font-semibold text-fg">
          {t('pendingTitle')}
        </h2>
        {pending.length === 0 ? (
          <EmptyState title={t('none')} />
        ) : (
          pending.map((change) => <PendingChange key={change.id} change={change} meId={me.id} />)
        )}
      </section>
      <section aria-labelledby="history-heading" className="mt-10 space-y-4">
        <h2 id="history-heading" className="text-base font-semibold text-fg">
          {t('history')}
        </h2>
        <History changes={decided} />
      </section>
    </>
  );
}
