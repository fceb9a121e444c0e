/**
 * The payout service against the REAL sandbox handler (in-process through MSW) and a real in-memory PGlite
 * shared by console and sandbox, as in the app. Proves exactly-once: concurrent approvals, two console
 * "instances" (two API clients with their own token caches), lost responses, an expired quote.
 */
import { PGlite } from '@electric-sql/pglite';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { listOperations } from '@/lib/api/operations';
import { newIdempotencyKey } from '@/lib/api/request';
import { recordingLogger } from '@/lib/api/testing/fakes';
import { listAuditEvents } from '@/lib/audit/list-audit';
import { fakeClock, setClockForTests } from '@/lib/clock';
import { resetDatabaseForTests, useTestDatabase } from '@/lib/db/client';
import { createSandbox, type Sandbox } from '@/lib/sandbox';
import { fromPglite } from '@/lib/sandbox/core/sql';
import { defaultPolicy } from '@/lib/domain/payouts/approval-policy';
import { decideKey } from '@/lib/beneficiaries/key-reviews';
import { toFailure } from '@/lib/errors';
import { errorsTranslator } from '@/lib/i18n/errors-translator';
import { PayoutError } from './errors';
import { executePayout, syncPayout } from './execute';
import type { PayoutActor } from './actor';
import { approvePayout, previewQuote } from './approval';
import { cancelPayout } from './cancellation';
import { setApprovalPolicy } from './policy-change';
import { rejectPayout } from './rejection';
import { requestPayout } from './request';
import { countInbox, getPayout, listPayouts } from './store';
import { runPayoutSweep } from './sweep';
import { authenticate } from '@/lib/auth/authenticate';
import { changePassword, changeRole, createUser } from '@/lib/team/users';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { and, eq } from 'drizzle-orm';

const BASE = 'https://fx.test';
let pg: PGlite;
let sandbox: Sandbox;
/** Per-test fault hook: return a Response to answer instead of the sandbox, or undefined to pass through. */
let fault: ((request: Request) => Promise<Response | undefined>) | null = null;
const server = setupServer(
  http.all(`${BASE}/*`, async ({ request }) => {
    const injected = fault ? await fault(request.clone()) : undefined;
    return injected ?? sandbox.handle(request);
  }),
);
const clock = fakeClock(new Date('2026-11-23T09:00:00.000Z'));

beforeAll(async () => {
  // The actors below are made up (no console user rows), which the cool-off would refuse: these tests are about
  // exactly-once. The cool-off has its own tests at the end, with real users.
  process.env.APPROVER_COOL_OFF_HOURS = '0';
  pg = new PGlite();
  await useTestDatabase(pg);
  sandbox = createSandbox({ sql: fromPglite(pg), basePath: '' });
  await sandbox.ready;
  server.listen({ onUnhandledRequest: 'error' });
  clock.install();
});
afterEach(() => {
  fault = null;
});
afterAll(async () => {
  delete process.env.APPROVER_COOL_OFF_HOURS;
  server.close();
  setClockForTests(undefined);
  resetDatabaseForTests();
  await sandbox.stop();
  await pg.close();
});

