/**
 * lib/api against the REAL sandbox handler, in-process: MSW routes https://fx.test/* to `sandbox.handle`.
 * Happy path of every function, plus the faults that need a stateful service (a response lost after commit).
 */
import { PGlite } from '@electric-sql/pglite';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '@/lib/sandbox';
import { fromPglite } from '@/lib/sandbox/core/sql';
import {
  addUbo,
  createAccount,
  getAccount,
  listAccounts,
  listFundingInstructions,
  listUbos,
  submitAccountReview,
  type CreateAccountBody,
} from './accounts';
import { getBalances } from './balances';
import { addPaymentInstruction, createBeneficiary, getBeneficiary, listBeneficiaries } from './beneficiaries';
import { createApiClient, type ApiClient } from './client';
import type { ApiConfig } from './config';
import { uploadDocument } from './documents';
import { buildFilters } from './filters';
import { createDeposit, createSwap, createTransfer, createWithdrawal, getOperation, listOperations } from './operations';
import { iterateItems, iteratePages } from './pagination';
import { createQuote } from './quotes';
import { newIdempotencyKey } from './request';
import {
  createSubscription,
  deleteSubscription,
  getExecutionLog,
  getSubscription,
  listExecutionLogs,
  listSubscriptions,
  resendExecutionLog,
} from './subscriptions';
import { recordingLogger } from './testing/fakes';
import type { Account } from './schemas/account';

const BASE = 'https://fx.test';
// The sandbox only ever connects to loopback hosts; MSW answers this URL in-process.
const HOOK_URL = 'http://localhost:4999/fx-events';

let pg: PGlite;
let sandbox: Sandbox;
const hookDeliveries: Request[] = [];
const server = setupServer(
  http.all(`${BASE}/*`, ({ request }) => sandbox.handle(request)),
  http.post(HOOK_URL, ({ request }) => {
    hookDeliveries.push(request);
    return new HttpResponse(null, { status: 500 });
  }),
);

beforeAll(async () => {
  pg = new PGlite();
  sandbox = createSandbox({ sql: fromPglite(pg), basePath: '', adminKey: ADMIN_KEY });
  await sandbox.ready;
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await sandbox.stop();
  await pg.close();
});

const ADMIN_KEY = 'api-test-admin-key-0123';

