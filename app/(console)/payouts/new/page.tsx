import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';
import { loadRequestOptions, type RequestOptions } from '@/lib/payouts/request-options';
import { beneficiaryOptions } from './_components/beneficiary-options';
import { RequestPayoutForm } from './_components/request-payout-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payouts.new'))('metaTitle') };
}

export default async function NewPayoutPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePage('/payouts/new');
  const sp = await searchParams;
  const t = await getTranslations('payouts.new');
  const header = (
    <PageHeader
      breadcrumb={
        <Link href="/payouts" className="hover:text-fg hover:underline">
          ← {t('breadcrumb')}
        </Link>
      }
      title={t('title')}
      description={t('description')}
    />
  );
  let options: RequestOptions;
  try {
    options = await loadRequestOptions();
  } catch (error) {
    return (
      <>
        {header}
        <ServiceErrorAlert error={error} title={t('loadFailed')} />
      </>
    );
  }
  return (
    <>
      {header}
      <div className="max-w-4xl">
        <IntlScope namespaces={['payouts', 'keyReview']}>
          <RequestPayoutForm
            accounts={options.accounts}
            beneficiaries={await beneficiaryOptions(options.beneficiaries)}
            initialBeneficiaryId={firstParam(sp, 'beneficiaryId')}
          />
        </IntlScope>
      </div>
    </>
  );
}
