/**
 * The contract's 20 assets and their scales (Shared types → Asset). Pure module: shared by the console,
 * forms in the browser and the sandbox.
 */
export const FIAT_ASSETS = [
  'USD', 'BRL', 'EUR', 'CAD', 'AUD', 'GBP', 'MXN', 'HKD',
  'SGD', 'PHP', 'NZD', 'CHF', 'NOK', 'DKK', 'PLN', 'SEK',
] as const;
export const STABLECOIN_ASSETS = ['USDC', 'USDT', 'EURC', 'BRLT'] as const;
export const ASSETS = [...FIAT_ASSETS, ...STABLECOIN_ASSETS] as const;

export type FiatAsset = (typeof FIAT_ASSETS)[number];
export type StablecoinAsset = (typeof STABLECOIN_ASSETS)[number];
export type Asset = (typeof ASSETS)[number];
export type AssetDecimals = 2 | 6;

const ASSET_SET: ReadonlySet<string> = new Set(ASSETS);
const STABLECOIN_SET: ReadonlySet<string> = new Set(STABLECOIN_ASSETS);

export function isAsset(value: unknown): value is Asset {
  return typeof value === 'string' && ASSET_SET.has(value);
}

export function isStablecoin(asset: Asset): asset is StablecoinAsset {
  return STABLECOIN_SET.has(asset);
}

/** Maximum scale of an amount in this asset: 2 for fiat, 6 for stablecoins. */
export function decimalsOf(asset: Asset): AssetDecimals {
  return STABLECOIN_SET.has(asset) ? 6 : 2;
}
