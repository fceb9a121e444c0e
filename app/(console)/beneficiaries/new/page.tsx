import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { countryOptions } from '@/lib/domain/address/countries';
import { CreateBeneficiaryForm } from './_components/create-beneficiary-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('beneficiaries.new'))('metaTitle') };
}

export default async function NewBeneficiaryPage() {
  await requirePage('/beneficiaries/new');
  const t = await getTranslations('beneficiaries.new');
  // Country names are made on the server in the reader's language (the browser's ICU would not hydrate the same).
  const countries = countryOptions(await getLocale());
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        breadcrumb={
          <Link href="/beneficiaries" className="hover:text-fg hover:underline">
            ← {t('back')}
          </Link>
        }
      />
      <div className="max-w-4xl">
        <IntlScope namespaces={['beneficiaries', 'address', 'validation']}>
          <CreateBeneficiaryForm countries={countries} />
        </IntlScope>
      </div>
    </>
  );
}
