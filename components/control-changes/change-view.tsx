import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { amountText } from '@/components/money/amount-text';
import { tierSentence, type PolicyTranslator } from '@/components/payouts/approval-sentences';
import { Alert } from '@/components/ui/alert';
import type { Role } from '@/lib/auth/permissions';
import type { ChangeRow, ControlChangeKind, ControlChangeStatus, PolicyTierSide, RoleState } from '@/lib/domain/control-changes';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import { formatDateTime } from '@/lib/i18n/format';

/** What the console shows of a control change (rendered on the server: dates as Date). */
export type ChangeForView = {
  id: string;
  kind: ControlChangeKind;
  status: ControlChangeStatus;
  rows: ChangeRow[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  requestedById: string;
  requestedByEmail: string;
  requestedAt: Date;
  effectiveAt: Date | null;
  expiresAt: Date;
  decidedByEmail: string | null;
  note: string | null;
};

/** Catalogue keys of the kinds (next-intl reads dots in keys as nesting). */
const KIND_KEY = {
  'team.add-user': 'addUser',
  'team.change-role': 'changeRole',
  'team.second-factor': 'secondFactor',
  'payouts.policy': 'policy',
} as const satisfies Record<ControlChangeKind, string>;

export function useKindLabel(): (kind: ControlChangeKind) => string {
  const t = useTranslations('controlChanges.kinds');
  return (kind) => t(KIND_KEY[kind]);
}

/** One line saying what the change does, to follow "X asked to …". */
export function useChangeSummary(): (change: Pick<ChangeForView, 'kind' | 'before' | 'after'>) => string {
  const t = useTranslations('controlChanges.summary');
  const roles = useTranslations('shell.roles');
  return (change) => {
    switch (change.kind) {
      case 'team.add-user': {
        const after = change.after as RoleState;
        return t('addUser', { name: after.name, role: roles(after.role) });
      }
      case 'team.change-role': {
        const after = change.after as RoleState;
        return t('changeRole', { name: after.name, role: roles(after.role), before: roles((change.before as RoleState).role) });
      }
      case 'team.second-factor':
        return t('secondFactor');
      case 'payouts.policy':
        return t('policy');
    }
  };
}

/** A date in the reader's locale and time zone, as a string for a sentence. */
export function useWhen(): (at: Date) => string {
  const locale = useLocale();
  const timeZone = useTimeZone() ?? DEFAULT_TIME_ZONE;
  return (at) => formatDateTime(at.toISOString(), { locale, timeZone });
}

/** One side-by-side row in words: its label and the value before and after, in the reader's language. */
export type ChangeRowText = { label: string; before: string; after: string };

export function useChangeRowText(): (row: ChangeRow) => ChangeRowText {
  const t = useTranslations('controlChanges');
  const roles = useTranslations('shell.roles');
  const tp = useTranslations('approvalPolicy') as unknown as PolicyTranslator;
  const locale = useLocale();
  const label = (row: ChangeRow) => {
    if (row.key === 'policyTier') return t('rows.policyTier', { n: row.tier + 1 });
    return t(`rows.${row.key}`);
  };
  // The tier's sentence as the policy editor writes it ("Above R$ 10.000,00: two approvals by finance or admin").
  const tierText = (side: PolicyTierSide | null): string => {
    if (!side) return t('values.noTier');
    const tiers = side.previousUpTo === null ? [side.tier] : [{ upTo: side.previousUpTo, steps: [] }, side.tier];
    return tierSentence(tp, tiers, tiers.length - 1, side.currency, locale);
  };
  const value = (row: ChangeRow, side: 'before' | 'after'): string => {
    switch (row.key) {
      case 'user':
        return row[side] || t('values.newUser');
      case 'role':
        return roles(row[side] as Role);
      case 'secondFactor':
        return row[side] ? t('values.on') : t('values.off');
      case 'policyTier':
        return tierText(row[side]);
      case 'policyDailyCap': {
        const cap = row[side];
        return cap.amount === null ? t('values.noCap') : amountText({ value: cap.amount, asset: cap.currency }, locale);
      }
      case 'policyCurrency':
        return row[side];
    }
  };
  return (row) => ({ label: label(row), before: value(row, 'before'), after: value(row, 'after') });
}

/** Side by side: what changes, before and after. */
export function ChangeTable({ change }: { change: ChangeForView }) {
  const t = useTranslations('controlChanges');
  const text = useChangeRowText();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="change-table">
        <thead>
          <tr className="border-b border-border text-xs text-fg-muted">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('columns.what')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('columns.before')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('columns.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {change.rows.map((row, i) => {
            const { label, before, after } = text(row);
            return (
              <tr key={i} className="border-b border-border last:border-0 align-top">
                <th scope="row" className="py-2 pr-3 font-medium text-fg">
                  {label}
                </th>
                <td className="py-2 pr-3 text-fg-muted [overflow-wrap:anywhere]">{before}</td>
                <td className={before === after ? 'py-2 [overflow-wrap:anywhere]' : 'py-2 font-semibold text-fg [overflow-wrap:anywhere]'}>{after}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Every admin sees what waits for a second admin on every console page (who asked, what, and when it takes effect
 * by itself), so that a change one admin makes alone never happens unannounced.
 */
export function PendingChangesBanner({ changes }: { changes: ChangeForView[] }) {
  const t = useTranslations('controlChanges.banner');
  const summary = useChangeSummary();
  const when = useWhen();
  if (changes.length === 0) return null;
  return (
    <section aria-label={t('title', { count: changes.length })} className="mb-6" data-testid="pending-changes-banner">
      <Alert tone="warning" title={t('title', { count: changes.length })}>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {changes.map((change) => (
            <li key={change.id}>
              {change.effectiveAt
                ? t('itemAt', { who: change.requestedByEmail, summary: summary(change), when: when(change.effectiveAt) })
                : t('item', { who: change.requestedByEmail, summary: summary(change) })}
            </li>
          ))}
        </ul>
        <Link href="/team/changes" className="mt-2 inline-block font-medium underline underline-offset-4">
          {t('review')}
        </Link>
      </Alert>
    </section>
  );
}
