import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { LiveRefresh } from '@/components/live/live-refresh';
import { StateTimeline } from '@/components/status/state-timeline';
import { StatusBadge } from '@/components/status/status-badge';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { getBeneficiary } from '@/lib/api/beneficiaries';
import type { Beneficiary } from '@/lib/api/schemas/beneficiary';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { keyReviewsFor } from '@/lib/beneficiaries/key-reviews';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { keyReviewState, payoutBlock, reviewRefusal, type KeyReviewRecord, type KeyReviewState } from '@/lib/domain/beneficiaries/key-review';
import { keyApprovalStatement } from '@/lib/domain/beneficiaries/key-review-statement';
import { instructionHistory, pixKeyOf } from '@/lib/domain/beneficiaries/view';
import { isNotFound } from '@/lib/errors';
import { formatTaxId } from '@/lib/validation/tax-id-format';
import { isUuid } from '@/lib/validation/uuid';
import { LazyAddInstructionForm } from './_components/lazy-add-instruction-form';
import { KeyReviewControls } from './_components/key-review-controls';

const REVIEW_TONE: Record<KeyReviewState, BadgeTone> = { AWAITING_REVIEW: 'warning', APPROVED: 'success', REJECTED: 'danger' };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('beneficiaries.detail'))('metaTitle') };
}

async function load(id: string): Promise<{ beneficiary: Beneficiary } | { error: unknown }> {
  try {
    return { beneficiary: (await getBeneficiary(id)).data };
  } catch (error) {
    // Unknown and other companies' ids both answer 404: a not-found page, not an error.
    if (isNotFound(error)) notFound();
    return { error };
  }
}

