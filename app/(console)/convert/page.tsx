import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { getBalances } from '@/lib/api/balances';
import { getOperation } from '@/lib/api/operations';
import { loadOwnAccounts } from '@/lib/api/own-accounts';
import { requirePage } from '@/lib/auth/session';
import type { Amount } from '@/lib/money/amount-core';
import { isAsset } from '@/lib/money/assets';
import { ConvertForm, type ConvertAccount } from './_components/convert-form';
import { SwapResult } from './_components/swap-result';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('convert'))('title') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The swap named in `?operation=`, if it is one this company can read; a stale or foreign link shows the form alone. */
async function followedSwap(operationId: string | undefined) {
  if (!operationId || !UUID.test(operationId)) return null;
  const operation = await getOperation(operationId).then(
    (r) => r.data,
    () => null,
  );
  if (!operation || operation.intent.type !== 'SWAP') return null;
  const { data } = await getBalances(operation.account.id);
  const balances: Amount[] = [...data.fiat, ...data.crypto].flatMap((entry) => (entry.amount ? [entry.amount] : []));
  return { operation, balances };
}

export default async function ConvertPage({ searchParams }: { searchParams: Promise<{ operation?: string }> }) {
  await requirePage('/convert');
  const t = await getTranslations('convert');
  const { operation: operationId } = await searchParams;
  const [accounts, followed] = await Promise.all([loadOwnAccounts(), followedSwap(operationId)]);

  // Money moves only on ACTIVE accounts and assets; an asset the console does not know cannot be typed in.
  const usable: ConvertAccount[] = accounts
    .filter((a) => a.status === 'ACTIVE')
    .map((a) => ({
      id: a.id,
      name: a.name,
      assets: a.assets.flatMap((x) => (x.status === 'ACTIVE' && isAsset(x.asset) ? [{ asset: x.asset, available: x.available }] : [])),
    }));

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {followed ? <SwapResult operation={followed.operation} balances={followed.balances} /> : null}
      <IntlScope namespaces={['convert', 'validation']}>
        <ConvertForm accounts={usable} />
      </IntlScope>
    </>
  );
}
