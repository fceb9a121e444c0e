import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { AmountText } from '@/components/money/amount-text';
import { ReasonText } from '@/components/operations/reason-text';
import { PayoutStatusBadge } from '@/components/payouts/payout-status-badge';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { displayDictKey } from '@/lib/domain/beneficiaries/dict-key';
import { showsApprovalDeadline } from '@/lib/domain/payouts';
import { formatRate } from '@/lib/money/rate';
import type { PayoutDetail } from '@/lib/payouts/payout-detail-page';

export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="mt-1 font-medium text-fg">{children}</dd>
    </div>
  );
}

/** Who is paid how much from where, and how many approvals it needs by when. */
export async function PayoutSummary({ detail: { p, approvals, status } }: { detail: PayoutDetail }) {
  const [t, tk] = await Promise.all([getTranslations('payouts.detail'), getTranslations('beneficiaries.keyType')]);
  return (
    <Card>
        <CardHeader title={t('summary')} />
        <CardBody>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Item label={t('amount')}>
              <AmountText amount={{ value: p.amount, asset: p.fixedSide === 'source' ? p.sourceAsset : p.targetAsset }} />{' '}
              <span className="text-fg-muted">({t(p.fixedSide === 'source' ? 'fixedSource' : 'fixedTarget')})</span>
            </Item>
            <Item label={t('from')}>
              {p.sourceAccountName} · {p.sourceAsset}
            </Item>
            <Item label={t('to')}>
              <Link href={`/beneficiaries/${p.beneficiaryId}`} className="underline underline-offset-4">
                {p.beneficiaryName}
              </Link>
              <span className="block text-fg-muted">
                {tk.has(p.dictKeyType) ? tk(p.dictKeyType) : p.dictKeyType} · {displayDictKey(p.dictKeyType, p.dictKey)}
              </span>
            </Item>
            <Item label={t('memo')}>{p.memo || '—'}</Item>
            <Item label={t('approvalsRequired')}>
              <span data-testid="approval-count">{t('approvalCount', { count: approvals.length, required: p.requiredApprovals })}</span>
            </Item>
            {showsApprovalDeadline(status) ? (
              <Item label={t('expires')}>
                <span data-testid="payout-expires">
                  <DateTimeText value={p.expiresAt.toISOString()} />
                </span>
              </Item>
            ) : null}
          </dl>
        </CardBody>
      </Card>
  );
}

/** The quote the request was valued (or executed) at. */
export async function PayoutQuote({ detail: { p } }: { detail: PayoutDetail }) {
  const [t, locale] = await Promise.all([getTranslations('payouts.detail'), getLocale()]);
  const quote = p.executedQuote ?? p.indicativeQuote;
  return (
      <Card>
        <CardHeader title={p.executedQuote ? t('executedQuote') : t('indicativeQuote')} />
        <CardBody>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <Item label={t('youSend')}>
              <AmountText amount={quote.sourceAmount} />
            </Item>
            <Item label={t('theyReceive')}>
              <AmountText amount={quote.targetAmount} />
            </Item>
            <Item label={t('rate')}>
              <span className="tabular-nums">{t('rateValue', { base: quote.rate.base, rate: formatRate(quote.rate.value, locale), quote: quote.rate.quote })}</span>
            </Item>
          </dl>
        </CardBody>
      </Card>
  );
}

/** Why a request was rejected or failed, when it was. */
export async function PayoutOutcome({ detail: { p } }: { detail: PayoutDetail }) {
  const [t, te] = await Promise.all([getTranslations('payouts.detail'), getTranslations('errors')]);
  return (
    <>
      {p.rejectionReason ? (
        <div data-testid="rejection-reason">
          <Alert tone="warning" title={t('rejectedBy', { who: p.decidedByEmail ?? '' })}>
            {p.rejectionReason}
          </Alert>
        </div>
      ) : null}
      {p.failure ? (
        <div data-testid="failure-reason">
          <Alert tone="warning" title={t('failed')}>
            {/* The console's own refusals have an errors sentence; a failed withdrawal's reason is the operation's, worded with the service's text as a detail. */}
            {te.has(p.failure.code) ? (
              <>
                {te(p.failure.code)} <span className="font-mono text-xs">({p.failure.code})</span>
              </>
            ) : (
              <ReasonText reason={p.failure} />
            )}
          </Alert>
        </div>
      ) : null}
    </>
  );
}

/** Every status the request went through, with who and a note; the audit trail for those who may read it. */
export async function PayoutHistory({ detail: { p }, auditLink }: { detail: PayoutDetail; auditLink: boolean }) {
  const t = await getTranslations('payouts.detail');
  return (
    <Card>
      <CardHeader title={t('history')} />
      <CardBody>
        <ol className="space-y-3 text-sm" data-testid="payout-history">
          {p.states.map((s, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2">
              <PayoutStatusBadge status={s.status} />
              <DateTimeText value={s.at} seconds className="text-fg-muted" />
              {s.by ? <span>{s.by}</span> : null}
              {s.note ? <span className="text-fg-muted">{t.has(`notes.${s.note}`) ? t(`notes.${s.note}`) : s.note}</span> : null}
            </li>
          ))}
        </ol>
        {auditLink ? (
          <p className="mt-4 text-sm">
            <Link href={`/audit?target=${p.id}`} className="underline underline-offset-4">
              {t('auditTrail')}
            </Link>
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
