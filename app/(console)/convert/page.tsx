import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { getBalances } from '@/lib/api/balances';
import { getOperation } from '@/lib/api/operations';
import { loadOwnAccounts } from '@/lib/api/own-accounts';
import { requirePage } from '@/lib/auth/session';
import type { Amount } from '@/lib/money/amount-core';
import { isAsset, type Asset } from '@/lib/money/assets';
import { getEnv } from '@/lib/env';
import { Suspense } from 'react';
import { RateMovement, type RatePair } from './_components/rate-movement';
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

/** The pair the rate chart shows: the one asked for in the URL when both are usable, else the first asset against the reference. */
function chosenPair(base: string | undefined, quote: string | undefined, assets: readonly Asset[], reference: Asset): RatePair | null {
  if (base && quote && base !== quote && isAsset(base) && isAsset(quote) && assets.includes(base) && assets.includes(quote)) return { base, quote };
  const target = assets.includes(reference) ? reference : assets[0];
  const source = (['USD', ...assets] as Asset[]).find((a) => a !== target && assets.includes(a));
  return target && source ? { base: source, quote: target } : null;
}

type ConvertSearchParams = { operation?: string; base?: string; quote?: string };

export default async function ConvertPage({ searchParams }: { searchParams: Promise<ConvertSearchParams> }) {
  await requirePage('/convert');
  const t = await getTranslations('convert');
  const { operation: operationId, base, quote } = await searchParams;
  const [accounts, followed] = await Promise.all([loadOwnAccounts(), followedSwap(operationId)]);

  // Money moves only on ACTIVE accounts and assets; an asset the console does not know cannot be typed in.
  const usable: ConvertAccount[] = accounts
    .filter((a) => a.status === 'ACTIVE')
    .map((a) => ({
      id: a.id,
      name: a.name,
      assets: a.assets.flatMap((x) => (x.status === 'ACTIVE' && isAsset(x.asset) ? [{ asset: x.asset, available: x.available }] : [])),
    }));

  const rateAccounts = usable.map((a) => ({ id: a.id, assets: new Set<Asset>(a.assets.map((x) => x.asset)) }));
  const rateAssets = [...new Set(usable.flatMap((a) => a.assets.map((x) => x.asset)))].sort();
  const pair = chosenPair(typeof base === 'string' ? base : undefined, typeof quote === 'string' ? quote : undefined, rateAssets, getEnv().REFERENCE_CURRENCY);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {followed ? <SwapResult operation={followed.operation} balances={followed.balances} /> : null}
      <IntlScope namespaces={['convert', 'validation']}>
        <ConvertForm accounts={usable} />
      </IntlScope>
      {pair ? (
        <div className="mt-6">
          <Suspense fallback={null}>
            <RateMovement pair={pair} assets={rateAssets} accounts={rateAccounts} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
