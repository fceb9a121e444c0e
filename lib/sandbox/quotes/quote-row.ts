import type { Asset } from '@/lib/money/assets';
import { toAmount, type Amount } from '@/lib/money/amount-core';
import type { FeeLine } from './rates';

export interface QuoteRow {
  id: string;
  customer_id: string;
  account_id: string;
  source_asset: Asset;
  target_asset: Asset;
  source_value: string;
  target_value: string;
  rate: string;
  spot_rate: string;
  fees: FeeLine[];
  kind: 'QUOTE' | 'TRANSFER';
  created_at: Date;
  expires_at: Date;
  consumed_by_operation_id: string | null;
  consumed_at: Date | null;
}

export const QUOTE_COLUMNS = `id, customer_id, account_id, source_asset, target_asset, source_value::text AS source_value,
  target_value::text AS target_value, rate, spot_rate, fees, kind, created_at, expires_at, consumed_by_operation_id, consumed_at`;

/** NUMERIC comes back as text; re-spell it in the asset's canonical scale. */
export function amountOf(value: string, asset: Asset): Amount {
  return toAmount(value, asset);
}

export function quoteSourceAmount(q: QuoteRow): Amount {
  return amountOf(q.source_value, q.source_asset);
}

export function quoteTargetAmount(q: QuoteRow): Amount {
  return amountOf(q.target_value, q.target_asset);
}

export function effectiveRateOf(q: QuoteRow) {
  return { value: q.rate, base: q.source_asset, quote: q.target_asset };
}
