import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '@/lib/money/decimal';
import { startMoneyHarness, type Client, type Loose, type MoneyHarness } from '../testing/money-harness';
import { completeOperation } from './settlement';
import { getOperation } from './store';

let h: MoneyHarness;
beforeAll(async () => {
  h = await startMoneyHarness();
});
afterAll(async () => {
  await h.close();
});

const usd = (value: string) => ({ value, asset: 'USD' });

async function twoAccounts(c: Client, assets = ['USD', 'BRL']) {
  return [await c.activeAccount(assets), await c.activeAccount(assets)] as const;
}

async function quote(c: Client, accountId: string, sourceAsset: string, targetAsset: string, sourceAmount: string) {
  return c.post('/api/quotes', { accountId, sourceAsset, targetAsset, sourceAmount });
}

const statuses = (op: Loose) => op.states.map((s: Loose) => s.status);

describe('POST /api/operations/transfer', () => {
  it('201 REQUESTED with a 1:1 quote consumed at creation and amounts equal to the request (rules 2, 3, 5)', async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    const res = await c.call('POST', '/api/operations/transfer', { body: { sourceAccountId: a, targetAccountId: b, amount: usd('40.5') } });
    expect(res.status).toBe(201);
    const op = res.body;
    expect(op.customerId).toBe(c.customer.id);
    expect(op.account).toEqual({ id: a, owner: 'Acme Importação Ltda' });
    expect(op.intent).toEqual({ type: 'TRANSFER', targetAccount: { id: b, owner: 'Acme Importação Ltda' } });
    expect(op.sourceAmount).toEqual({ value: '40.50', asset: 'USD', decimals: 2 });
    expect(op.targetAmount).toEqual(op.sourceAmount);
    expect(op.quote.effectiveRate).toEqual({ value: '1.00', base: 'USD', quote: 'USD' });
    expect(op.quote.consumedAt).toBe(op.createdAt);
    expect(op.fees).toEqual([]);
    expect(op.transactions).toEqual([]);
    expect(op.currentState).toEqual({ status: 'REQUESTED', createdAt: op.createdAt, reason: null });
    expect(op.states).toEqual([op.currentState]);
    expect(op.tags).toEqual([{ key: null, value: 'sandbox' }]); // the account's tags propagate
    expect((await c.get(`/api/operations/${op.id}`))).toEqual(op);
  });

  it('rule 1: source and target must differ (422 CANNOT_EXECUTE_ACTION)', async () => {
    const c = await h.client();
    const [a] = await twoAccounts(c);
    const res = await c.call('POST', '/api/operations/transfer', { body: { sourceAccountId: a, targetAccountId: a, amount: usd('1') } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CANNOT_EXECUTE_ACTION');
  });

  it("rule 2: a target of another customer is 404 RESOURCE_NOT_FOUND", async () => {
    const alice = await h.client();
    const bob = await h.client();
    const a = await alice.activeAccount(['USD']);
    const foreign = await bob.activeAccount(['USD']);
    const res = await alice.call('POST', '/api/operations/transfer', { body: { sourceAccountId: a, targetAccountId: foreign, amount: usd('1') } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('RESOURCE_NOT_FOUND');
    expect(res.body.details).toEqual({ resource: 'Account', parameters: { id: foreign } });
  });

  it('rule 3: the target must be ACTIVE (422 ACCOUNT_NOT_ACTIVE)', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['USD']);
    const pending = await c.onboardingAccount(['USD']);
    const res = await c.call('POST', '/api/operations/transfer', { body: { sourceAccountId: a, targetAccountId: pending, amount: usd('1') } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_NOT_ACTIVE', details: { accountId: pending, status: 'ACTION_REQUIRED' } });
  });

  it('rule 4: the asset must be enabled on both accounts (422 INCOMPATIBLE_CURRENCY)', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['USD', 'EUR']);
    const b = await c.activeAccount(['USD']);
    const res = await c.call('POST', '/api/operations/transfer', { body: { sourceAccountId: a, targetAccountId: b, amount: { value: '1', asset: 'EUR' } } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'INCOMPATIBLE_CURRENCY', details: { asset: 'EUR', accountId: b } });
  });

  it('the same idempotency key replays the first response: one operation, one debit', async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    await c.credit(a, 'USD', '10.00');
    const key = randomUUID();
    const body = { sourceAccountId: a, targetAccountId: b, amount: usd('10.00') };
    const first = await c.call('POST', '/api/operations/transfer', { body, key });
    const second = await c.call('POST', '/api/operations/transfer', { body, key });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect((await c.get(`/api/operations?accountId=${a}`)).data).toHaveLength(1);
    await c.post(`/_sandbox/operations/${first.body.id}/complete`, undefined, 200);
    expect(await c.balance(a, 'USD')).toBe('0.00');
    expect(await c.balance(b, 'USD')).toBe('10.00');
  });

  it('400 INVALID_DATA for a bad amount', async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    const res = await c.call('POST', '/api/operations/transfer', { body: { sourceAccountId: a, targetAccountId: b, amount: usd('1.001') } });
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toContainEqual(expect.objectContaining({ code: 'INVALID_AMOUNT_PRECISION', field: 'body:amount.value' }));
  });
});

