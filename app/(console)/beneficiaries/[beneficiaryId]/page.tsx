import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { IntlScope } from '@/components/i18n/intl-scope';
import { LiveRefresh } from '@/components/live/live-refresh';
import { liveCursor } from '@/lib/live/cursor';
import { buttonVariants } from '@/components/ui/button-variants';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { loadBeneficiary } from '@/lib/beneficiaries/beneficiary-page';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { isUuid } from '@/lib/validation/uuid';
import { HolderCard, type HolderFacts } from './_components/holder-card';
import { InstructionsCard } from './_components/instructions-card';
import { LazyAddInstructionForm } from './_components/lazy-add-instruction-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('beneficiaries.detail'))('metaTitle') };
}

export default async function BeneficiaryPage({ params }: { params: Promise<{ beneficiaryId: string }> }) {
  const user = await requirePage('/beneficiaries/[beneficiaryId]');
  const { beneficiaryId } = await params;
  if (!isUuid(beneficiaryId)) notFound();
  const since = await liveCursor(); // before the data (LiveRefresh `since`)
  const result = await loadBeneficiary(beneficiaryId);
  if (!result.ok && result.missing) notFound();
  const t = await getTranslations('beneficiaries');
  const breadcrumb = (
    <Link href="/beneficiaries" className="hover:text-fg hover:underline">
      ← {t('detail.back')}
    </Link>
  );
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t('detail.fallbackTitle')} breadcrumb={breadcrumb} />
        <ServiceErrorAlert error={result.failure} title={t('detail.loadFailed')} />
      </>
    );
  }
  const b = result.view.beneficiary;
  return (
    <>
      <PageHeader
        title={holderName(b.holder as HolderFacts)}
        breadcrumb={breadcrumb}
        description={t.has(`relationship.${b.relationshipType}`) ? t(`relationship.${b.relationshipType}`) : b.relationshipType}
        actions={
          result.view.payable && can(user.role, 'payouts:request') ? (
            <Link href={`/payouts/new?beneficiaryId=${b.id}`} className={buttonVariants({ variant: 'primary' })}>
              {t('detail.requestPayout')}
            </Link>
          ) : null
        }
      />
      {/* Review decisions arrive as BENEFICIARY_PAYMENT_INSTRUCTION_* events; polled while one is pending and events cannot arrive. */}
      <LiveRefresh resources={[{ kind: 'BENEFICIARY' }]} active={result.view.pending} pollingNote={t('detail.polling')} since={since} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <HolderCard beneficiary={b} />
        <div className="min-w-0 space-y-6">
          <InstructionsCard view={result.view} user={user} />
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
