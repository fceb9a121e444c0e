import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '@/lib/money/decimal';
import type { Sql } from '../core/types';
import { startMoneyHarness, type Loose, type MoneyHarness } from '../testing/money-harness';
import { findCustomerAccount } from '../balances/account-ref';
import { claimQuote, claimQuoteForAccount, getQuote } from './service';

let h: MoneyHarness;
beforeAll(async () => {
  h = await startMoneyHarness();
});
afterAll(async () => {
  await h.close();
});

function nested(body: Loose): { code: string; field: string; params: Loose }[] {
  expect(body.code).toBe('INVALID_DATA');
  return body.details.errors;
}

describe('POST /api/quotes', () => {
  it('returns 201 with the contract shape: amounts, effective rate (base source, quote target), fees, 30 s expiry', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['BRL', 'USD']);
    const before = h.sandbox.services.clock.now();
    const res = await c.call('POST', '/api/quotes', { body: { accountId: account, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '5000.00' } });
    expect(res.status).toBe(201);
    const q = res.body;
    expect(q.customerId).toBe(c.customer.id);
    expect(q.account).toEqual({ id: account, owner: 'Acme Importação Ltda' });
    expect(q.sourceAmount).toEqual({ value: '5000.00', asset: 'BRL', decimals: 2 });
    expect(q.targetAmount).toEqual({ value: '995.00', asset: 'USD', decimals: 2 });
    expect(q.effectiveRate).toEqual({ value: '0.199', base: 'BRL', quote: 'USD' });
    expect(new Dec(q.sourceAmount.value).times(q.effectiveRate.value).toFixed(2)).toBe(q.targetAmount.value);
    expect(q.fees).toEqual([{ type: 'PERCENTAGE', source: 'FX_SPREAD', percentage: '0.0050', amount: { value: '25.00', asset: 'BRL', decimals: 2 } }]);
    const ttl = new Date(q.expiresAt).getTime() - before.getTime();
    expect(ttl).toBeGreaterThanOrEqual(30_000);
    expect(ttl).toBeLessThan(31_000);
  });

  it('fixes the target amount and rounds the source up', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['USD', 'EUR']);
    const q = await c.post('/api/quotes', { accountId: account, sourceAsset: 'USD', targetAsset: 'EUR', targetAmount: '100.00' });
    expect(q.targetAmount.value).toBe('100.00');
    expect(new Dec(q.sourceAmount.value).times(q.effectiveRate.value).gte('100.00')).toBe(true);
    expect(new Dec(q.sourceAmount.value).minus('0.01').times(q.effectiveRate.value).lt('100.00')).toBe(true);
  });

  it('has no fee and rate 1.00 for a pegged stablecoin pair', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['USD', 'USDC']);
    const q = await c.post('/api/quotes', { accountId: account, sourceAsset: 'USD', targetAsset: 'USDC', sourceAmount: '10.50' });
    expect(q.effectiveRate).toEqual({ value: '1.00', base: 'USD', quote: 'USDC' });
    expect(q.targetAmount).toEqual({ value: '10.500000', asset: 'USDC', decimals: 6 });
    expect(q.fees).toEqual([]);
  });

  it.each([
    ['accountId missing', { sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '1' }, 'REQUIRED', 'body:accountId'],
    ['bad uuid', { accountId: 'nope', sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '1' }, 'INVALID_UUID', 'body:accountId'],
    ['unknown asset', { accountId: randomUUID(), sourceAsset: 'XYZ', targetAsset: 'USD', sourceAmount: '1' }, 'INVALID_ENUM', 'body:sourceAsset'],
    ['no amount', { accountId: randomUUID(), sourceAsset: 'BRL', targetAsset: 'USD' }, 'MISSING_AMOUNT', 'body'],
    ['both amounts', { accountId: randomUUID(), sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '1', targetAmount: '1' }, 'MUTUALLY_EXCLUSIVE_AMOUNTS', 'body'],
    ['zero', { accountId: randomUUID(), sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '0' }, 'AMOUNT_MUST_BE_POSITIVE', 'body:sourceAmount'],
    ['negative', { accountId: randomUUID(), sourceAsset: 'BRL', targetAsset: 'USD', targetAmount: '-5.00' }, 'AMOUNT_MUST_BE_POSITIVE', 'body:targetAmount'],
    ['a number, not a string', { accountId: randomUUID(), sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: 10 }, 'INVALID_AMOUNT', 'body:sourceAmount'],
  ])('400 INVALID_DATA when %s', async (_name, body, code, field) => {
    const c = await h.client();
    const res = await c.call('POST', '/api/quotes', { body });
    expect(res.status).toBe(400);
    expect(nested(res.body)).toContainEqual(expect.objectContaining({ code, field }));
  });

  it('400 INVALID_AMOUNT_PRECISION with {asset, allowed, received}', async () => {
    const c = await h.client();
    const res = await c.call('POST', '/api/quotes', {
      body: { accountId: randomUUID(), sourceAsset: 'BRL', targetAsset: 'USDC', sourceAmount: '10.123' },
    });
    expect(res.status).toBe(400);
    expect(nested(res.body)).toContainEqual(
      expect.objectContaining({ code: 'INVALID_AMOUNT_PRECISION', field: 'body:sourceAmount', params: { asset: 'BRL', allowed: 2, received: 3 } }),
    );
    const ok = await c.call('POST', '/api/quotes', {
      body: { accountId: randomUUID(), sourceAsset: 'BRL', targetAsset: 'USDC', targetAmount: '10.123456' },
    });
    expect(ok.status).toBe(404); // 6 decimals pass for USDC; the (unknown) account is what fails next
  });

  it("404 RESOURCE_NOT_FOUND for another customer's account", async () => {
    const alice = await h.client();
    const bob = await h.client();
    const account = await alice.activeAccount(['BRL', 'USD']);
    const res = await bob.call('POST', '/api/quotes', { body: { accountId: account, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '10' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'RESOURCE_NOT_FOUND',
      message: `Account with given parameters [id:${account}] not found`,
      details: { resource: 'Account', parameters: { id: account } },
    });
  });

  it('422 QUOTE_CREATION_FAILED when the account does not hold an asset (or it is not active yet)', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['BRL']);
    const res = await c.call('POST', '/api/quotes', { body: { accountId: account, sourceAsset: 'BRL', targetAsset: 'EUR', sourceAmount: '10' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('QUOTE_CREATION_FAILED');
    expect(res.body.details).toMatchObject({ sourceAsset: 'BRL', targetAsset: 'EUR' });
    const onboarding = await c.onboardingAccount(['BRL', 'USD']);
    const res2 = await c.call('POST', '/api/quotes', { body: { accountId: onboarding, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '10' } });
    expect(res2.status).toBe(422);
    expect(res2.body.code).toBe('QUOTE_CREATION_FAILED');
  });

  it('422 QUOTE_CREATION_FAILED when the converted amount rounds to zero', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['PHP', 'USD']);
    const res = await c.call('POST', '/api/quotes', { body: { accountId: account, sourceAsset: 'PHP', targetAsset: 'USD', sourceAmount: '0.01' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('QUOTE_CREATION_FAILED');
  });

  it('claim race: when another operation wins between the read and the conditional UPDATE, the loser gets QUOTE_ALREADY_CONSUMED naming it', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['BRL', 'USD']);
    const q = await c.post('/api/quotes', { accountId: account, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '10.00' });
    const winner = randomUUID();
    const attempt = h.sql.transaction(async (tx) => {
      // Simulates a concurrent claim committing right before ours: the row changes under our stale read.
      const racing: Sql = {
        exec: (text) => tx.exec(text),
        transaction: (fn) => fn(racing),
        async query(text, params) {
          if (text.startsWith('UPDATE sandbox.quotes SET consumed_by_operation_id')) {
            await tx.query('UPDATE sandbox.quotes SET consumed_by_operation_id = $2 WHERE id = $1', [q.id, winner]);
          }
          return tx.query(text, params);
        },
      };
      return claimQuote(racing, { customerId: c.customer.id, quoteId: q.id, accountId: account, operationId: randomUUID() }, h.sandbox.services.clock.now());
    });
    await expect(attempt).rejects.toMatchObject({ code: 'QUOTE_ALREADY_CONSUMED', details: { quoteId: q.id, consumedByOperationId: winner } });
  });

  it('claimQuoteForAccount returns the stored quote row and the account in one statement, and the same errors in order', async () => {
    const c = await h.client();
    const account = await c.activeAccount(['BRL', 'USD']);
    const q = await c.post('/api/quotes', { accountId: account, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '1234.56' });
    const opId = randomUUID();
    const now = h.sandbox.services.clock.now();
    const claimed = await h.sql.transaction((tx) =>
      claimQuoteForAccount(tx, { customerId: c.customer.id, quoteId: q.id, accountId: account, operationId: opId }, now),
    );
    const stored = await h.sql.transaction((tx) => getQuote(tx, q.id));
    expect(claimed.quote).toEqual(stored);
    expect(claimed.quote.consumed_by_operation_id).toBe(opId);
    expect(claimed.account).toEqual(await h.sql.transaction((tx) => findCustomerAccount(tx, c.customer.id, account)));
    const again = (accountId: string, quoteId = q.id) =>
      h.sql.transaction((tx) => claimQuoteForAccount(tx, { customerId: c.customer.id, quoteId, accountId, operationId: randomUUID() }, now));
    await expect(again(randomUUID())).rejects.toMatchObject({ status: 404, details: { resource: 'Account' } });
    await expect(again(account)).rejects.toMatchObject({ code: 'QUOTE_ALREADY_CONSUMED', details: { consumedByOperationId: opId } });
    await expect(again(account, randomUUID())).rejects.toMatchObject({ status: 404 });
  });
});