async function helper<T = Record<string, unknown>>(path: string, body: unknown, token?: string): Promise<T> {
  const headers = new Headers({ 'Content-Type': 'application/json', 'X-Idempotency-Key': newIdempotencyKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await sandbox.handle(new Request(`${BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

const actor = (name: string, role: PayoutActor['role'] = 'finance'): PayoutActor => ({
  id: crypto.randomUUID(),
  email: `${name}@t.test`,
  name,
  role,
});
const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };

interface World {
  client: ApiClient;
  second: ApiClient;
  token: string;
  accountId: string;
  beneficiaryId: string;
  approvedInstructionId: string;
  pendingInstructionId: string;
}

async function world(balance = '100000.00'): Promise<World> {
  const creds = await helper<{ clientId: string; clientSecret: string }>('/_sandbox/customers', { name: 'Payout Co', auto: false });
  const make = () =>
    createApiClient({ baseUrl: BASE, credentials: creds, sleep: async () => {}, random: () => 0, logger: recordingLogger() });
  const client = make();
  const token = await client.tokens.getToken();
  const call = async (path: string, body: unknown) => {
    const res = await sandbox.handle(
      new Request(`${BASE}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Idempotency-Key': newIdempotencyKey() },
        body: JSON.stringify(body),
      }),
    );
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown> & { id: string };
  };
  const account = await call('/api/accounts', {
    assets: [{ code: 'USD', isVirtual: false }, { code: 'BRL', isVirtual: false }],
    owner: { type: 'COMPANY', legalName: 'Payout Co Ltda', taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', address },
  });
  await helper(`/_sandbox/accounts/${account.id}/activate`, {}, token);
  await helper(`/_sandbox/accounts/${account.id}/balances`, { asset: 'USD', value: balance }, token);
  const holder = { type: 'INDIVIDUAL', firstName: 'João', lastName: 'Pereira', taxId: { type: 'CPF', value: '52998224725' }, dateOfBirth: '1990-05-17', address };
  const b = await call('/api/beneficiaries', {
    holder,
    relationshipType: 'THIRD_PARTY',
    paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'joao@example.com' },
  });
  const approved = (b.paymentInstructions as Array<{ id: string }>)[0]!.id;
  await helper(`/_sandbox/payment-instructions/${approved}/approve`, {}, token);
  // The team's own review of the key (lib/beneficiaries/key-reviews.ts): a payout needs it on top of the service's.
  await decideKey(actor('reviewer', 'compliance'), { beneficiaryId: b.id, instructionId: approved, decision: 'APPROVED' }, { client });
  const b2 = await call(`/api/beneficiaries/${b.id}/payment-instructions`, { type: 'PIX', asset: 'BRL', dictKeyType: 'PHONE', dictKey: '+5511912345678' });
  const pending = (b2.paymentInstructions as Array<{ id: string }>).find((i) => i.id !== approved)!.id;
  return { client, second: make(), token, accountId: account.id, beneficiaryId: b.id, approvedInstructionId: approved, pendingInstructionId: pending };
}

async function withdrawals(w: World): Promise<number> {
  const page = await listOperations({ intentType: 'WITHDRAWAL', limit: 100 }, { client: w.client });
  return page.data.length;
}

function request(w: World, requester: PayoutActor, amount = '100.00', extra: Partial<Parameters<typeof requestPayout>[1]> = {}) {
  return requestPayout(
    requester,
    {
      requestId: newIdempotencyKey(),
      sourceAccountId: w.accountId,
      sourceAsset: 'USD',
      beneficiaryId: w.beneficiaryId,
      instructionId: w.approvedInstructionId,
      fixedSide: 'source',
      amount,
      memo: 'Invoice 42',
      ...extra,
    },
    { client: w.client },
  );
}

async function approveAs(w: World, approver: PayoutActor, requestId: string, client = w.client) {
  const preview = await previewQuote(approver, requestId, { client });
  return approvePayout(approver, { requestId, previewQuoteId: preview.quoteId, acknowledged: false }, { client });
}

