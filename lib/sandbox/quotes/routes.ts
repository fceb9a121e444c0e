import { ASSETS, type Asset } from '@/lib/money/assets';
import { Validator } from '../core/validate';
import type { RequestContext, RouteDef, RouteResult } from '../core/types';
import { createQuote, toQuoteResponse } from './service';
import type { FixedSide } from './rates';

/** Parses POST /api/quotes; every problem is one located field error (400 INVALID_DATA). */
export function parseQuoteBody(body: unknown): { accountId: string; sourceAsset: Asset; targetAsset: Asset; fixed: FixedSide } {
  const v = new Validator('body');
  const root = v.root(body);
  const accountId = v.uuid(root, 'accountId', { required: true });
  const sourceAsset = v.enum(root, 'sourceAsset', ASSETS, { required: true });
  const targetAsset = v.enum(root, 'targetAsset', ASSETS, { required: true });
  let fixed: FixedSide | undefined;
  if (root) {
    const hasSource = root.sourceAmount !== undefined && root.sourceAmount !== null;
    const hasTarget = root.targetAmount !== undefined && root.targetAmount !== null;
    if (!hasSource && !hasTarget) {
      v.add('MISSING_AMOUNT', 'Either sourceAmount or targetAmount must be provided', '');
    } else if (hasSource && hasTarget) {
      v.add('MUTUALLY_EXCLUSIVE_AMOUNTS', 'Provide only one of sourceAmount or targetAmount, not both', '');
    } else if (hasSource) {
      const value = v.amount(root, 'sourceAmount', sourceAsset, { required: true });
      if (value !== undefined && sourceAsset) fixed = { side: 'source', value };
    } else {
      const value = v.amount(root, 'targetAmount', targetAsset, { required: true });
      if (value !== undefined && targetAsset) fixed = { side: 'target', value };
    }
  }
  v.done();
  return { accountId: accountId!, sourceAsset: sourceAsset!, targetAsset: targetAsset!, fixed: fixed! };
}

async function postQuote(ctx: RequestContext): Promise<RouteResult> {
  const input = parseQuoteBody(ctx.body);
  const { quote, account } = await createQuote(ctx.sql, { customerId: ctx.customer!.id, ...input }, ctx.now, ctx.services.rates);
  return { status: 201, body: toQuoteResponse(quote, account) };
}

export const quoteRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/api/quotes',
    auth: 'customer',
    summary:
      'Lock a rate for 30 s: exactly one of sourceAmount / targetAmount; single use, bound to the account. Response extensions: midRate (the mid-market rate before the spread) and createdAt (service clock).',
    handler: postQuote,
  },
];
