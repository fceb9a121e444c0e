import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/auth/session';
import { operationSchema, type Operation } from '@/lib/api/schemas/operation';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '@/lib/db/client';
import { payoutRequests, receivedEvents, users } from '@/lib/db/schema';
import type { SearchGroup } from '@/lib/domain/search/results';
import { SearchIndex, type SearchSource } from '@/lib/search/search-index';
import { setSearchIndexForTests } from '@/lib/search/search-service';

const state = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock('@/lib/auth/session', () => ({ getCurrentUser: async () => state.user }));

const { GET } = await import('./route');

const ACCOUNT = '0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10';
const OP_A = '3f2c1b7a-9d8e-4c6b-8a5f-1e2d3c4b5a69';
const OP_B = '7e1d0c9b-8a7f-4e6d-9c5b-4a3f2e1d0c9b';
const PAYOUT = 'c0ffee00-1234-4abc-8def-000000000001';
const MESSAGE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const MESSAGE_UPPER = 'D1E2F3A4-B5C6-4D7E-8F90-A1B2C3D4E5F6';

function operation(id: string, overrides: Record<string, unknown> = {}): Operation {
  return operationSchema.parse({
    id,
    customerId: '5d1a3c4e-1111-4222-8333-944455556666',
    account: { id: ACCOUNT, owner: 'Acme Importação Ltda' },
    sourceAmount: { value: '1234.56', asset: 'BRL', decimals: 2 },
    targetAmount: { value: '248.00', asset: 'USD', decimals: 2 },
    intent: { type: 'SWAP' },
    quote: {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      effectiveRate: { value: '0.2', base: 'BRL', quote: 'USD' },
      expiresAt: '2026-11-23T09:00:30.000Z',
      consumedAt: null,
    },
    fees: [],
    transactions: [],
    currentState: { status: 'COMPLETED', createdAt: '2026-11-23T09:00:02.000Z' },
    states: [{ status: 'COMPLETED', createdAt: '2026-11-23T09:00:02.000Z' }],
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:02.000Z',
    ...overrides,
  });
}

const ops = [
  operation(OP_A),
  operation(OP_B, {
    createdAt: '2026-11-24T09:00:00.000Z',
    sourceAmount: { value: '10.000000', asset: 'USDC', decimals: 6 },
    targetAmount: { value: '50.00', asset: 'BRL', decimals: 2 },
    transactions: [
      {
        type: 'PIX',
        direction: 'CREDIT',
        amount: { value: '50.00', asset: 'BRL', decimals: 2 },
        currentState: { status: 'COMPLETED', createdAt: '2026-11-24T09:00:00.000Z' },
        endToEnd: 'E12345678202611240900ABCDEFGHIJK',
      },
    ],
  }),
];

const source: SearchSource = {
  async listOperations() {
    return { data: ops, nextCursor: null };
  },
  async getOperation(id) {
    return ops.find((o) => o.id === id) ?? null;
  },
  async listAccounts() {
    return { data: [], nextCursor: null };
  },
  async listBeneficiaries() {
    return { data: [], nextCursor: null };
  },
};

const base: SessionUser = {
  id: 'u1',
  email: 'viewer@acme.test',
  name: 'Vitor Viewer',
  role: 'viewer',
  sessionId: 's1',
  mustChangePassword: false,
  locale: 'en',
  timeZone: null,
  stage: 'complete',
  amr: 'pwd+totp',
  factorVerifiedAt: null,
};

let client: PGlite;
let db: ConsoleDb;
beforeAll(async () => {
  client = new PGlite();
  db = await useTestDatabase(client);
  await db.insert(users).values([
    { id: '11111111-1111-4111-8111-111111111111', email: 'fabio@acme.test', name: 'Fábio Finanças', role: 'finance', passwordHash: 'x' },
  ]);
  await db.insert(payoutRequests).values({
    id: PAYOUT,
    requesterId: '11111111-1111-4111-8111-111111111111',
    requesterEmail: 'fabio@acme.test',
    requesterName: 'Fábio Finanças',
    sourceAccountId: ACCOUNT,
    sourceAccountName: 'Acme',
    sourceAsset: 'BRL',
    beneficiaryId: '22222222-2222-4222-8222-222222222222',
    beneficiaryName: 'João Pereira',
    instructionId: '33333333-3333-4333-8333-333333333333',
    targetAsset: 'BRL',
    dictKeyType: 'EMAIL',
    dictKey: 'joao@example.com',
    fixedSide: 'source',
    amount: '1234.56',
    indicativeQuote: { id: 'q', rate: { value: '1', base: 'BRL', quote: 'BRL' }, sourceAmount: { value: '1234.56', asset: 'BRL' }, targetAmount: { value: '1234.56', asset: 'BRL' }, expiresAt: '2026-11-23T09:00:30.000Z' },
    requiredApprovals: 1,
    status: 'APPROVING',
    states: [],
    expiresAt: new Date('2026-12-01T00:00:00Z'),
  });
  await db.insert(receivedEvents).values([
    { messageId: MESSAGE, eventType: 'OPERATION_COMPLETED', resourceKind: 'OPERATION', resourceId: OP_A, payload: {} },
    { messageId: MESSAGE_UPPER, eventType: 'ACCOUNT_UPDATED', resourceKind: 'ACCOUNT', resourceId: ACCOUNT, payload: {} },
  ]);
});
afterAll(async () => {
  resetDatabaseForTests();
  setSearchIndexForTests(undefined);
  await client.close();
});
beforeEach(() => {
  state.user = { ...base };
  setSearchIndexForTests(new SearchIndex(source));
});