/** Calls a sandbox helper route directly (not through lib/api: helpers are outside the contract). */
async function helper<T = Record<string, unknown>>(path: string, body: unknown, token?: string): Promise<T> {
  const headers = new Headers({
    'Content-Type': 'application/json',
    'X-Idempotency-Key': newIdempotencyKey(),
    // The global clock is an admin helper; the key is harmless on the others.
    'X-Sandbox-Admin-Key': ADMIN_KEY,
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await sandbox.handle(new Request(`${BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

interface Tenant {
  client: ApiClient;
  config: ApiConfig;
  sleeps: number[];
  token: () => Promise<string>;
}

async function tenant(name: string): Promise<Tenant> {
  const created = await helper<{ clientId: string; clientSecret: string }>('/_sandbox/customers', { name, auto: false });
  const sleeps: number[] = [];
  const config: ApiConfig = {
    baseUrl: BASE,
    credentials: { clientId: created.clientId, clientSecret: created.clientSecret },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0,
    logger: recordingLogger(),
  };
  const client = createApiClient(config);
  return { client, config, sleeps, token: () => client.tokens.getToken() };
}

const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };
function accountInput(legalName: string, taxId: string): CreateAccountBody {
  return {
    assets: [
      { code: 'BRL', isVirtual: false },
      { code: 'USD', isVirtual: false },
      { code: 'USDC', isVirtual: false },
    ],
    owner: {
      type: 'COMPANY',
      legalName,
      taxId: { value: taxId, type: 'CNPJ' },
      industry: 'INFORMATION_TECHNOLOGY',
      incorporateDate: '2015-03-10',
      address,
    },
  };
}

async function activeAccount(t: Tenant, legalName: string, taxId: string): Promise<Account> {
  const { data } = await createAccount(accountInput(legalName, taxId), { idempotencyKey: newIdempotencyKey(), client: t.client });
  return helper<Account>(`/_sandbox/accounts/${data.id}/activate`, {}, await t.token());
}

describe('accounts', () => {
  it('create → get → list (escaped filter) → UBO → documents → review → funding instructions', async () => {
    const t = await tenant('Accounts Co');
    const key = newIdempotencyKey();
    const created = await createAccount(accountInput('Acme, Inc; (BR)', '11222333000181'), { idempotencyKey: key, client: t.client });
    expect(created.requestId).toBeTruthy();
    expect(created.data.currentState.status).toBe('ACTION_REQUIRED');
    expect(created.data.requirements.currentlyDue.length).toBeGreaterThan(0);

    const fetched = await getAccount(created.data.id, { client: t.client });
    expect(fetched.data.id).toBe(created.data.id);

    const filters = buildFilters([{ field: 'owner.legalName', op: 'eq', value: 'Acme, Inc; (BR)' }]);
    const page = await listAccounts({ filters, limit: 10 }, { client: t.client });
    expect(page.data.map((a) => a.id)).toEqual([created.data.id]);
    expect(page.meta.total).toBe(1);

    const ubo = await addUbo(
      created.data.id,
      { name: 'Maria Silva', taxId: { value: '52998224725', type: 'CPF' }, address, ownershipPercentage: 60 },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    expect(ubo.data.currentState.status).toBe('PENDING');
    const ubos = await listUbos(created.data.id, { client: t.client });
    expect(ubos.data.map((u) => u.id)).toEqual([ubo.data.id]);

    // Satisfy every document requirement, account- and UBO-level, then submit for review.
    const due = (await getAccount(created.data.id, { client: t.client })).data.requirements.currentlyDue;
    expect(due.length).toBeGreaterThan(0);
    for (const item of due) {
      const documentType = item.documentType ?? item.options?.[0];
      expect(documentType).toBeTruthy();
      const metadata = Object.fromEntries((item.requiredMetadata ?? []).map((k) => [k, k === 'country' ? 'BR' : '123456']));
      const result = await uploadDocument(
        {
          documentType: documentType!,
          documentSubType: item.documentSubType ?? undefined,
          holder: item.uboId ? { type: 'UBO', referenceId: item.uboId } : { type: 'ACCOUNT', referenceId: created.data.id },
          metadata,
          file: new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a])], 'doc.pdf', { type: 'application/pdf' }),
        },
        { idempotencyKey: newIdempotencyKey(), client: t.client },
      );
      expect(result.data).toBeNull();
    }
    const afterUpload = (await getAccount(created.data.id, { client: t.client })).data;
    expect(afterUpload.requirements.currentlyDue.filter((i) => !i.documentSubType || i.documentSubType === 'FRONT_SIDE')).toEqual([]);

    await submitAccountReview(created.data.id, { idempotencyKey: newIdempotencyKey(), client: t.client });
    expect((await getAccount(created.data.id, { client: t.client })).data.currentState.status).toBe('REVIEWING');

    const active = await helper<Account>(`/_sandbox/accounts/${created.data.id}/activate`, {}, await t.token());
    expect(active.currentState.status).toBe('ACTIVE');
    const funding = await listFundingInstructions(created.data.id, {}, { client: t.client });
    expect(funding.data.length).toBeGreaterThan(0);
    expect(funding.data.every((f) => typeof f.rail === 'string')).toBe(true);
  });

  it('iterates account pages with the cursor', async () => {
    const t = await tenant('Paging Co');
    const ids: string[] = [];
    for (const [i, cnpj] of ['11444777000161', '04252011000110', '33000167000101'].entries()) {
      ids.push((await createAccount(accountInput(`Paging ${i}`, cnpj), { idempotencyKey: newIdempotencyKey(), client: t.client })).data.id);
    }
    const pages: number[] = [];
    const seen: string[] = [];
    for await (const page of iteratePages((cursor) => listAccounts({ cursor, limit: 2, sortOrder: 'ASCENDING' }, { client: t.client }))) {
      pages.push(page.data.length);
      seen.push(...page.data.map((a) => a.id));
    }
    expect(pages).toEqual([2, 1]);
    expect(seen).toEqual(ids);
  });

  it('a validation error reaches the form fields', async () => {
    const t = await tenant('Invalid Co');
    const error = await createAccount(accountInput('Bad Tax Co', '11222333000100'), { idempotencyKey: newIdempotencyKey(), client: t.client }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 400, code: 'INVALID_DATA' });
    expect(Object.keys((error as { fieldErrors: Record<string, string> }).fieldErrors)).toContain('owner.taxId.value');
  });
});

describe('money', () => {
  it('balances, transfer, swap, deposit, withdrawal, get and list operations', async () => {
    const t = await tenant('Money Co');
    const a = await activeAccount(t, 'Money A', '11222333000181');
    const b = await activeAccount(t, 'Money B', '11444777000161');
    await helper(`/_sandbox/accounts/${a.id}/balances`, { asset: 'BRL', value: '5000.00' }, await t.token());

    const balances = await getBalances(a.id, { client: t.client });
    expect(balances.data.accountId).toBe(a.id);
    expect(balances.data.fiat.find((e) => e.amount?.asset === 'BRL')?.amount?.value).toBe('5000.00');

    const transfer = await createTransfer(
      { sourceAccountId: a.id, targetAccountId: b.id, amount: { value: '100.00', asset: 'BRL' } },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    expect(transfer.data.intent.type).toBe('TRANSFER');
    expect(transfer.data.currentState.status).toBe('REQUESTED');
    expect(transfer.data.sourceAmount).toEqual({ value: '100.00', asset: 'BRL', decimals: 2 });
    expect(transfer.data.quote.consumedAt).not.toBeNull();

    const swapQuote = await createQuote(
      { accountId: a.id, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '500.00' },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    expect(swapQuote.data.sourceAmount.value).toBe('500.00');
    expect(swapQuote.data.targetAmount.asset).toBe('USD');
    const swap = await createSwap({ accountId: a.id, quoteId: swapQuote.data.id }, { idempotencyKey: newIdempotencyKey(), client: t.client });
    expect(swap.data.intent.type).toBe('SWAP');
    expect(swap.data.quote.id).toBe(swapQuote.data.id);

    const depositQuote = await createQuote(
      { accountId: a.id, sourceAsset: 'BRL', targetAsset: 'BRL', sourceAmount: '250.00' },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    const deposit = await createDeposit(
      { accountId: a.id, quoteId: depositQuote.data.id, fundingInstruction: { rail: 'PIX_KEY' } },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    expect(deposit.data.intent).toMatchObject({ type: 'DEPOSIT', fundingInstruction: { rail: 'PIX_KEY' } });

    const beneficiary = await createBeneficiary(
      {
        holder: {
          type: 'INDIVIDUAL',
          firstName: 'João',
          lastName: 'Souza',
          taxId: { value: '52998224725', type: 'CPF' },
          dateOfBirth: '1990-05-20',
          address,
        },
        relationshipType: 'THIRD_PARTY',
        paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'joao@example.com' },
      },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    const instruction = beneficiary.data.paymentInstructions[0];
    expect(instruction.currentState.status).toBe('PENDING_REVIEW');
    await helper(`/_sandbox/payment-instructions/${instruction.id}/approve`, {}, await t.token());
    const withSecond = await addPaymentInstruction(
      beneficiary.data.id,
      { type: 'PIX', asset: 'BRL', dictKeyType: 'CPF', dictKey: '52998224725' },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    expect(withSecond.data.paymentInstructions).toHaveLength(2);
    const readBack = await getBeneficiary(beneficiary.data.id, { client: t.client });
    expect(readBack.data.paymentInstructions.find((i) => i.id === instruction.id)?.currentState.status).toBe('APPROVED');
    const beneficiaries = await listBeneficiaries({}, { client: t.client });
    expect(beneficiaries.data).toEqual([expect.objectContaining({ id: beneficiary.data.id, instructionCount: 2 })]);

    const payoutQuote = await createQuote(
      { accountId: a.id, sourceAsset: 'BRL', targetAsset: 'BRL', sourceAmount: '50.00' },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    const withdrawal = await createWithdrawal(
      {
        accountId: a.id,
        quoteId: payoutQuote.data.id,
        beneficiary: { type: 'REFERENCE', id: beneficiary.data.id, paymentInstruction: { type: 'REFERENCE', id: instruction.id } },
      },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    expect(withdrawal.data.intent.type).toBe('WITHDRAWAL');

    const got = await getOperation(transfer.data.id, { client: t.client });
    expect(got.data.id).toBe(transfer.data.id);
    const transfers = await listOperations({ intentType: 'TRANSFER' }, { client: t.client });
    expect(transfers.data.map((o) => o.id)).toEqual([transfer.data.id]);
    const all: string[] = [];
    for await (const op of iterateItems((cursor) => listOperations({ cursor, limit: 1 }, { client: t.client }))) all.push(op.id);
    expect(new Set(all)).toEqual(new Set([transfer.data.id, swap.data.id, deposit.data.id, withdrawal.data.id]));
  });
});

describe('webhook subscriptions', () => {
  it('create, get, list, execution logs, resend, delete', async () => {
    const t = await tenant('Hooks Co');
    const sub = await createSubscription(
      { url: HOOK_URL, resources: [{ name: 'ACCOUNT', events: ['ASSET_ACTIVATED'] }], allowRetry: false },
      { idempotencyKey: newIdempotencyKey(), client: t.client },
    );
    expect((await getSubscription(sub.data.id, { client: t.client })).data.url).toBe(HOOK_URL);
    expect((await listSubscriptions({}, { client: t.client })).data.map((s) => s.id)).toEqual([sub.data.id]);

    // An activation emits ASSET_ACTIVATED; the worker delivers it to HOOK_URL (answered 500 → FAILED log).
    await activeAccount(t, 'Hooks Account', '11222333000181');
    await sandbox.worker.drain();
    expect(hookDeliveries.length).toBeGreaterThan(0);
    const logs = await listExecutionLogs(sub.data.id, {}, { client: t.client });
    expect(logs.data.length).toBeGreaterThan(0);
    const log = logs.data[0];
    expect(log.status).toBe('FAILED');
    expect((await getExecutionLog(sub.data.id, log.id, { client: t.client })).data.messageId).toBe(log.messageId);

    const before = hookDeliveries.length;
    await resendExecutionLog(sub.data.id, log.id, { idempotencyKey: newIdempotencyKey(), client: t.client });
    await sandbox.worker.drain();
    expect(hookDeliveries.length).toBeGreaterThan(before);

    await deleteSubscription(sub.data.id, { client: t.client });
    await expect(getSubscription(sub.data.id, { client: t.client })).rejects.toMatchObject({ status: 404, code: 'RESOURCE_NOT_FOUND' });
  });
});

describe('faults against the real service', () => {
  it('a response lost after the service committed: the retry with the same key replays it, one transfer, one debit', async () => {
    const t = await tenant('Lost Response Co');
    const a = await activeAccount(t, 'Lost A', '11222333000181');
    const b = await activeAccount(t, 'Lost B', '11444777000161');
    await helper(`/_sandbox/accounts/${a.id}/balances`, { asset: 'BRL', value: '1000.00' }, await t.token());

    const committed: string[] = [];
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${BASE}/api/operations/transfer`, async ({ request }) => {
        keys.push(request.headers.get('x-idempotency-key'));
        const response = await sandbox.handle(request);
        if (keys.length === 1) {
          committed.push(((await response.json()) as { id: string }).id);
          return HttpResponse.error(); // the service acted, the caller never hears about it
        }
        return response;
      }),
    );
    const key = newIdempotencyKey();
    const result = await createTransfer(
      { sourceAccountId: a.id, targetAccountId: b.id, amount: { value: '100.00', asset: 'BRL' } },
      { idempotencyKey: key, client: t.client },
    );
    expect(keys).toEqual([key, key]);
    expect(result.data.id).toBe(committed[0]);
    const transfers = await listOperations({ intentType: 'TRANSFER', accountId: a.id }, { client: t.client });
    expect(transfers.data).toHaveLength(1);
    // Settle it: the balance moves once.
    await helper(`/_sandbox/operations/${result.data.id}/complete`, {}, await t.token());
    const balance = (await getBalances(a.id, { client: t.client })).data.fiat.find((e) => e.amount?.asset === 'BRL');
    expect(balance?.amount?.value).toBe('900.00');
  });

  it('20 concurrent sends of one intent (double click) create one transfer; a changed amount under the same key is refused', async () => {
    const t = await tenant('Double Click Co');
    const a = await activeAccount(t, 'Click A', '11222333000181');
    const b = await activeAccount(t, 'Click B', '11444777000161');
    await helper(`/_sandbox/accounts/${a.id}/balances`, { asset: 'BRL', value: '1000.00' }, await t.token());
    const key = newIdempotencyKey();
    const body = { sourceAccountId: a.id, targetAccountId: b.id, amount: { value: '10.00', asset: 'BRL' } };
    const results = await Promise.all(Array.from({ length: 20 }, () => createTransfer(body, { idempotencyKey: key, client: t.client })));
    expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
    expect((await listOperations({ intentType: 'TRANSFER', accountId: a.id }, { client: t.client })).data).toHaveLength(1);

    let calls = 0;
    server.use(
      http.post(`${BASE}/api/operations/transfer`, async ({ request }) => {
        calls++;
        return sandbox.handle(request);
      }),
    );
    const changed = { ...body, amount: { value: '11.00', asset: 'BRL' } };
    await expect(createTransfer(changed, { idempotencyKey: key, client: t.client })).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_CONFLICT',
    });
    expect(calls).toBe(1);
  });

  it('a 500 in front of the service, then success: one account', async () => {
    const t = await tenant('Flaky Co');
    let calls = 0;
    server.use(
      http.post(`${BASE}/api/accounts`, async ({ request }) => {
        if (++calls === 1) return HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'upstream hiccup', details: {} }, { status: 500 });
        return sandbox.handle(request);
      }),
    );
    await createAccount(accountInput('Flaky Ltd', '11222333000181'), { idempotencyKey: newIdempotencyKey(), client: t.client });
    expect(calls).toBe(2);
    expect(t.sleeps).toHaveLength(1);
    expect((await listAccounts({}, { client: t.client })).data).toHaveLength(1);
  });

  it('429 with Retry-After in front of the service is honoured, then the same key goes through', async () => {
    const t = await tenant('Busy Co');
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${BASE}/api/accounts`, async ({ request }) => {
        keys.push(request.headers.get('x-idempotency-key'));
        if (keys.length === 1) return HttpResponse.json({ code: 'TOO_MANY_REQUESTS', message: 'slow down', details: {} }, { status: 429, headers: { 'Retry-After': '2' } });
        return sandbox.handle(request);
      }),
    );
    const key = newIdempotencyKey();
    await createAccount(accountInput('Busy Ltd', '11222333000181'), { idempotencyKey: key, client: t.client });
    expect(t.sleeps).toEqual([2000]);
    expect(keys).toEqual([key, key]);
  });

  it('a time-out while the service commits: the retry replays, one account', async () => {
    const t = await tenant('Slow Co');
    let calls = 0;
    const ids: string[] = [];
    server.use(
      http.post(`${BASE}/api/accounts`, async ({ request }) => {
        calls++;
        const response = await sandbox.handle(request);
        const body = (await response.clone().json()) as { id: string };
        ids.push(body.id);
        if (calls === 1) await new Promise((r) => setTimeout(r, 3_000)); // committed, answer arrives too late
        return response;
      }),
    );
    const result = await createAccount(accountInput('Slow Ltd', '11222333000181'), {
      idempotencyKey: newIdempotencyKey(),
      client: createApiClient({ ...t.config, timeoutMs: 1_000 }),
    });
    expect(calls).toBe(2);
    expect(ids[1]).toBe(ids[0]);
    expect(result.data.id).toBe(ids[0]);
    expect((await listAccounts({}, { client: t.client })).data).toHaveLength(1);
  });

  it('a 400 from the service is not retried', async () => {
    const t = await tenant('Strict Co');
    let calls = 0;
    server.use(
      http.post(`${BASE}/api/accounts`, async ({ request }) => {
        calls++;
        return sandbox.handle(request);
      }),
    );
    const bad = { ...accountInput('Strict Ltd', '11222333000181'), assets: [] };
    await expect(createAccount(bad, { idempotencyKey: newIdempotencyKey(), client: t.client })).rejects.toMatchObject({ status: 400 });
    expect(calls).toBe(1);
    expect(t.sleeps).toEqual([]);
  });

  it('a failing token endpoint: typed error, zero API requests', async () => {
    const t = await tenant('No Token Co');
    let apiCalls = 0;
    server.use(
      http.post(`${BASE}/api/oauth/client/token`, () => HttpResponse.json({ code: 'UNAVAILABLE', message: 'down', details: {} }, { status: 503 })),
      http.all(`${BASE}/api/*`, () => {
        apiCalls++;
        return HttpResponse.json({});
      }),
    );
    await expect(listAccounts({}, { client: t.client })).rejects.toMatchObject({ status: 503, code: 'TOKEN_UNAVAILABLE' });
    expect(apiCalls).toBe(0);
  });

  it('an expired token (sandbox clock moved past exp) is refreshed once and the call succeeds', async () => {
    const t = await tenant('Clock Co');
    const first = await t.token();
    await listAccounts({}, { client: t.client });
    await helper('/_sandbox/clock/advance', { seconds: 3700 });
    // The client's own clock has not moved, so it still uses the cached token: the sandbox answers 401 EXPIRED.
    const page = await listAccounts({}, { client: t.client });
    expect(page.data).toEqual([]);
    expect(await t.token()).not.toBe(first);
  });
});