export default async function BeneficiaryPage({ params }: { params: Promise<{ beneficiaryId: string }> }) {
  const user = await requirePage('/beneficiaries/[beneficiaryId]');
  const { beneficiaryId } = await params;
  if (!isUuid(beneficiaryId)) notFound();
  const result = await load(beneficiaryId);
  const t = await getTranslations('beneficiaries');
  const tr = await getTranslations('keyReview');
  const breadcrumb = (
    <Link href="/beneficiaries" className="hover:text-fg hover:underline">
      ← {t('detail.back')}
    </Link>
  );
  if ('error' in result) {
    return (
      <>
        <PageHeader title={t('detail.fallbackTitle')} breadcrumb={breadcrumb} />
        <ServiceErrorAlert error={result.error} title={t('detail.loadFailed')} />
      </>
    );
  }
  const b = result.beneficiary;
  const holder = b.holder as {
    type: string;
    tradeName?: string | null;
    taxId?: { value: string; type?: string };
    dateOfBirth?: string | null;
    address?: { addressLine1?: string; addressLine2?: string | null; city?: string; state?: string; country?: string; postalCode?: string };
  };
  const pending = b.paymentInstructions.some((i) => i.currentState.status === 'PENDING_REVIEW');
  // The team's own review of each key: a payout needs it on top of the service's approval.
  const reviews = await keyReviewsFor(b.paymentInstructions.map((i) => i.id));
  const payable = b.paymentInstructions.some((i) => payoutBlock(i.currentState.status, reviews.get(i.id)) === null);
  const address = holder.address;
  return (
    <>
      <PageHeader
        title={holderName(holder)}
        breadcrumb={breadcrumb}
        description={t.has(`relationship.${b.relationshipType}`) ? t(`relationship.${b.relationshipType}`) : b.relationshipType}
        actions={
          payable && can(user.role, 'payouts:request') ? (
            <Link href={`/payouts/new?beneficiaryId=${b.id}`} className={buttonVariants({ variant: 'primary' })}>
              {t('detail.requestPayout')}
            </Link>
          ) : null
        }
      />
      {/* Review decisions arrive as BENEFICIARY_PAYMENT_INSTRUCTION_* events; polled while one is pending and events cannot arrive. */}
      <LiveRefresh resources={[{ kind: 'BENEFICIARY' }]} active={pending} pollingNote={t('detail.polling')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="min-w-0">
          <CardHeader title={t('detail.holder')} />
          <CardBody>
            <dl className="space-y-3 text-sm">
              <Item label={t('detail.kind')}>
                <span data-testid="holder-type">{t.has(`holderType.${holder.type}`) ? t(`holderType.${holder.type}`) : holder.type}</span>
              </Item>
              {holder.tradeName ? <Item label={t('detail.tradeName')}>{holder.tradeName}</Item> : null}
              <Item label={holder.taxId?.type && t.has(`keyType.${holder.taxId.type}`) ? t(`keyType.${holder.taxId.type}`) : t('detail.taxId')}>
                {holder.taxId ? <span className="font-mono">{formatTaxId(holder.taxId.value, holder.taxId.type)}</span> : null}
              </Item>
              {holder.dateOfBirth ? (
                <Item label={t('detail.dateOfBirth')}>
                  <DateTimeText value={holder.dateOfBirth} dateOnly />
                </Item>
              ) : null}
              {address ? (
                <Item label={t('detail.address')}>
                  <span className="block">{[address.addressLine1, address.addressLine2].filter(Boolean).join(', ')}</span>
                  <span className="block">
                    {[address.city, address.state, address.postalCode, address.country].filter(Boolean).join(' · ')}
                  </span>
                </Item>
              ) : null}
              <Item label={t('detail.created')}>
                <DateTimeText value={b.createdAt} />
              </Item>
            </dl>
          </CardBody>
        </Card>
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader title={t('detail.instructions')} description={t('detail.instructionsDescription')} />
            <CardBody>
              <ul className="space-y-6" data-testid="instructions">
                {b.paymentInstructions.map((i) => {
                  const key = pixKeyOf(i);
                  const label = key ? t('detail.instructionTitle', { type: t.has(`keyType.${key.type}`) ? t(`keyType.${key.type}`) : key.type, key: key.display }) : i.id;
                  return (
                    <li key={i.id} className="space-y-3" data-testid={`instruction-${i.id}`}>
                      <div className="flex flex-wrap items-center gap-2">
                        <StatusBadge status={i.currentState.status} />
                        <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{label}</span>
                        <span className="text-sm text-fg-muted">{i.asset}</span>
                      </div>
                      <StateTimeline states={instructionHistory(i)} label={t('detail.history', { key: key?.display ?? i.id })} />
                      <KeyReview
                        tr={tr}
                        record={reviews.get(i.id) ?? null}
                        serviceStatus={i.currentState.status}
                        refusal={reviewRefusal(user, reviews.get(i.id), i.currentState.status)}
                        controls={
                          <IntlScope namespaces={['keyReview', 'stepUp']}>
                            <KeyReviewControls
                              beneficiaryId={b.id}
                              instructionId={i.id}
                              facts={keyApprovalStatement(b as { id: string; holder: { type: string } }, i).facts.map(([name, value]) => ({
                                key: name,
                                label: tr(`fact.${name}`),
                                value: name === 'keyType' && t.has(`keyType.${value}`) ? t(`keyType.${value}`) : value,
                              }))}
                            />
                          </IntlScope>
                        }
                      />
                    </li>
                  );
                })}
              </ul>
            </CardBody>
          </Card>
          {can(user.role, 'beneficiaries:create') ? (
            <IntlScope namespaces={['beneficiaries', 'validation']}>
              <LazyAddInstructionForm beneficiaryId={b.id} />
            </IntlScope>
          ) : null}
        </div>
      </div>
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="mt-0.5 font-medium text-fg [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The team's review of one key: its state, who added and who decided it, and the controls for who may decide. */
function KeyReview({
  tr,
  record,
  serviceStatus,
  refusal,
  controls,
}: {
  tr: Awaited<ReturnType<typeof getTranslations<'keyReview'>>>;
  record: KeyReviewRecord | null;
  serviceStatus: string;
  refusal: ReturnType<typeof reviewRefusal>;
  controls: ReactNode;
}) {
  const state = keyReviewState(record);
  const lines: ReactNode[] = [];
  if (state === 'AWAITING_REVIEW') {
    if (serviceStatus === 'REJECTED') lines.push(tr('serviceRejected'));
    else if (refusal === 'OWN_KEY') lines.push(tr('ownKey'));
    else lines.push(record?.creatorName ? tr('waitingFor', { name: record.creatorName }) : tr('waitingForAnyone'));
  } else if (record?.decidedBySystem) {
    lines.push(tr('approvedBySystem'));
  } else if (record) {
    lines.push(
      <>
        {state === 'APPROVED' ? tr('approvedBy', { name: record.reviewerName ?? '' }) : tr('rejectedBy', { name: record.reviewerName ?? '', reason: record.reason ?? '' })}
        {record.decidedAt ? (
          <>
            {' · '}
            <DateTimeText value={record.decidedAt} />
          </>
        ) : null}
      </>,
    );
  }
  // Who added it; with no creator on record, say who may review it while it waits.
  if (!record?.decidedBySystem) {
    lines.push(record?.creatorName ? tr('addedBy', { name: record.creatorName }) : state === 'AWAITING_REVIEW' ? tr('addedByUnknown') : tr('addedOutside'));
  }
  return (
    <div className="space-y-2 rounded-md border border-border p-3" data-testid="key-review" data-review-state={state}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-fg">{tr('sectionTitle')}</span>
        <Badge tone={REVIEW_TONE[state]} dot>
          {tr(`state.${state}`)}
        </Badge>
      </div>
      {lines.map((line, n) => (
        <p key={n} className="text-sm text-fg-muted [overflow-wrap:anywhere]">
          {line}
        </p>
      ))}
      {refusal === null ? controls : null}
    </div>
  );
}