const ctx = { params: Promise.resolve({}) };
async function get(query: string, headers: Record<string, string> = {}) {
  return GET(new Request(`http://console.test/api/search${query}`, { headers }), ctx);
}
async function groups(query: string, headers: Record<string, string> = {}): Promise<SearchGroup[]> {
  const res = await get(query, headers);
  expect(res.status).toBe(200);
  return ((await res.json()) as { groups: SearchGroup[] }).groups;
}
const ids = (gs: SearchGroup[], kind: string) => gs.find((g) => g.kind === kind)?.hits.map((h) => h.id) ?? [];

describe('GET /api/search', () => {
  it('401 without a session', async () => {
    state.user = null;
    const res = await get('?q=acme');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('403 while a password change is pending', async () => {
    state.user = { ...base, mustChangePassword: true };
    const res = await get('?q=acme');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
  });

  it('400 for a missing, too long or unknown parameter, naming the field', async () => {
    for (const [query, field] of [
      ['', 'q'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?q=a&filters=status[eq]=x', 'filters'],
    ] as const) {
      const res = await get(query);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('INVALID_QUERY');
      expect(Object.keys(body.fieldErrors)).toContain(field);
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
    }
  });

  it('finds an operation by a partial id and by its end-to-end id', async () => {
    expect(ids(await groups('?q=3F2C1B7A'), 'operation')).toEqual([OP_A]);
    expect(ids(await groups('?q=202611240900abc'), 'operation')).toEqual([OP_B]);
  });

  it('finds by amount in the user’s notation and an unambiguous other one; recent first', async () => {
    state.user = { ...base, role: 'finance', locale: 'pt-BR' };
    const pt = await groups(`?q=${encodeURIComponent('1.234,56')}`);
    expect(ids(pt, 'operation')).toEqual([OP_A]);
    expect(ids(pt, 'payout')).toEqual([PAYOUT]);
    expect(ids(await groups(`?q=${encodeURIComponent('1,234.56')}`), 'operation')).toEqual([OP_A]);
    // "10" is the USDC side of B; "50" its BRL side: both read exactly, whatever the scale.
    expect(ids(await groups('?q=10'), 'operation')).toEqual([OP_B]);
    expect(ids(await groups(`?q=${encodeURIComponent('50,00')}`), 'operation')).toEqual([OP_B]);
  });

  it('lets the locale decide an ambiguous amount', async () => {
    state.user = { ...base, locale: 'en' };
    expect(ids(await groups(`?q=${encodeURIComponent('1.234')}`), 'operation')).toEqual([]);
    state.user = { ...base, locale: null };
    // No saved locale: Accept-Language decides.
    expect(ids(await groups(`?q=${encodeURIComponent('1.234,56')}`, { 'accept-language': 'pt-BR' }), 'operation')).toEqual([OP_A]);
  });

  it('finds payouts by beneficiary name, accents and case ignored', async () => {
    expect(ids(await groups('?q=joao%20PER'), 'payout')).toEqual([PAYOUT]);
  });

  it('returns users only to a role with team:manage', async () => {
    expect(ids(await groups('?q=fabio'), 'user')).toEqual([]);
    state.user = { ...base, role: 'admin' };
    expect(ids(await groups('?q=fabio'), 'user')).toEqual(['11111111-1111-4111-8111-111111111111']);
  });

  it('reads SQL- and filter-looking text as a literal', async () => {
    state.user = { ...base, role: 'admin' };
    for (const q of ["' OR 1=1 --", "%' OR '%'='", 'status[eq]=COMPLETED', 'or(a,b);x[like]=%', '_%_%', '\\']) {
      const gs = await groups(`?q=${encodeURIComponent(q)}`);
      expect(gs, q).toEqual([]);
    }
  });

  it('finds a webhook message by a whole id in either case and by a fragment', async () => {
    state.user = { ...base, role: 'admin' };
    // A whole id is matched exactly (the unique index), whichever case it was typed or received in.
    for (const q of [MESSAGE, MESSAGE.toUpperCase()]) {
      const gs = await groups(`?q=${q}`);
      expect(ids(gs, 'webhookMessage'), q).toEqual([MESSAGE]);
      expect(gs.find((g) => g.kind === 'webhookMessage')?.hits[0]).toMatchObject({ href: `/operations/${OP_A}`, title: 'OPERATION_COMPLETED' });
    }
    expect(ids(await groups(`?q=${MESSAGE_UPPER.toLowerCase()}`), 'webhookMessage')).toEqual([MESSAGE_UPPER]);
    // Fragments still match anywhere inside the id, case ignored.
    expect(ids(await groups('?q=4a3b-8c2d'), 'webhookMessage')).toEqual([MESSAGE]);
    expect(ids(await groups('?q=b5c6-4d7e'), 'webhookMessage')).toEqual([MESSAGE_UPPER]);
    // A fragment no uuid can hold (an end-to-end id's letters) finds no message, payout or user.
    expect(await groups('?q=9a8b7cxz')).toEqual([]);
  });

  it('answers the newest operations for an empty query', async () => {
    const gs = await groups('?q=');
    expect(ids(gs, 'operation')).toEqual([OP_B, OP_A]);
  });
});
