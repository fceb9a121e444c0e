import { isAsset, type Asset } from '@/lib/money/assets';

export type RatePair = { base: Asset; quote: Asset };

/** The pair the rate chart shows: the one asked for in the URL when both are usable, else the first asset against the reference. */
export function chosenPair(base: string | undefined, quote: string | undefined, assets: readonly Asset[], reference: Asset): RatePair | null {
  if (base && quote && base !== quote && isAsset(base) && isAsset(quote) && assets.includes(base) && assets.includes(quote)) return { base, quote };
  const target = assets.includes(reference) ? reference : assets[0];
  const source = (['USD', ...assets] as Asset[]).find((a) => a !== target && assets.includes(a));
  return target && source ? { base: source, quote: target } : null;
}
