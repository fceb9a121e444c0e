import 'server-only';
import { type MutationOptions } from './client';
import { clientFor } from './default-client';
import { quoteSchema, type Quote } from './schemas/quote';
import type { ApiResult } from './types';

interface QuoteBase {
  accountId: string;
  sourceAsset: string;
  targetAsset: string;
}

/** Exactly one side is fixed, as a decimal string in that asset's scale. */
export type CreateQuoteBody =
  | (QuoteBase & { sourceAmount: string; targetAmount?: never })
  | (QuoteBase & { targetAmount: string; sourceAmount?: never });

/** POST /api/quotes — locks a rate and both amounts for one later swap, deposit or withdrawal. */
export async function createQuote(body: CreateQuoteBody, options: MutationOptions): Promise<ApiResult<Quote>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: '/api/quotes',
    json: body,
    idempotencyKey: options.idempotencyKey,
    schema: quoteSchema,
    signal: options.signal,
  });
  return { data, requestId };
}
