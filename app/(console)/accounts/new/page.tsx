import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { countryOptions } from '@/lib/domain/address/countries';
import { CreateAccountForm } from './_components/create-account-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('accounts.new'))('metaTitle') };
}

export default async function NewAccountPage() {
  await requirePage('/accounts/new');
  const t = await getTranslations('accounts.new');
  // Country names are made here, on the server, in the reader's language: the browser's ICU names a few regions
  // differently from Node's, and names computed on both sides would not hydrate.
  const countries = countryOptions(await getLocale());
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        breadcrumb={
          <Link href="/accounts" className="hover:text-fg hover:underline">
            ← {t('back')}
          </Link>
        }
      />
      <div className="max-w-4xl">
        <IntlScope namespaces={['accounts', 'address', 'industries', 'validation']}>
          <CreateAccountForm countries={countries} />
        </IntlScope>
      </div>
    </>
  );
}
