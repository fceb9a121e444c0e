/**
 * Tiered approvals against the real sandbox handler (in-process through MSW), on the embedded engine (PGlite) and,
 * when TEST_DATABASE_URL is set (`node scripts/with-pg.mjs npx vitest run …`), on PostgreSQL through node-postgres:
 * a payout is valued in the reference currency whatever asset pays it; steps go in order, each by its roles; the
 * daily cap adds an admin step; and 20 approvals raced on a multi-step tier give exactly one withdrawal.
 */
import { PGlite } from '@electric-sql/pglite';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { decideKey } from '@/lib/beneficiaries/key-reviews';
import { listOperations } from '@/lib/api/operations';
import { newIdempotencyKey } from '@/lib/api/request';
import { recordingLogger } from '@/lib/api/testing/fakes';
import { fakeClock, setClockForTests } from '@/lib/clock';
import { resetDatabaseForTests, useTestDatabase as attachTestDatabase } from '@/lib/db/client';
import { defaultPolicy, type TieredPolicyInput } from '@/lib/domain/payouts/approval-policy';
import { createSandbox, type Sandbox } from '@/lib/sandbox';
import { fromPglite, fromPgPool } from '@/lib/sandbox/core/sql';
import { getTieredPolicy } from './approval-policy';
import type { PayoutError } from './errors';
import type { PayoutActor } from './actor';
import { approvePayout, previewQuote } from './approval';
import { setApprovalPolicy } from './policy-change';
import { requestPayout } from './request';
import { getPayout, liveApprovals } from './store';
import { dropTestDatabase, freshTestDatabase } from '@/lib/db/test-databases';

const BASE = 'https://fx.test';
let sandbox: Sandbox;
const server = setupServer(http.all(`${BASE}/*`, ({ request }) => sandbox.handle(request)));
const clock = fakeClock(new Date('2026-11-23T09:00:00.000Z'));

const actor = (name: string, role: PayoutActor['role'] = 'finance'): PayoutActor => ({ id: crypto.randomUUID(), email: `${name}@t.test`, name, role });
const admin = actor('ana', 'admin');
const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };

interface World {
  client: ApiClient;
  second: ApiClient;
  accountId: string;
  beneficiaryId: string;
  instructionId: string;
}