describe('requesting', () => {
  it('stores the indicative quote and the approvals the policy requires; a double submit is one request', async () => {
    const w = await world();
    const felipe = actor('felipe');
    const p = await request(w, felipe, '250.00');
    expect(p).toMatchObject({ status: 'APPROVING', requiredApprovals: 1, sourceAsset: 'USD', targetAsset: 'BRL', amount: '250.00' });
    expect(p.indicativeQuote).toMatchObject({ sourceAmount: { value: '250.00', asset: 'USD' }, targetAmount: { asset: 'BRL' } });
    const again = await requestPayout(felipe, { ...p, memo: p.memo, requestId: p.id, fixedSide: 'source' }, { client: w.client });
    expect(again.id).toBe(p.id);
    expect((await listPayouts({ scope: 'mine', userId: felipe.id })).data.map((r) => r.id)).toEqual([p.id]);
  });

  it('refuses an instruction pending review, on its field, and a viewer altogether', async () => {
    const w = await world();
    await expect(request(w, actor('felipe'), '10.00', { instructionId: w.pendingInstructionId })).rejects.toMatchObject({
      code: 'INSTRUCTION_NOT_APPROVED',
      fields: { instructionId: { code: 'INSTRUCTION_NOT_APPROVED' } },
    });
    await expect(request(w, actor('vitor', 'viewer'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(request(w, actor('felipe'), '1.001')).rejects.toMatchObject({ fields: { amount: { code: 'AMOUNT_TOO_MANY_DECIMALS', values: { asset: 'USD' } } } });
  });
});

describe('approving: maker ≠ checker, exactly one withdrawal', () => {
  it('the requester cannot approve (nor reject); another finance user approves and the withdrawal completes', async () => {
    const w = await world();
    const felipe = actor('felipe');
    const fernanda = actor('fernanda');
    const p = await request(w, felipe);
    await expect(previewQuote(felipe, p.id, { client: w.client })).rejects.toMatchObject({ code: 'SELF_APPROVAL' });
    await expect(approvePayout(felipe, { requestId: p.id, previewQuoteId: crypto.randomUUID(), acknowledged: true }, { client: w.client })).rejects.toMatchObject({ code: 'SELF_APPROVAL' });
    await expect(rejectPayout(felipe, { requestId: p.id, reason: 'x' })).rejects.toMatchObject({ code: 'SELF_APPROVAL' });
    const inboxBefore = await countInbox(felipe.id);
    expect(await countInbox(fernanda.id)).toBe(inboxBefore + 1); // everyone else's open requests, plus this one
    await expect(approvePayout(fernanda, { requestId: p.id, previewQuoteId: crypto.randomUUID(), acknowledged: false }, { client: w.client })).rejects.toMatchObject({ code: 'PREVIEW_REQUIRED' });
    const result = await approveAs(w, fernanda, p.id);
    expect(result).toMatchObject({ status: 'PROCESSING', approvals: 1, required: 1, replayed: false });
    expect(await countInbox(fernanda.id)).toBe(inboxBefore);
    const processing = await getPayout(p.id);
    await helper(`/_sandbox/operations/${processing!.operationId}/complete`, {}, w.token);
    expect(await syncPayout(p.id, { client: w.client })).toBe('COMPLETED');
    expect(await withdrawals(w)).toBe(1);
    const trail = (await listAuditEvents({ limit: 200 })).data.filter((e) => e.target === p.id).map((e) => e.action);
    expect(trail).toEqual(expect.arrayContaining(['payouts.execute', 'payouts.withdrawal', 'payouts.complete']));
  });

  it('20 concurrent approvals (one person double-clicking, others racing, over two console instances) → one withdrawal', async () => {
    const w = await world();
    const p = await request(w, actor('felipe'));
    const approvers = Array.from({ length: 10 }, (_, i) => actor(`a${i}`));
    const previews = await Promise.all(approvers.map((a) => previewQuote(a, p.id, { client: w.client })));
    const calls = Array.from({ length: 20 }, (_, i) => {
      const a = approvers[i % 10]!;
      return approvePayout(a, { requestId: p.id, previewQuoteId: previews[i % 10]!.quoteId, acknowledged: false }, { client: i % 2 ? w.second : w.client }).then(
        (r) => r.status,
        (e: PayoutError) => e.code,
      );
    });
    const outcomes = await Promise.all(calls);
    // Everyone either saw the request progress or was told it is no longer waiting; nobody got an error.
    expect(outcomes.every((o) => ['PROCESSING', 'EXECUTING', 'INVALID_STATUS'].includes(o))).toBe(true);
    expect(await withdrawals(w)).toBe(1);
    const row = await getPayout(p.id);
    expect(row!.status).toBe('PROCESSING');
    // Re-running the execution (a retry, the sweep, another instance) changes nothing.
    await Promise.all([executePayout(p.id, { client: w.client }), executePayout(p.id, { client: w.second })]);
    expect(await withdrawals(w)).toBe(1);
  });

  it('a withdrawal response lost on every attempt leaves EXECUTING; the sweep resumes with the same key → still one', async () => {
    const w = await world();
    const p = await request(w, actor('felipe'));
    let lost = 0;
    fault = async (req) => {
      if (!req.url.endsWith('/api/operations/withdrawal')) return undefined;
      await sandbox.handle(req); // the service acts…
      lost++;
      return HttpResponse.error(); // …and the answer never arrives
    };
    const approver = actor('fernanda');
    const r = await approveAs(w, approver, p.id);
    expect(['EXECUTING', 'PROCESSING']).toContain(r.status);
    expect(lost).toBeGreaterThanOrEqual(2); // lib/api retried with the same key
    fault = null;
    expect(await runPayoutSweep({ client: w.client })).toMatchObject({ resumed: 0 }); // lease still held
    clock.advance(31_000);
    expect(await runPayoutSweep({ client: w.client })).toMatchObject({ resumed: 1 });
    expect((await getPayout(p.id))!.status).toBe('PROCESSING');
    expect(await withdrawals(w)).toBe(1);
    // The approver retries after the time-out: told where it stands, nothing new goes out.
    const preview = await previewQuote(actor('other'), p.id, { client: w.client }).catch((e: PayoutError) => e.code);
    expect(preview).toBe('INVALID_STATUS');
    expect(await approvePayout(approver, { requestId: p.id, previewQuoteId: crypto.randomUUID(), acknowledged: false }, { client: w.client })).toMatchObject({ replayed: true, status: 'PROCESSING' });
    expect(await withdrawals(w)).toBe(1);
  });

  it('a quote that expires before use is replaced within tolerance under the same withdrawal key', async () => {
    const w = await world();
    const p = await request(w, actor('felipe'));
    let expiredOnce = false;
    fault = async (req) => {
      if (!expiredOnce && req.url.endsWith('/api/operations/withdrawal')) {
        expiredOnce = true;
        await sandbox.services.clock.advance(31); // the quote dies between quote and withdrawal
      }
      return undefined;
    };
    const r = await approveAs(w, actor('fernanda'), p.id);
    expect(r.status).toBe('PROCESSING');
    const row = await getPayout(p.id);
    expect(row!.quoteAttempt).toBe(2);
    expect(await withdrawals(w)).toBe(1);
  });

  it('an above-threshold payout needs two approvers; a request over the balance is refused; funds spent meanwhile fail it', async () => {
    const w = await world('500.00');
    const admin = actor('ana', 'admin');
    // Up to R$ 4.000,00 one approval, above two: US$ 1.000,00 is worth about R$ 5.000 (the sandbox's BRL drifts a few
    // percent around 5 per USD with its clock, so the bound keeps clear of it).
    const tiers = (upTo: string) => ({
      tiers: [
        { upTo, steps: [{ approvals: 1, roles: ['finance', 'admin'] }] },
        { upTo: null, steps: [{ approvals: 2, roles: ['finance', 'admin'] }] },
      ],
      dailyCap: null,
    });
    await setApprovalPolicy(admin, tiers('4000.00'));
    await expect(setApprovalPolicy(actor('felipe'), tiers('4000.00'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(setApprovalPolicy(admin, tiers('1.001'))).rejects.toMatchObject({
      fields: { 'tiers.0.upTo': { code: 'POLICY_BOUND_PRECISION' } },
    });
    // Over the available balance: refused at request time, on the amount, saying what is available.
    const over = await request(w, actor('felipe'), '1000.00').catch((e: unknown) => e);
    expect(over).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      httpStatus: 422,
      fields: { amount: { code: 'OVER_AVAILABLE', values: { available: expect.stringContaining('$500.00') } } },
    });
    expect(toFailure(over, { t: await errorsTranslator() }).fieldErrors.amount).toBe('More than the balance: only $500.00 is available in this account.');
    await expect(request(w, actor('felipe'), '100.00', { fixedSide: 'target', amount: '99999.00' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    await helper(`/_sandbox/accounts/${w.accountId}/balances`, { asset: 'USD', value: '600.00' }, w.token);
    // Each of two requests fits the 1,100.00 available; both together do not, so the second one fails when it settles.
    const p = await request(w, actor('felipe'), '1000.00');
    const q = await request(w, actor('felipe'), '1000.00');
    expect(p.requiredApprovals, JSON.stringify((p as unknown as { approvalPlan: unknown }).approvalPlan)).toBe(2);
    const first = await approveAs(w, actor('fernanda'), p.id);
    expect(first).toMatchObject({ status: 'APPROVING', approvals: 1, required: 2 });
    expect(await withdrawals(w)).toBe(0);
    expect((await approveAs(w, admin, p.id)).status).toBe('PROCESSING');
    await approveAs(w, actor('fernanda'), q.id);
    expect((await approveAs(w, admin, q.id)).status).toBe('PROCESSING');
    const paid = await getPayout(p.id);
    await helper(`/_sandbox/operations/${paid!.operationId}/complete`, {}, w.token);
    expect(await syncPayout(p.id, { client: w.client })).toBe('COMPLETED');
    const row = await getPayout(q.id);
    await helper(`/_sandbox/operations/${row!.operationId}/complete`, {}, w.token);
    expect(await syncPayout(q.id, { client: w.client })).toBe('FAILED');
    const failed = await getPayout(q.id);
    expect(failed!.failure).toMatchObject({ code: expect.stringMatching(/INSUFFICIENT/) });
    await setApprovalPolicy(admin, defaultPolicy('BRL'));
  });
});

describe('reject, cancel, expire', () => {
  it('a rejection needs a reason that the requester then sees; only the requester cancels', async () => {
    const w = await world();
    const felipe = actor('felipe');
    const p = await request(w, felipe);
    await expect(rejectPayout(actor('fernanda'), { requestId: p.id, reason: '  ' })).rejects.toMatchObject({ code: 'REASON_REQUIRED' });
    await expect(cancelPayout(actor('fernanda'), { requestId: p.id })).rejects.toMatchObject({ code: 'NOT_REQUESTER' });
    expect(await rejectPayout(actor('fernanda'), { requestId: p.id, reason: 'Wrong invoice' })).toBe('REJECTED');
    expect((await getPayout(p.id))!.rejectionReason).toBe('Wrong invoice');
    await expect(cancelPayout(felipe, { requestId: p.id })).rejects.toMatchObject({ code: 'INVALID_STATUS' });
    const q = await request(w, felipe);
    expect(await cancelPayout(felipe, { requestId: q.id })).toBe('CANCELLED');
    expect(await withdrawals(w)).toBe(0);
  });

  it('expires after 7 days of waiting', async () => {
    const w = await world();
    const p = await request(w, actor('felipe'));
    clock.advance(7 * 24 * 3600_000 - 1000);
    await runPayoutSweep({ client: w.client });
    expect((await getPayout(p.id))!.status).toBe('APPROVING');
    clock.advance(1000);
    await runPayoutSweep({ client: w.client });
    expect((await getPayout(p.id))!.status).toBe('EXPIRED');
  });
});

describe('approvers cool off', () => {
  beforeAll(() => {
    process.env.APPROVER_COOL_OFF_HOURS = '24';
  });
  afterAll(() => {
    process.env.APPROVER_COOL_OFF_HOURS = '0';
  });

  const asActor = (u: { id: string; email: string; name: string; role: PayoutActor['role'] }): PayoutActor => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
  });

  it('refuses the single-admin route: request, add a finance user, sign in as it, change its password, approve', async () => {
    const w = await world();
    const db = await getDb();
    const tag = Math.random().toString(36).slice(2, 8);
    // The only admin, an approver for ages.
    const admin = await createUser({ name: 'Solo Admin', email: `solo-${tag}@t.test`, role: 'admin', password: 'amber-canyon-74' });
    await db.update(users).set({ approverSince: new Date('2025-01-01T00:00:00Z') }).where(eq(users.id, admin.id));
    const p = await request(w, asActor(admin), '500.00');

    // Team → Add user: a finance user with a one-time password the admin sees.
    const oneTime = 'silent-orbit-63';
    const finance = await createUser({ name: 'Sock Puppet', email: `puppet-${tag}@t.test`, role: 'finance', password: oneTime, mustChangePassword: true });
    const session = await authenticate(db, { email: finance.email, password: oneTime, clientAddress: '192.0.2.80' }, clock.now());
    expect(session.id).toBe(finance.id);
    await changePassword(finance.id, oneTime, 'frozen-tulip-85', { keepSessionId: session.sid });

    const puppet = asActor(finance);
    const preview = await previewQuote(puppet, p.id, { client: w.client }).catch((e: PayoutError) => e);
    expect(preview).toMatchObject({ code: 'APPROVER_COOLING_OFF', httpStatus: 403 });
    expect(toFailure(preview, { t: await errorsTranslator() }).sentence).toMatch(/less than 24 hours ago.*no one can add an approver and approve their own payout/);
    // The server action replayed without a preview is refused for the same reason, before anything else.
    const approval = await approvePayout(puppet, { requestId: p.id, previewQuoteId: crypto.randomUUID(), acknowledged: false }, { client: w.client }).catch(
      (e: PayoutError) => e,
    );
    expect(approval).toMatchObject({ code: 'APPROVER_COOLING_OFF', details: { hours: 24 } });
    expect((await getPayout(p.id))!.status).toBe('APPROVING');
    expect(await withdrawals(w)).toBe(0);

    // A day later the approver is no longer new: the same person may approve (the audit log has shown them since).
    clock.advance(24 * 3600_000);
    const r = await approveAs(w, puppet, p.id);
    expect(['EXECUTING', 'PROCESSING']).toContain(r.status);
  });

  it('starts when a role that can approve is given, not when the user was created; finance → admin keeps it', async () => {
    const w = await world();
    const db = await getDb();
    const tag = Math.random().toString(36).slice(2, 8);
    const requester = await createUser({ name: 'Req', email: `req-${tag}@t.test`, role: 'finance', password: 'narrow-comet-96' });
    const viewer = await createUser({ name: 'Old Viewer', email: `old-${tag}@t.test`, role: 'viewer', password: 'violet-harbor-41' });
    expect((await db.select().from(users).where(eq(users.id, viewer.id)))[0]!.approverSince).toBeNull();
    clock.advance(30 * 24 * 3600_000);
    const p = await request(w, asActor(requester));
    const promoted = await changeRole({ id: requester.id }, viewer.id, 'finance');
    await expect(previewQuote(asActor(promoted), p.id, { client: w.client })).rejects.toMatchObject({ code: 'APPROVER_COOLING_OFF' });
    // A long-standing finance user made admin has had the right all along.
    const veteran = await createUser({ name: 'Veteran', email: `vet-${tag}@t.test`, role: 'finance', password: 'copper-meadow-52' });
    clock.advance(25 * 3600_000);
    const admin = await changeRole({ id: requester.id }, veteran.id, 'admin');
    const r = await approveAs(w, asActor(admin), p.id);
    expect(['EXECUTING', 'PROCESSING']).toContain(r.status);
    // Losing the right clears it; gaining it again starts over.
    await changeRole({ id: admin.id }, promoted.id, 'viewer');
    expect((await db.select().from(users).where(eq(users.id, promoted.id)))[0]!.approverSince).toBeNull();
  });
});

describe('inbox items from payout transitions', () => {
  it('tells the approvers of a request and the requester of each outcome, once per transition', async () => {
    const { notifications } = await import('@/lib/db/schema');
    const w = await world();
    const db = await getDb();
    const tag = Math.random().toString(36).slice(2, 8);
    const mk = (name: string, role: PayoutActor['role']) =>
      createUser({ name, email: `${name.toLowerCase()}-${tag}@t.test`, role, password: 'amber-canyon-74' });
    const [req, checker, boss, watcher] = [await mk('Req', 'finance'), await mk('Checker', 'finance'), await mk('Boss', 'admin'), await mk('Watcher', 'viewer')];
    const as = (u: typeof req): PayoutActor => ({ id: u.id, email: u.email, name: u.name, role: u.role });
    const inbox = async (u: typeof req) =>
      (await db.select().from(notifications).where(eq(notifications.userId, u.id))).map((n) => `${n.kind} ${n.link}`).sort();

    const p = await request(w, as(req), '120.00');
    expect(await inbox(checker)).toEqual([`payout.awaiting-approval /payouts/${p.id}`]);
    expect(await inbox(boss)).toEqual([`payout.awaiting-approval /payouts/${p.id}`]);
    expect(await inbox(req)).toEqual([]);
    expect(await inbox(watcher)).toEqual([]);
    // The same form submitted again stores nothing new and tells nobody again.
    await requestPayout(as(req), { ...p, memo: p.memo, requestId: p.id, fixedSide: 'source' }, { client: w.client });
    expect(await inbox(checker)).toHaveLength(1);

    await approveAs(w, as(checker), p.id);
    const processing = await getPayout(p.id);
    await helper(`/_sandbox/operations/${processing!.operationId}/complete`, {}, w.token);
    expect(await syncPayout(p.id, { client: w.client })).toBe('COMPLETED');
    expect(await syncPayout(p.id, { client: w.client })).toBe('COMPLETED');
    expect(await inbox(req)).toEqual([`payout.approved /payouts/${p.id}`, `payout.executed /payouts/${p.id}`]);
    expect(await inbox(checker)).toHaveLength(1); // the approver is not told of their own approval

    const q = await request(w, as(req), '5.00');
    await rejectPayout(as(boss), { requestId: q.id, reason: 'Wrong invoice' });
    const [rejected] = await db.select().from(notifications).where(and(eq(notifications.userId, req.id), eq(notifications.kind, 'payout.rejected')));
    expect(rejected).toMatchObject({ link: `/payouts/${q.id}`, params: { reason: 'Wrong invoice', amount: '5.00', asset: 'USD', requester: 'Req' } });
  });
});