describe('settlement (manual customers, helpers)', () => {
  it('complete: REQUESTED → PROCESSING → COMPLETED moves the balances exactly once', async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    await c.credit(a, 'USD', '100.00');
    const op = await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('40.00') });
    await h.advance(60);
    await h.drain(); // manual customer: nothing moves by itself
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('REQUESTED');
    expect(await c.balance(a, 'USD')).toBe('100.00');

    const done = await c.post(`/_sandbox/operations/${op.id}/complete`, undefined, 200);
    expect(statuses(done)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(await c.balance(a, 'USD')).toBe('60.00');
    expect(await c.balance(b, 'USD')).toBe('40.00');

    const again = await c.call('POST', `/_sandbox/operations/${op.id}/complete`);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_STATUS_CHANGE');
    expect(await c.balance(a, 'USD')).toBe('60.00');
    expect(await c.balance(b, 'USD')).toBe('40.00');
  });

  it('fails with INSUFFICIENT_BALANCE and a populated reason; nothing moves', async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    await c.credit(a, 'USD', '10.00');
    const op = await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('10.01') });
    const failed = await c.post(`/_sandbox/operations/${op.id}/complete`, undefined, 200);
    expect(failed.currentState).toMatchObject({
      status: 'FAILED',
      reason: { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance for the requested operation', details: {} },
    });
    expect(await c.balance(a, 'USD')).toBe('10.00');
    expect(await c.balance(b, 'USD')).toBe('0.00');
    const [event] = await h.events(c.customer.id, 'OPERATION_FAILED');
    expect(event.payload.currentState.reason.code).toBe('INSUFFICIENT_BALANCE');
  });

  it('hold pauses with a reason (no event), the auto task leaves it alone, complete resumes it', async () => {
    const c = await h.client({ auto: true });
    const [a, b] = await twoAccounts(c);
    await c.credit(a, 'USD', '5.00');
    const op = await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('5.00') });
    const held = await c.post(`/_sandbox/operations/${op.id}/hold`, { status: 'ACTION_REQUIRED', message: 'Send the invoice' }, 200);
    expect(held.currentState).toMatchObject({ status: 'ACTION_REQUIRED', reason: { code: 'ADDITIONAL_INFORMATION_REQUIRED', message: 'Send the invoice' } });
    await h.advance(30);
    await h.drain();
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('ACTION_REQUIRED');
    const done = await c.post(`/_sandbox/operations/${op.id}/complete`, undefined, 200);
    expect(statuses(done)).toEqual(['REQUESTED', 'ACTION_REQUIRED', 'COMPLETED']);
    expect(await c.balance(b, 'USD')).toBe('5.00');
    const types = (await h.events(c.customer.id)).filter((e) => e.resource_name === 'OPERATION').map((e) => e.type);
    expect(types).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
  });

  it('fail after the debit refunds the source; hold/complete/fail on a terminal operation are 422', async () => {
    const c = await h.client({ auto: true });
    const [a, b] = await twoAccounts(c);
    await c.credit(a, 'USD', '20.00');
    const op = await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('20.00') });
    await h.advance(1);
    await h.drain();
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('PROCESSING');
    expect(await c.balance(a, 'USD')).toBe('0.00'); // debited at PROCESSING
    const failed = await c.post(`/_sandbox/operations/${op.id}/fail`, { code: 'RAIL_REJECTED', message: 'The receiving bank refused' }, 200);
    expect(failed.currentState).toMatchObject({ status: 'FAILED', reason: { code: 'RAIL_REJECTED', message: 'The receiving bank refused' } });
    expect(await c.balance(a, 'USD')).toBe('20.00');
    expect(await c.balance(b, 'USD')).toBe('0.00');
    for (const action of ['hold', 'complete', 'fail']) {
      const res = await c.call('POST', `/_sandbox/operations/${op.id}/${action}`);
      expect(res.status, action).toBe(422);
      expect(res.body.code).toBe('INVALID_STATUS_CHANGE');
    }
    expect(await c.balance(a, 'USD')).toBe('20.00');
  });

  it('helpers answer 404 for an operation of another customer', async () => {
    const alice = await h.client();
    const bob = await h.client();
    const [a, b] = await twoAccounts(alice);
    const op = await alice.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('1') });
    expect((await bob.call('POST', `/_sandbox/operations/${op.id}/complete`)).status).toBe(404);
    expect((await bob.call('GET', `/api/operations/${op.id}`)).status).toBe(404);
    expect((await alice.call('GET', `/api/operations/${randomUUID()}`)).body.details.resource).toBe('Operation');
  });

  it('a transition that crashes before commit leaves no trace; the retry moves the money once', async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    await c.credit(a, 'USD', '30.00');
    const op = await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('30.00') });
    const crashing = { emit: async () => { throw new Error('process killed'); } };
    await expect(
      h.sql.transaction(async (tx) => completeOperation(tx, crashing, (await getOperation(tx, op.id, { forUpdate: true }))!, h.sandbox.services.clock.now())),
    ).rejects.toThrow('process killed');
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('REQUESTED');
    expect(await c.balance(a, 'USD')).toBe('30.00');
    expect(await c.balance(b, 'USD')).toBe('0.00');
    await c.post(`/_sandbox/operations/${op.id}/complete`, undefined, 200);
    expect(await c.balance(a, 'USD')).toBe('0.00');
    expect(await c.balance(b, 'USD')).toBe('30.00');
  });
});

