import { useTranslations } from 'next-intl';
import { ChangeTable, useChangeRowText, useChangeSummary, useKindLabel, useWhen, type ChangeForView } from '@/components/control-changes/change-view';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DecideButtons } from './decide-buttons';

const CLIENT_NAMESPACES = ['controlChanges', 'stepUp', 'errors', 'common'] as const;

/** A change waiting for a second admin: what it changes, when it applies by itself, and the decision buttons. */
export function PendingChange({ change, meId }: { change: ChangeForView; meId: string }) {
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
