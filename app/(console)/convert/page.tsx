import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { amountText } from '@/components/money/amount-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { loadOwnAccounts } from '@/lib/api/own-accounts';
import { requirePage } from '@/lib/auth/session';
import { chosenPair } from '@/lib/domain/quotes/rate-pair';
import { isAsset, type Asset } from '@/lib/money/assets';
import { followedSwap } from '@/lib/operations/followed-swap';
import { liveCursor } from '@/lib/live/cursor';
import { getEnv } from '@/lib/env';
import { Suspense } from 'react';
import { RateMovement } from './_components/rate-movement';
import { ConvertForm, type ConvertAccount } from './_components/convert-form';
import { SwapResult } from './_components/swap-result';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('convert'))('title') };
}

type ConvertSearchParams = { operation?: string; base?: string; quote?: string };

export default async function ConvertPage({ searchParams }: { searchParams: Promise<ConvertSearchParams> }) {
  await requirePage('/convert');
  const t = await getTranslations('convert');
  const { operation: operationId, base, quote } = await searchParams;
  const since = operationId ? await liveCursor() : 0; // before the followed swap is read (LiveRefresh `since`)
  const [accounts, followed] = await Promise.all([loadOwnAccounts(), followedSwap(operationId)]);

  // Money moves only on ACTIVE accounts and assets; an asset the console does not know cannot be typed in. Each
  // balance is worded here too: formatting it in the browser while the form hydrates was the page's first use of Intl
  // there, whose one-off set-up then ran inside a load-time task.
  const locale = await getLocale();
  const usable: ConvertAccount[] = accounts
    .filter((a) => a.status === 'ACTIVE')
    .map((a) => ({
      id: a.id,
      name: a.name,
      assets: a.assets.flatMap((x) => (x.status === 'ACTIVE' && isAsset(x.asset) ? [{ asset: x.asset, available: x.available, availableText: x.available ? amountText(x.available, locale) : null }] : [])),
    }));

  const rateAccounts = usable.map((a) => ({ id: a.id, assets: new Set<Asset>(a.assets.map((x) => x.asset)) }));
  const rateAssets = [...new Set(usable.flatMap((a) => a.assets.map((x) => x.asset)))].sort();
  const pair = chosenPair(typeof base === 'string' ? base : undefined, typeof quote === 'string' ? quote : undefined, rateAssets, getEnv().REFERENCE_CURRENCY);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {followed ? <SwapResult operation={followed.operation} balances={followed.balances} since={since} /> : null}
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