describe('conservation', () => {
  it('a random mix of transfers, swaps, holds, completions and failures conserves money and never overdraws', async () => {
    // Deterministic pseudo-random sequence (LCG) so a failure reproduces.
    let seed = 20261121;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const c = await h.client();
    const accounts = [await c.activeAccount(['USD', 'BRL']), await c.activeAccount(['USD', 'BRL']), await c.activeAccount(['USD', 'BRL'])];
    for (const a of accounts) await c.credit(a, 'USD', '100.00');
    const ops: Loose[] = [];
    for (let i = 0; i < 24; i++) {
      const from = accounts[rnd(3)];
      if (rnd(4) === 0) {
        const q = await quote(c, from, 'USD', 'BRL', `${1 + rnd(60)}.${rnd(10)}0`);
        ops.push(await c.post('/api/operations/swap', { accountId: from, quoteId: q.id }));
      } else {
        const to = accounts.filter((a) => a !== from)[rnd(2)];
        ops.push(await c.post('/api/operations/transfer', { sourceAccountId: from, targetAccountId: to, amount: usd(`${1 + rnd(80)}.${rnd(100)}`) }));
      }
    }
    for (const op of ops) {
      const action = ['complete', 'complete', 'complete', 'fail', 'hold'][rnd(5)];
      await c.post(`/_sandbox/operations/${op.id}/${action}`, undefined, 200);
      if (action === 'hold') await c.post(`/_sandbox/operations/${op.id}/${rnd(2) ? 'complete' : 'fail'}`, undefined, 200);
    }
    // Expected balances from the final operation records alone.
    const expected = new Map<string, Dec>();
    const add = (account: string, asset: string, v: string) => {
      const k = `${account}:${asset}`;
      expected.set(k, (expected.get(k) ?? new Dec(0)).plus(v));
    };
    for (const a of accounts) add(a, 'USD', '100.00');
    let completed = 0;
    for (const { id } of ops) {
      const op = await c.get(`/api/operations/${id}`);
      expect(['COMPLETED', 'FAILED']).toContain(op.currentState.status);
      if (op.currentState.status !== 'COMPLETED') continue;
      completed++;
      add(op.account.id, op.sourceAmount.asset, `-${op.sourceAmount.value}`);
      add(op.intent.type === 'TRANSFER' ? op.intent.targetAccount.id : op.account.id, op.targetAmount.asset, op.targetAmount.value);
    }
    expect(completed).toBeGreaterThan(5);
    for (const a of accounts) {
      for (const asset of ['USD', 'BRL']) {
        const actual = await c.balance(a, asset);
        expect(new Dec(actual!).isNegative()).toBe(false);
        expect(actual, `${a} ${asset}`).toBe((expected.get(`${a}:${asset}`) ?? new Dec(0)).toFixed(2));
      }
    }
  });
});