async function post<T = Record<string, unknown> & { id: string }>(path: string, body: unknown, token?: string): Promise<T> {
  const headers = new Headers({ 'Content-Type': 'application/json', 'X-Idempotency-Key': newIdempotencyKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await sandbox.handle(new Request(`${BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function world(): Promise<World> {
  const creds = await post<{ clientId: string; clientSecret: string }>('/_sandbox/customers', { name: 'Tiers Co', auto: false });
  const make = () => createApiClient({ baseUrl: BASE, credentials: creds, sleep: async () => {}, random: () => 0, logger: recordingLogger() });
  const client = make();
  const token = await client.tokens.getToken();
  const account = await post(
    '/api/accounts',
    {
      assets: [{ code: 'USD', isVirtual: false }, { code: 'BRL', isVirtual: false }, { code: 'USDT', isVirtual: false }],
      owner: { type: 'COMPANY', legalName: 'Tiers Co Ltda', taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', address },
    },
    token,
  );
  await post(`/_sandbox/accounts/${account.id}/activate`, {}, token);
  for (const [asset, value] of [['USD', '500000.00'], ['BRL', '500000.00'], ['USDT', '500000.000000']]) {
    await post(`/_sandbox/accounts/${account.id}/balances`, { asset, value }, token);
  }
  const holder = { type: 'INDIVIDUAL', firstName: 'João', lastName: 'Pereira', taxId: { type: 'CPF', value: '52998224725' }, dateOfBirth: '1990-05-17', address };
  const b = await post(
    '/api/beneficiaries',
    { holder, relationshipType: 'THIRD_PARTY', paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'joao@example.com' } },
    token,
  );
  const instructionId = (b.paymentInstructions as Array<{ id: string }>)[0]!.id;
  await post(`/_sandbox/payment-instructions/${instructionId}/approve`, {}, token);
  // The team's own review of the key (lib/beneficiaries/key-reviews.ts): a payout needs it on top of the service's.
  const reviewer = { id: '00000000-0000-4000-8000-0000000000c1', email: 'reviewer@tiers.test', name: 'Reviewer', role: 'compliance' as const };
  await decideKey(reviewer, { beneficiaryId: b.id, instructionId, decision: 'APPROVED' }, { client });
  return { client, second: make(), accountId: account.id, beneficiaryId: b.id, instructionId };
}

function request(w: World, requester: PayoutActor, amount: string, sourceAsset = 'USD') {
  return requestPayout(
    requester,
    {
      requestId: newIdempotencyKey(),
      sourceAccountId: w.accountId,
      sourceAsset,
      beneficiaryId: w.beneficiaryId,
      instructionId: w.instructionId,
      fixedSide: 'source',
      amount,
      memo: 'Invoice 7',
    },
    { client: w.client },
  );
}

async function approveAs(w: World, approver: PayoutActor, requestId: string) {
  const preview = await previewQuote(approver, requestId, { client: w.client });
  return approvePayout(approver, { requestId, previewQuoteId: preview.quoteId, acknowledged: true }, { client: w.client });
}

async function withdrawals(w: World): Promise<number> {
  return (await listOperations({ intentType: 'WITHDRAWAL', limit: 100 }, { client: w.client })).data.length;
}

const anyApprover = ['finance', 'admin'] as const;
/** Up to R$ 1.000,00 one approval; above, two (finance or admin). */
const twoAboveOneThousand: Omit<TieredPolicyInput, 'referenceCurrency'> = {
  tiers: [
    { upTo: '1000.00', steps: [{ approvals: 1, roles: [...anyApprover] }] },
    { upTo: null, steps: [{ approvals: 2, roles: [...anyApprover] }] },
  ],
  dailyCap: null,
};

type Engine = { name: string; open: () => Promise<{ sandboxSql: Parameters<typeof createSandbox>[0]['sql']; close: () => Promise<void> }> };
const engines: Engine[] = [
  {
    name: 'embedded (PGlite)',
    open: async () => {
      const pg = new PGlite();
      await attachTestDatabase(pg);
      return { sandboxSql: fromPglite(pg), close: () => pg.close() };
    },
  },
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  engines.push({
    name: 'PostgreSQL',
    open: async () => {
      const name = `fx_tiered_approvals_${process.pid}`;
      const pool = new Pool({ connectionString: await freshTestDatabase(pgUrl, name), max: 10 });
      await attachTestDatabase({ kind: 'pg', pool });
      return {
        sandboxSql: fromPgPool(pool),
        close: async () => {
          await pool.end();
          await dropTestDatabase(pgUrl, name);
        },
      };
    },
  });
}

beforeAll(() => {
  // Made-up actors (no user rows): the cool-off has its own tests (payouts.test.ts).
  process.env.APPROVER_COOL_OFF_HOURS = '0';
  server.listen({ onUnhandledRequest: 'error' });
  clock.install();
});
afterAll(() => {
  delete process.env.APPROVER_COOL_OFF_HOURS;
  server.close();
  setClockForTests(undefined);
});

describe.each(engines)('tiered approvals on $name', (engine) => {
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await engine.open();
    close = opened.close;
    sandbox = createSandbox({ sql: opened.sandboxSql, basePath: '' });
    await sandbox.ready;
  });
  afterAll(async () => {
    resetDatabaseForTests();
    await sandbox.stop();
    await close();
  });

  it('with no policy saved the team runs on the default tiers in BRL', async () => {
    expect(await getTieredPolicy()).toMatchObject({ policy: defaultPolicy('BRL'), saved: false });
  });

  it('a payout paid from USD or USDT is valued in BRL at the quote’s mid rate and needs the BRL tier’s approvals', async () => {
    const w = await world();
    await setApprovalPolicy(admin, twoAboveOneThousand);
    // US$ 250 is about R$ 1.300: above the R$ 1.000 tier although "250" is below it.
    const p = await request(w, actor('felipe'), '250.00');
    const plan = p.approvalPlan!;
    expect(plan.valuation).toMatchObject({ referenceCurrency: 'BRL', quoteId: p.indicativeQuote.id, midRateSource: 'MID_RATE', sourceAmount: { value: '250.00', asset: 'USD' } });
    expect(Number(plan.valuation!.referenceAmount)).toBeGreaterThan(1000);
    expect(plan.valuation!.referenceAmount).toBe(
      (Math.ceil(250 * Number(plan.valuation!.midRate) * 100 - 1e-6) / 100).toFixed(2), // a cross-check in floats, not the computation
    );
    expect(plan).toMatchObject({ tierIndex: 1, from: '1000.00', upTo: null });
    expect(p.requiredApprovals).toBe(2);
    const first = await approveAs(w, actor('fernanda'), p.id);
    expect(first).toMatchObject({ status: 'APPROVING', approvals: 1, required: 2 });
    expect(await withdrawals(w)).toBe(0);
    expect((await approveAs(w, admin, p.id)).status).toMatch(/EXECUTING|PROCESSING/);
    expect(await withdrawals(w)).toBe(1);

    // The same from USDT; and R$ 500,00 from BRL stays in the first tier (no quote needed to value it).
    const q = await request(w, actor('felipe'), '250.000000', 'USDT');
    expect(q.approvalPlan).toMatchObject({ tierIndex: 1, valuation: { sourceAmount: { asset: 'USDT' } } });
    const r = await request(w, actor('felipe'), '500.00', 'BRL');
    expect(r.approvalPlan).toMatchObject({ tierIndex: 0, valuation: { referenceAmount: '500.00', midRateSource: 'SAME_ASSET', quoteId: null } });
    expect(r.requiredApprovals).toBe(1);
  });

  it('in another reference currency a payout into BRL is valued with a quote to that currency', async () => {
    process.env.REFERENCE_CURRENCY = 'USD';
    try {
      const w = await world();
      await setApprovalPolicy(admin, { ...twoAboveOneThousand, tiers: [{ upTo: '100.00', steps: [{ approvals: 1, roles: ['finance'] }] }, twoAboveOneThousand.tiers[1]!] });
      const p = await request(w, actor('felipe'), '1000.00', 'BRL'); // about US$ 190
      expect(p.approvalPlan).toMatchObject({ referenceCurrency: 'USD', tierIndex: 1, valuation: { referenceCurrency: 'USD', sourceAmount: { asset: 'BRL' } } });
      expect(p.approvalPlan!.valuation!.quoteId).not.toBe(p.indicativeQuote.id);
      expect(Number(p.approvalPlan!.valuation!.referenceAmount)).toBeGreaterThan(100);
    } finally {
      delete process.env.REFERENCE_CURRENCY;
      await setApprovalPolicy(admin, twoAboveOneThousand);
    }
  });

  it('steps go in order and by role: finance cannot give the admin step; one person counts once', async () => {
    const w = await world();
    await setApprovalPolicy(admin, {
      tiers: [{ upTo: null, steps: [{ approvals: 1, roles: ['finance'] }, { approvals: 1, roles: ['admin'] }] }],
      dailyCap: null,
    });
    const p = await request(w, actor('felipe'), '10.00', 'BRL');
    // The admin step is not current yet: an admin is refused before looking at a quote.
    await expect(previewQuote(admin, p.id, { client: w.client })).rejects.toMatchObject({ code: 'ROLE_NOT_IN_STEP', httpStatus: 403, details: { roles: ['finance'] } });
    const fernanda = actor('fernanda');
    expect(await approveAs(w, fernanda, p.id)).toMatchObject({ status: 'APPROVING', approvals: 1, required: 2 });
    await expect(approveAs(w, actor('otto'), p.id)).rejects.toMatchObject({ code: 'ROLE_NOT_IN_STEP', details: { step: 2, roles: ['admin'] } });
    // Fernanda made admin meanwhile still counts once.
    await expect(approveAs(w, { ...fernanda, role: 'admin' }, p.id)).resolves.toMatchObject({ replayed: true, status: 'APPROVING' });
    expect((await approveAs(w, admin, p.id)).status).toMatch(/EXECUTING|PROCESSING/);
    const done = await getPayout(p.id);
    expect(liveApprovals(done!).map((a) => [a.approverEmail, a.step, a.approverRole])).toEqual([
      ['fernanda@t.test', 0, 'finance'],
      ['ana@t.test', 1, 'admin'],
    ]);
    expect(await withdrawals(w)).toBe(1);
  });

  it('over the requester’s daily cap (UTC day) the payout needs an admin step too', async () => {
    const w = await world();
    await setApprovalPolicy(admin, { ...twoAboveOneThousand, dailyCap: '1500.00' });
    const felipe = actor('felipe');
    const a = await request(w, felipe, '900.00', 'BRL');
    expect(a.approvalPlan).toMatchObject({ tierIndex: 0, dailyCap: null });
    // 900 + 600 = 1500: at the cap, not over it.
    const b = await request(w, felipe, '600.00', 'BRL');
    expect(b.approvalPlan!.dailyCap).toBeNull();
    // Two more at once: the requester's requests are serialised, so both see what came before; both go over.
    const [c, d] = await Promise.all([request(w, felipe, '0.01', 'BRL'), request(w, felipe, '0.01', 'BRL')]);
    for (const x of [c, d]) {
      expect(x.approvalPlan!.steps.map((s) => [s.reason, s.roles])).toEqual([
        ['TIER', ['finance', 'admin']],
        ['DAILY_CAP', ['admin']],
      ]);
    }
    expect([c.approvalPlan!.dailyCap!.requestedBefore, d.approvalPlan!.dailyCap!.requestedBefore].sort()).toEqual(['1500', '1500.01']);
    // Someone else's day is their own; and the next UTC day starts from zero.
    expect((await request(w, actor('paula'), '1000.00', 'BRL')).approvalPlan!.dailyCap).toBeNull();
    clock.advance(86_400_000 - (clock.now().getTime() % 86_400_000)); // the next UTC midnight
    expect((await request(w, felipe, '1000.00', 'BRL')).approvalPlan!.dailyCap).toBeNull();
  });

  it('20 approvals raced on a multi-step tier (two finance, then one admin) → exactly one withdrawal', async () => {
    const w = await world();
    await setApprovalPolicy(admin, {
      tiers: [{ upTo: null, steps: [{ approvals: 2, roles: ['finance'] }, { approvals: 1, roles: ['admin'] }] }],
      dailyCap: null,
    });
    const p = await request(w, actor('felipe'), '100.00');
    const outcome = (promise: Promise<{ status: string }>) => promise.then((r) => r.status, (e: PayoutError) => e.code);

    // Step 1: ten finance users, each clicking twice, over two console instances.
    const finance = Array.from({ length: 10 }, (_, i) => actor(`f${i}`));
    const financePreviews = await Promise.all(finance.map((a) => previewQuote(a, p.id, { client: w.client })));
    const first = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        outcome(approvePayout(finance[i % 10]!, { requestId: p.id, previewQuoteId: financePreviews[i % 10]!.quoteId, acknowledged: true }, { client: i % 2 ? w.second : w.client })),
      ),
    );
    expect(first.every((o) => o === 'APPROVING' || o === 'ROLE_NOT_IN_STEP')).toBe(true);
    let row = await getPayout(p.id);
    expect(liveApprovals(row!).map((a) => a.step)).toEqual([0, 0]);
    expect(row!.status).toBe('APPROVING');
    expect(await withdrawals(w)).toBe(0);

    // Step 2, the last: ten admins, each clicking twice, racing.
    const admins = Array.from({ length: 10 }, (_, i) => actor(`adm${i}`, 'admin'));
    const adminPreviews = await Promise.all(admins.map((a) => previewQuote(a, p.id, { client: w.client })));
    const last = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        outcome(approvePayout(admins[i % 10]!, { requestId: p.id, previewQuoteId: adminPreviews[i % 10]!.quoteId, acknowledged: true }, { client: i % 2 ? w.second : w.client })),
      ),
    );
    expect(last.every((o) => ['EXECUTING', 'PROCESSING', 'INVALID_STATUS'].includes(o))).toBe(true);
    expect(await withdrawals(w)).toBe(1);
    row = await getPayout(p.id);
    expect(row!.status).toBe('PROCESSING');
    expect(liveApprovals(row!).map((a) => a.step)).toEqual([0, 0, 1]);
  });

  it('an edited policy is validated on its fields; the change says how it weakens the controls', async () => {
    await expect(setApprovalPolicy(actor('felipe'), twoAboveOneThousand)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      setApprovalPolicy(admin, { tiers: [{ upTo: '1.001', steps: [{ approvals: 0, roles: [] }] }, { upTo: null, steps: [] }], dailyCap: null }),
    ).rejects.toMatchObject({
      code: 'INVALID_POLICY',
      fields: {
        'tiers.0.upTo': { code: 'POLICY_BOUND_PRECISION' },
        'tiers.0.steps.0.approvals': { code: 'POLICY_APPROVALS_INVALID' },
        'tiers.1.steps': { code: 'POLICY_NO_STEPS' },
      },
    });
    await setApprovalPolicy(admin, { ...twoAboveOneThousand, dailyCap: '5000.00' });
    const change = await setApprovalPolicy(admin, { tiers: [{ upTo: null, steps: [{ approvals: 1, roles: ['finance', 'admin'] }] }], dailyCap: null });
    expect(change.weakens.map((r) => r.code).sort()).toEqual(['FEWER_APPROVALS', 'TIER_REMOVED']);
    expect(change.dailyCapRaised).toBe(true);
    expect(await getTieredPolicy()).toMatchObject({ saved: true, updatedByEmail: 'ana@t.test' });
  });
});
