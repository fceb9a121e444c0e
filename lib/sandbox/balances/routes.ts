import { ASSETS, isStablecoin } from '@/lib/money/assets';
import { ServiceError, notFound } from '../core/errors';
import type { RouteDef } from '../core/types';
import { Validator } from '../core/validate';
import { assetEnabled, assetListed, findCustomerAccount } from './account-ref';
import { creditBalance, getBalances } from './service';
import { toAmount } from '@/lib/money/amount-core';

/**
 * GET /api/balances?accountId= (extension, shape in lib/sandbox/README.md): one entry per asset on the account, fiat and
 * crypto apart, zero shown as "0.00". The sandbox is its own ledger, so every entry is `synced: true`.
 */
const getBalancesRoute: RouteDef = {
  method: 'GET',
  path: '/api/balances',
  auth: 'customer',
  summary: 'Balances of one account (extension): {accountId, fiat[], crypto[]}.',
  async handler(ctx) {
    const v = new Validator('query');
    const accountId = v.uuid({ accountId: ctx.query.get('accountId') || undefined }, 'accountId', { required: true });
    v.done();
    const account = await findCustomerAccount(ctx.sql, ctx.customer!.id, accountId!);
    if (!account) throw notFound('Account', accountId!);
    const balances = await getBalances(ctx.sql, account.id);
    const entries = account.assets
      .filter((a) => assetListed(account, a.asset))
      .map((a) => ({ asset: a.asset, entry: { amount: balances.get(a.asset) ?? toAmount('0', a.asset), synced: true } }));
    return {
      status: 200,
      body: {
        accountId: account.id,
        fiat: entries.filter((e) => !isStablecoin(e.asset)).map((e) => e.entry),
        crypto: entries.filter((e) => isStablecoin(e.asset)).map((e) => e.entry),
      },
    };
  },
};

/** Sandbox helper: credit money to an account of the caller (the asset must be enabled there, i.e. ACTIVE). */
const creditRoute: RouteDef = {
  method: 'POST',
  path: '/_sandbox/accounts/:accountId/balances',
  auth: 'customer',
  summary: 'Credit a balance (sandbox helper): {asset, value}.',
  async handler(ctx) {
    const p = new Validator('path');
    const accountId = p.uuid(ctx.params, 'accountId', { required: true });
    p.done();
    const v = new Validator('body');
    const root = v.root(ctx.body);
    const asset = v.enum(root, 'asset', ASSETS, { required: true });
    const value = v.amount(root, 'value', asset, { required: true });
    v.done();
    const account = await findCustomerAccount(ctx.sql, ctx.customer!.id, accountId!);
    if (!account) throw notFound('Account', accountId!);
    if (!assetEnabled(account, asset!)) {
      throw new ServiceError(422, 'INCOMPATIBLE_CURRENCY', `Asset ${asset} is not enabled on account ${account.id}`, {
        asset,
        accountId: account.id,
      });
    }
    const available = await creditBalance(ctx.sql, account.id, asset!, value!, ctx.now);
    return { status: 200, body: { accountId: account.id, amount: available } };
  },
};

export const balanceRoutes: RouteDef[] = [getBalancesRoute, creditRoute];