describe('auto customers', () => {
  it('settle by themselves on the sandbox clock: PROCESSING after 1 s, COMPLETED 1 s later, balances moved once', async () => {
    const c = await h.client({ auto: true });
    const [a, b] = await twoAccounts(c);
    await c.credit(a, 'USD', '12.34');
    const op = await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('12.34') });
    await h.drain();
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('REQUESTED');
    await h.advance(1);
    await h.drain();
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('PROCESSING');
    await h.advance(1);
    await h.drain();
    const done = await c.get(`/api/operations/${op.id}`);
    expect(statuses(done)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    await h.advance(10);
    await h.drain();
    expect(await c.balance(a, 'USD')).toBe('0.00');
    expect(await c.balance(b, 'USD')).toBe('12.34');
  });
});

describe('swap', () => {
  it('201 with quote.consumedAt null at creation, set at PROCESSING; converts at the quoted amounts', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['BRL', 'USD']);
    await c.credit(a, 'BRL', '5000.00');
    const q = await quote(c, a, 'BRL', 'USD', '5000.00');
    const res = await c.call('POST', '/api/operations/swap', { body: { accountId: a, quoteId: q.id } });
    expect(res.status).toBe(201);
    const op = res.body;
    expect(op.intent).toEqual({ type: 'SWAP' });
    expect(op.quote).toEqual({ id: q.id, effectiveRate: q.effectiveRate, expiresAt: q.expiresAt, consumedAt: null });
    expect(op.sourceAmount).toEqual(q.sourceAmount);
    expect(op.targetAmount).toEqual(q.targetAmount);
    expect(op.fees).toEqual(q.fees);
    const done = await c.post(`/_sandbox/operations/${op.id}/complete`, undefined, 200);
    expect(done.quote.consumedAt).toBe(done.states[1].createdAt);
    expect(await c.balance(a, 'BRL')).toBe('0.00');
    expect(await c.balance(a, 'USD')).toBe('995.00');
  });

  it('a quote is single use: 422 QUOTE_ALREADY_CONSUMED naming the operation', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['BRL', 'USD']);
    const q = await quote(c, a, 'BRL', 'USD', '10.00');
    const first = await c.post('/api/operations/swap', { accountId: a, quoteId: q.id });
    const second = await c.call('POST', '/api/operations/swap', { body: { accountId: a, quoteId: q.id } });
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({ code: 'QUOTE_ALREADY_CONSUMED', details: { quoteId: q.id, consumedByOperationId: first.id } });
  });

  it('two concurrent swaps on one quote: exactly one wins', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['BRL', 'USD']);
    const q = await quote(c, a, 'BRL', 'USD', '10.00');
    const results = await Promise.all([1, 2, 3].map(() => c.call('POST', '/api/operations/swap', { body: { accountId: a, quoteId: q.id } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    const list = await c.get(`/api/operations?intentType=SWAP&accountId=${a}`);
    expect(list.data).toHaveLength(1);
  });

  it('422 QUOTE_EXPIRED {quoteId, expiredAt} after 30 s of sandbox time', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['BRL', 'USD']);
    const q = await quote(c, a, 'BRL', 'USD', '10.00');
    await h.advance(31);
    const res = await c.call('POST', '/api/operations/swap', { body: { accountId: a, quoteId: q.id } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'QUOTE_EXPIRED',
      message: 'Quote has expired and can no longer be consumed',
      details: { quoteId: q.id, expiredAt: q.expiresAt },
    });
  });

  it("binds the quote to its account (422 QUOTE_ACCOUNT_MISMATCH) and its customer (404 Quote)", async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    const q = await quote(c, a, 'BRL', 'USD', '10.00');
    const mismatch = await c.call('POST', '/api/operations/swap', { body: { accountId: b, quoteId: q.id } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({ code: 'QUOTE_ACCOUNT_MISMATCH', details: { quoteId: q.id, quoteAccountId: a, accountId: b } });
    const other = await h.client();
    const o = await other.activeAccount(['BRL', 'USD']);
    const foreign = await other.call('POST', '/api/operations/swap', { body: { accountId: o, quoteId: q.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.details).toEqual({ resource: 'Quote', parameters: { id: q.id } });
    // The failed attempts did not consume it.
    expect((await c.call('POST', '/api/operations/swap', { body: { accountId: a, quoteId: q.id } })).status).toBe(201);
  });
});

describe('deposit', () => {
  it('201 with the concrete PIX_KEY instruction and consumedAt null; /pay completes it and credits the target', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['BRL', 'USDC']);
    const q = await quote(c, a, 'BRL', 'USDC', '1000.00');
    const op = await c.post('/api/operations/deposit', { accountId: a, quoteId: q.id, fundingInstruction: { rail: 'PIX_KEY' } });
    expect(op.intent.type).toBe('DEPOSIT');
    expect(op.intent.fundingInstruction).toEqual({ rail: 'PIX_KEY', keyType: 'EVP', key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(op.quote.consumedAt).toBeNull();
    const wrong = await c.call('POST', `/_sandbox/operations/${op.id}/pay`, { body: { amount: { value: '999.99', asset: 'BRL' } } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'DEPOSIT_AMOUNT_MISMATCH', details: { expected: { value: '1000.00', asset: 'BRL' }, received: { value: '999.99' } } });
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('REQUESTED');
    const paid = await c.post(`/_sandbox/operations/${op.id}/pay`, { amount: { value: '1000', asset: 'BRL' } }, 200);
    expect(statuses(paid)).toEqual(['REQUESTED', 'PROCESSING', 'COMPLETED']);
    expect(paid.transactions).toEqual([
      {
        id: expect.any(String),
        type: 'PIX',
        direction: 'CREDIT',
        amount: { value: '1000.00', asset: 'BRL', decimals: 2 },
        endToEnd: expect.stringMatching(/^E\d{8}\d{12}[0-9a-f]{11}$/),
        currentState: { status: 'CONFIRMED', createdAt: expect.any(String), reason: null },
      },
    ]);
    expect(await c.balance(a, 'USDC')).toBe(q.targetAmount.value);
    expect(await c.balance(a, 'BRL')).toBe('0.00'); // paid in from outside, not debited
    expect((await c.call('POST', `/_sandbox/operations/${op.id}/pay`)).body.code).toBe('INVALID_STATUS_CHANGE');
  });

  it.each([
    ['PIX_STATIC_QR_CODE', 'BRL', { qrCode: expect.stringMatching(/^000201.*6304[0-9A-F]{4}$/) }],
    ['TED', 'BRL', { bankCode: '341', branch: '0001', accountNumber: expect.stringMatching(/^\d{7}-\d$/), accountType: 'CHECKING' }],
    ['BOLETO', 'BRL', { barcode: expect.any(String), dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }],
    ['CRYPTO', 'USDT', { network: 'TRON', walletAddress: expect.stringMatching(/^T\w{33}$/) }],
  ])('rail %s returns its concrete details', async (rail, source, details) => {
    const c = await h.client();
    const a = await c.activeAccount(['BRL', 'USDT']);
    const q = await quote(c, a, source, source === 'BRL' ? 'USDT' : 'BRL', '100');
    const op = await c.post('/api/operations/deposit', { accountId: a, quoteId: q.id, fundingInstruction: { rail } });
    expect(op.intent.fundingInstruction).toEqual({ rail, ...details });
  });

  it('400 INVALID_ENUM for an unknown rail; 422 RAIL_NOT_AVAILABLE {rail, asset} for a rail the source asset lacks', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['USD', 'BRL']);
    const q = await quote(c, a, 'USD', 'BRL', '100');
    const bad = await c.call('POST', '/api/operations/deposit', { body: { accountId: a, quoteId: q.id, fundingInstruction: { rail: 'WIRE' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors).toContainEqual(expect.objectContaining({ code: 'INVALID_ENUM', field: 'body:fundingInstruction.rail' }));
    const res = await c.call('POST', '/api/operations/deposit', { body: { accountId: a, quoteId: q.id, fundingInstruction: { rail: 'BOLETO' } } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'RAIL_NOT_AVAILABLE', details: { rail: 'BOLETO', asset: 'USD' } });
  });

  it('auto customers: paid after 3 s, completed 1 s later; /pay on a non-deposit is refused', async () => {
    const c = await h.client({ auto: true });
    const a = await c.activeAccount(['BRL', 'USD']);
    const q = await quote(c, a, 'BRL', 'USD', '50.00');
    const op = await c.post('/api/operations/deposit', { accountId: a, quoteId: q.id, fundingInstruction: { rail: 'PIX_KEY' } });
    await h.advance(2);
    await h.drain();
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('REQUESTED');
    await h.advance(1);
    await h.drain();
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('PROCESSING');
    await h.advance(1);
    await h.drain();
    expect((await c.get(`/api/operations/${op.id}`)).currentState.status).toBe('COMPLETED');
    expect(await c.balance(a, 'USD')).toBe(q.targetAmount.value);
    const [x, y] = await twoAccounts(c);
    const t = await c.post('/api/operations/transfer', { sourceAccountId: x, targetAccountId: y, amount: usd('1') });
    expect((await c.call('POST', `/_sandbox/operations/${t.id}/pay`)).body.code).toBe('CANNOT_EXECUTE_ACTION');
  });
});

describe('events', () => {
  it('OPERATION_REQUESTED and OPERATION_COMPLETED carry the contract payload (no id, destinationAmount, quote null same-asset)', async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    await c.credit(a, 'USD', '7.00');
    const op = await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('7') });
    await c.post(`/_sandbox/operations/${op.id}/complete`, undefined, 200);
    const events = (await h.events(c.customer.id)).filter((e) => e.resource_name === 'OPERATION');
    expect(events.map((e) => e.type)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    for (const e of events) expect(e.resource_id).toBe(op.id);
    const [requested, completed] = events.map((e) => e.payload);
    expect(requested).toEqual({
      customerId: c.customer.id,
      account: { owner: 'Acme Importação Ltda' },
      sourceAmount: { value: '7.00', asset: 'USD', decimals: 2 },
      destinationAmount: { value: '7.00', asset: 'USD', decimals: 2 },
      intent: { type: 'TRANSFER', targetAccount: { id: b, owner: 'Acme Importação Ltda' } },
      fees: [],
      transactions: [],
      currentState: { status: 'REQUESTED', createdAt: op.createdAt, reason: null },
      atTime: op.createdAt,
      quote: null,
      tags: [{ key: null, value: 'sandbox' }],
    });
    expect(requested).not.toHaveProperty('id');
    expect(completed.currentState.status).toBe('COMPLETED');
    expect(completed.atTime).toBe(completed.currentState.createdAt);
  });

  it('the test-transfer helper is a transfer tagged as test traffic, with the same events', async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    await c.credit(a, 'USD', '1.00');
    const op = await c.post('/_sandbox/operations/test-transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('0.01') });
    expect(op.intent).toEqual({ type: 'TRANSFER', targetAccount: { id: b, owner: 'Acme Importação Ltda' } });
    expect(op.tags).toEqual([{ key: null, value: 'sandbox' }, { key: 'sandbox-test', value: 'test-event' }]);
    const [e] = await h.events(c.customer.id, 'OPERATION_REQUESTED');
    expect(e.resource_id).toBe(op.id);
    expect(e.payload.tags).toEqual(op.tags);
    // The same rules as the contract's transfer.
    const same = await c.call('POST', '/_sandbox/operations/test-transfer', { body: { sourceAccountId: a, targetAccountId: a, amount: usd('0.01') } });
    expect(same.body.code).toBe('CANNOT_EXECUTE_ACTION');
  });

  it('a cross-asset operation event carries its quote', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['BRL', 'USD']);
    const q = await quote(c, a, 'BRL', 'USD', '10.00');
    const op = await c.post('/api/operations/swap', { accountId: a, quoteId: q.id });
    const [e] = await h.events(c.customer.id, 'OPERATION_REQUESTED');
    expect(e.resource_id).toBe(op.id);
    expect(e.payload.quote).toMatchObject({ id: q.id, effectiveRate: q.effectiveRate, spotRate: { value: '0.20', base: 'BRL', quote: 'USD' } });
    expect(e.payload.fees).toEqual(q.fees);
  });
});

