import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { loadOwnAccounts } from '@/lib/api/own-accounts';
import { requirePage } from '@/lib/auth/session';
import { isAsset } from '@/lib/money/assets';
import { DepositForm, type DepositAccount } from './_components/deposit-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('deposits'))('title') };
}

export default async function NewDepositPage() {
  await requirePage('/deposits/new');
  const t = await getTranslations('deposits');
  // Deposits credit ACTIVE accounts, in one of their ACTIVE assets.
  const accounts: DepositAccount[] = (await loadOwnAccounts())
    .filter((a) => a.status === 'ACTIVE')
    .map((a) => ({ id: a.id, name: a.name, assets: a.assets.flatMap((x) => (x.status === 'ACTIVE' && isAsset(x.asset) ? [x.asset] : [])) }))
    .filter((a) => a.assets.length > 0);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <IntlScope namespaces={['deposits', 'validation']}>
        <DepositForm accounts={accounts} />
      </IntlScope>
    </>
  );
}
