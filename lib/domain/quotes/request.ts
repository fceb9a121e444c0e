import type { Asset } from '@/lib/money/assets';
import { parseAmount, type AmountErrorCode } from '@/lib/money/parse-amount';

/** Which side of a conversion the person typed: what they sell (fixed source) or what they buy (fixed target). */
export type FixedSide = 'sell' | 'buy';

export interface QuoteIntent {
  accountId: string;
  sellAsset: Asset;
  buyAsset: Asset;
  fixedSide: FixedSide;
  /** A canonical decimal string (the money input's value), never a number. */
  amount: string;
}

/** The body of `POST /api/quotes`: exactly one of sourceAmount (fixed source) / targetAmount (fixed target). */
export type QuoteRequestBody =
  | { accountId: string; sourceAsset: Asset; targetAsset: Asset; sourceAmount: string; targetAmount?: never }
  | { accountId: string; sourceAsset: Asset; targetAsset: Asset; targetAmount: string; sourceAmount?: never };

export type QuoteRequestResult =
  | { ok: true; body: QuoteRequestBody }
  | { ok: false; field: 'amount' | 'buyAsset'; code: AmountErrorCode | 'SAME_ASSET' };

/**
 * Builds the quote request from what the person chose. The amount belongs to the fixed side's asset, so it is
 * checked against THAT asset's scale (2 or 6 decimals) and spelled canonically; the other side is left for the
 * service to price. Selling and buying the same asset is refused here (nothing to convert).
 */
export function buildQuoteRequest(intent: QuoteIntent): QuoteRequestResult {
  if (intent.sellAsset === intent.buyAsset) {
    return { ok: false, field: 'buyAsset', code: 'SAME_ASSET' };
  }
  const fixedAsset = intent.fixedSide === 'sell' ? intent.sellAsset : intent.buyAsset;
  const parsed = parseAmount(intent.amount, fixedAsset);
  if (!parsed.ok) return { ok: false, field: 'amount', code: parsed.code };
  const base = { accountId: intent.accountId, sourceAsset: intent.sellAsset, targetAsset: intent.buyAsset };
  return {
    ok: true,
    body: intent.fixedSide === 'sell' ? { ...base, sourceAmount: parsed.amount.value } : { ...base, targetAmount: parsed.amount.value },
  };
}