describe('GET /api/operations (extension)', () => {
  it('filters by intentType, status, accountId (source or target) and dates, and pages with cursors', async () => {
    const c = await h.client();
    const [a, b] = await twoAccounts(c);
    const other = await c.activeAccount(['USD', 'BRL']);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await c.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd(`${i + 1}`) })).id);
    }
    const q = await quote(c, other, 'BRL', 'USD', '10');
    const swap = await c.post('/api/operations/swap', { accountId: other, quoteId: q.id });
    await c.post(`/_sandbox/operations/${ids[0]}/fail`, undefined, 200);

    const all = await c.get('/api/operations?limit=100');
    expect(all.data.map((o: Loose) => o.id)).toEqual([swap.id, ...[...ids].reverse()]); // newest first
    expect((await c.get('/api/operations?intentType=SWAP')).data.map((o: Loose) => o.id)).toEqual([swap.id]);
    expect((await c.get('/api/operations?status=FAILED')).data.map((o: Loose) => o.id)).toEqual([ids[0]]);
    expect((await c.get(`/api/operations?accountId=${b}&limit=100`)).data).toHaveLength(5); // b is the target
    const created = all.data[2].createdAt;
    const fromMid = await c.get(`/api/operations?createdFrom=${encodeURIComponent(created)}&limit=100`);
    expect(fromMid.data.every((o: Loose) => o.createdAt >= created)).toBe(true);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Loose = await c.get(`/api/operations?limit=2&sortOrder=ASCENDING${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.meta.total).toBe(page.data.length);
      seen.push(...page.data.map((o: Loose) => o.id));
      cursor = page.meta.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...ids, swap.id]);
    expect(pages).toBe(3);
  });

  it('422 INVALID_DATA on a bad enum (query:status) and 400 on a bad limit', async () => {
    const c = await h.client();
    const res = await c.call('GET', '/api/operations?status=DONE');
    expect(res.status).toBe(422);
    expect(res.body.details.errors).toContainEqual(expect.objectContaining({ code: 'INVALID_ENUM', field: 'query:status' }));
    expect((await c.call('GET', '/api/operations?intentType=PAYOUT')).status).toBe(422);
    expect((await c.call('GET', '/api/operations?limit=101')).status).toBe(400);
  });

  it("never lists another customer's operations", async () => {
    const alice = await h.client();
    const bob = await h.client();
    const [a, b] = await twoAccounts(alice);
    await alice.post('/api/operations/transfer', { sourceAccountId: a, targetAccountId: b, amount: usd('1') });
    expect((await bob.get('/api/operations')).data).toEqual([]);
    expect((await bob.get(`/api/operations?accountId=${a}`)).data).toEqual([]);
  });
});

describe('balances', () => {
  it('GET /api/balances lists every asset of the account, fiat and crypto apart, zero as 0.00', async () => {
    const c = await h.client();
    const a = await c.activeAccount(['BRL', 'USD', 'USDC']);
    await c.credit(a, 'USD', '12.5');
    const res = await c.get(`/api/balances?accountId=${a}`);
    expect(res).toEqual({
      accountId: a,
      fiat: [
        { amount: { value: '0.00', asset: 'BRL', decimals: 2 }, synced: true },
        { amount: { value: '12.50', asset: 'USD', decimals: 2 }, synced: true },
      ],
      crypto: [{ amount: { value: '0.000000', asset: 'USDC', decimals: 6 }, synced: true }],
    });
  });

  it('400 without accountId, 404 for a foreign account; the credit helper refuses foreign accounts and absent assets', async () => {
    const alice = await h.client();
    const bob = await h.client();
    const a = await alice.activeAccount(['USD']);
    const missing = await alice.call('GET', '/api/balances');
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors).toContainEqual(expect.objectContaining({ code: 'REQUIRED', field: 'query:accountId' }));
    expect((await bob.call('GET', `/api/balances?accountId=${a}`)).status).toBe(404);
    expect((await bob.call('POST', `/_sandbox/accounts/${a}/balances`, { body: { asset: 'USD', value: '1' } })).status).toBe(404);
    const absent = await alice.call('POST', `/_sandbox/accounts/${a}/balances`, { body: { asset: 'EUR', value: '1' } });
    expect(absent.status).toBe(422);
    expect(absent.body.code).toBe('INCOMPATIBLE_CURRENCY');
    const onboarding = await alice.onboardingAccount(['USD']);
    expect((await alice.call('POST', `/_sandbox/accounts/${onboarding}/balances`, { body: { asset: 'USD', value: '1' } })).status).toBe(422);
    expect((await alice.get(`/api/balances?accountId=${onboarding}`)).fiat).toEqual([{ amount: { value: '0.00', asset: 'USD', decimals: 2 }, synced: true }]);
  });
});
