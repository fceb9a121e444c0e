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
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { getBeneficiary } from '@/lib/api/beneficiaries';
import type { Beneficiary } from '@/lib/api/schemas/beneficiary';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { instructionHistory, isPayable, pixKeyOf } from '@/lib/domain/beneficiaries/view';
import { isNotFound } from '@/lib/errors';
import { formatTaxId } from '@/lib/validation/tax-id-format';
import { isUuid } from '@/lib/validation/uuid';
import { AddInstructionForm } from './_components/add-instruction-form';

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
  const payable = b.paymentInstructions.some(isPayable);
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
                    </li>
                  );
                })}
              </ul>
            </CardBody>
          </Card>
          {can(user.role, 'beneficiaries:create') ? (
            <IntlScope namespaces={['beneficiaries', 'validation']}>
              <AddInstructionForm beneficiaryId={b.id} />
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
