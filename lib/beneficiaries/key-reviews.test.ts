/**
 * The team's review of beneficiary keys against the REAL sandbox handler (in-process through MSW) and a real
 * in-memory PGlite shared by console and sandbox, as in the app: the creator never approves their own key, a
 * decision is taken once, and the payout service refuses a key the team has not approved — at request and again
 * at approval.
 */
import { PGlite } from '@electric-sql/pglite';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { newIdempotencyKey } from '@/lib/api/request';
import { recordingLogger } from '@/lib/api/testing/fakes';
import { fakeClock, setClockForTests } from '@/lib/clock';
import { resetDatabaseForTests, useTestDatabase } from '@/lib/db/client';
import type { PayoutActor } from '@/lib/payouts/actor';
import { approvePayout, previewQuote } from '@/lib/payouts/approval';
import { requestPayout } from '@/lib/payouts/request';
import { createSandbox, type Sandbox } from '@/lib/sandbox';
import { fromPglite } from '@/lib/sandbox/core/sql';
import { decideKey, keyReviewOf, recordKeyCreated, recordSystemApprovals } from './key-reviews';

const BASE = 'https://fx.test';
let pg: PGlite;
let sandbox: Sandbox;
const server = setupServer(http.all(`${BASE}/*`, ({ request }) => sandbox.handle(request)));
const clock = fakeClock(new Date('2026-11-23T09:00:00.000Z'));

beforeAll(async () => {
  // Made-up actors (no console user rows): the approver cool-off is not what these tests are about.
  process.env.APPROVER_COOL_OFF_HOURS = '0';
  pg = new PGlite();
  await useTestDatabase(pg);
  sandbox = createSandbox({ sql: fromPglite(pg), basePath: '' });
  await sandbox.ready;
  server.listen({ onUnhandledRequest: 'error' });
  clock.install();
});
afterAll(async () => {
  delete process.env.APPROVER_COOL_OFF_HOURS;
  server.close();
  setClockForTests(undefined);
  resetDatabaseForTests();
  await sandbox.stop();
  await pg.close();
});

const person = (name: string, role: PayoutActor['role']): PayoutActor => ({ id: crypto.randomUUID(), email: `${name}@t.test`, name, role });
const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };

async function post<T = Record<string, unknown>>(path: string, body: unknown, token?: string): Promise<T> {
  const headers = new Headers({ 'Content-Type': 'application/json', 'X-Idempotency-Key': newIdempotencyKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await sandbox.handle(new Request(`${BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

interface World {
  client: ApiClient;
  token: string;
  accountId: string;
  beneficiaryId: string;
  /** APPROVED by the service; the team has not reviewed it. */
  instructionId: string;
}

/** A funded, active account and a beneficiary whose key the service approved, "added" by `creator` in the console. */
async function world(creator: PayoutActor | null): Promise<World> {
  const creds = await post<{ clientId: string; clientSecret: string }>('/_sandbox/customers', { name: 'Keys Co', auto: false });
  const client = createApiClient({ baseUrl: BASE, credentials: creds, sleep: async () => {}, random: () => 0, logger: recordingLogger() });
  const token = await client.tokens.getToken();
  const account = await post<{ id: string }>(
    '/api/accounts',
    {
      assets: [{ code: 'BRL', isVirtual: false }],
      owner: { type: 'COMPANY', legalName: 'Keys Co Ltda', taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', address },
    },
    token,
  );
  await post(`/_sandbox/accounts/${account.id}/activate`, {}, token);
  await post(`/_sandbox/accounts/${account.id}/balances`, { asset: 'BRL', value: '10000.00' }, token);
  const b = await post<{ id: string; paymentInstructions: Array<{ id: string }> }>(
    '/api/beneficiaries',
    {
      holder: { type: 'INDIVIDUAL', firstName: 'Carla', lastName: 'Dias', taxId: { type: 'CPF', value: '52998224725' }, dateOfBirth: '1990-05-17', address },
      relationshipType: 'THIRD_PARTY',
      paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: `carla.${crypto.randomUUID().slice(0, 8)}@example.com` },
    },
    token,
  );
  const instructionId = b.paymentInstructions[0]!.id;
  await post(`/_sandbox/payment-instructions/${instructionId}/approve`, {}, token);
  if (creator) await recordKeyCreated({ instructionId, beneficiaryId: b.id, creator });
  return { client, token, accountId: account.id, beneficiaryId: b.id, instructionId };
}

function payoutInput(w: World, amount = '100.00') {
  return {
    requestId: crypto.randomUUID(),
    sourceAccountId: w.accountId,
    sourceAsset: 'BRL',
    beneficiaryId: w.beneficiaryId,
    instructionId: w.instructionId,
    fixedSide: 'source' as const,
    amount,
    memo: '',
  };
}

describe('reviewing a beneficiary key', () => {
  it('the creator cannot approve their own key (server-enforced); finance may not review; another person approves once', async () => {
    const creator = person('compliance', 'compliance');
    const w = await world(creator);
    const key = { beneficiaryId: w.beneficiaryId, instructionId: w.instructionId };

    await expect(decideKey(creator, { ...key, decision: 'APPROVED' }, { client: w.client })).rejects.toMatchObject({
      code: 'KEY_REVIEW_OWN_KEY',
      httpStatus: 403,
    });
    // Not even by rejecting it (a decision is a decision).
    await expect(decideKey(creator, { ...key, decision: 'REJECTED', reason: 'x' }, { client: w.client })).rejects.toMatchObject({
      code: 'KEY_REVIEW_OWN_KEY',
    });
    await expect(decideKey(person('fin', 'finance'), { ...key, decision: 'APPROVED' }, { client: w.client })).rejects.toMatchObject({
      code: 'KEY_REVIEW_FORBIDDEN',
      httpStatus: 403,
    });
    expect((await keyReviewOf(w.instructionId))?.decision).toBeNull();

    const admin = person('admin', 'admin');
    const { record } = await decideKey(admin, { ...key, decision: 'APPROVED' }, { client: w.client });
    expect(record).toMatchObject({ decision: 'APPROVED', reviewerName: 'admin', creatorName: 'compliance', decidedBySystem: false });
    await expect(decideKey(person('other', 'compliance'), { ...key, decision: 'REJECTED', reason: 'late' }, { client: w.client })).rejects.toMatchObject({
      code: 'KEY_REVIEW_ALREADY_DECIDED',
      httpStatus: 409,
    });
  });

  it('the step-up hook runs after every check and before the decision, with the facts recomputed from the service', async () => {
    const creator = person('compliance', 'compliance');
    const w = await world(creator);
    const key = { beneficiaryId: w.beneficiaryId, instructionId: w.instructionId };
    const seen: unknown[] = [];
    const verify = async (k: { statement: { purpose: string; subject: string; facts: ReadonlyArray<readonly [string, string]> } }) => {
      seen.push({ purpose: k.statement.purpose, subject: k.statement.subject, ...Object.fromEntries(k.statement.facts) });
      return { method: 'totp', digest: 'd' };
    };
    // Refused before the hook: nothing to sign for a key one may not decide.
    await expect(decideKey(creator, { ...key, decision: 'APPROVED' }, { client: w.client, verify })).rejects.toMatchObject({ code: 'KEY_REVIEW_OWN_KEY' });
    expect(seen).toHaveLength(0);
    // A failed step-up changes nothing.
    const failing = async () => {
      throw new Error('STEP_UP_INVALID');
    };
    await expect(decideKey(person('admin', 'admin'), { ...key, decision: 'APPROVED' }, { client: w.client, verify: failing })).rejects.toThrow('STEP_UP_INVALID');
    expect((await keyReviewOf(w.instructionId))?.decision).toBeNull();

    await decideKey(person('admin', 'admin'), { ...key, decision: 'APPROVED' }, { client: w.client, verify });
    expect(seen).toEqual([
      {
        purpose: 'beneficiary-key.approve',
        subject: w.instructionId,
        beneficiary: w.beneficiaryId,
        holder: 'Carla Dias',
        keyType: 'EMAIL',
        key: expect.stringMatching(/^•+\.com$/),
        keyFingerprint: expect.stringMatching(/^[0-9a-f]{12}$/),
        asset: 'BRL',
      },
    ]);
    expect((await keyReviewOf(w.instructionId))?.decision).toBe('APPROVED');
  });

  it('a key with no review row (added outside the console) may be reviewed by anyone eligible; a rejection needs a reason', async () => {
    const w = await world(null);
    const key = { beneficiaryId: w.beneficiaryId, instructionId: w.instructionId };
    expect(await keyReviewOf(w.instructionId)).toBeNull();
    await expect(decideKey(person('c', 'compliance'), { ...key, decision: 'REJECTED', reason: '   ' }, { client: w.client })).rejects.toMatchObject({
      code: 'KEY_REVIEW_REASON_REQUIRED',
      fields: { reason: { code: 'KEY_REVIEW_REASON_REQUIRED' } },
    });
    const { record } = await decideKey(person('c', 'compliance'), { ...key, decision: 'REJECTED', reason: ' wrong holder ' }, { client: w.client });
    expect(record).toMatchObject({ decision: 'REJECTED', reason: 'wrong holder', creatorId: null });
  });

  it('reviewers racing: exactly one decision is recorded', async () => {
    const w = await world(person('compliance', 'compliance'));
    const key = { beneficiaryId: w.beneficiaryId, instructionId: w.instructionId };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, n) =>
        decideKey(person(`r${n}`, n % 2 ? 'admin' : 'compliance'), { ...key, decision: n % 3 ? 'APPROVED' : 'REJECTED', reason: 'race' }, { client: w.client }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'KEY_REVIEW_ALREADY_DECIDED' });
  });

  it('system approvals (the demo seed) never overwrite a person’s row', async () => {
    const creator = person('compliance', 'compliance');
    const w = await world(creator);
    await recordSystemApprovals([{ instructionId: w.instructionId, beneficiaryId: w.beneficiaryId }], 'test');
    expect(await keyReviewOf(w.instructionId)).toMatchObject({ decision: null, creatorId: creator.id, decidedBySystem: false });
    const seeded = await world(null);
    await recordSystemApprovals([{ instructionId: seeded.instructionId, beneficiaryId: seeded.beneficiaryId }], 'test');
    expect(await keyReviewOf(seeded.instructionId)).toMatchObject({ decision: 'APPROVED', decidedBySystem: true });
  });
});

describe('payouts and the team’s review', () => {
  it('a payout to a key the service approved but the team did not is refused on its field; after review it is allowed', async () => {
    const w = await world(person('compliance', 'compliance'));
    const finance = person('finance', 'finance');
    await expect(requestPayout(finance, payoutInput(w), { client: w.client })).rejects.toMatchObject({
      code: 'KEY_NOT_REVIEWED',
      fields: { instructionId: { code: 'KEY_NOT_REVIEWED' } },
      details: { creatorName: 'compliance' },
    });
    await decideKey(person('admin', 'admin'), { beneficiaryId: w.beneficiaryId, instructionId: w.instructionId, decision: 'APPROVED' }, { client: w.client });
    const p = await requestPayout(finance, payoutInput(w), { client: w.client });
    expect(p.status).toBe('APPROVING');
  });

  it('a key the team rejected is refused at request; a request made before the rejection is refused at approval', async () => {
    const w = await world(person('compliance', 'compliance'));
    const key = { beneficiaryId: w.beneficiaryId, instructionId: w.instructionId };
    // A payout requested while the key was approved…
    await decideKey(person('admin', 'admin'), { ...key, decision: 'APPROVED' }, { client: w.client });
    const p = await requestPayout(person('finance', 'finance'), payoutInput(w), { client: w.client });
    // …then the decision is undone in the database (as if rejected meanwhile): approval refuses it, no withdrawal.
    await pg.query(`UPDATE console.beneficiary_key_reviews SET decision = 'REJECTED', reason = 'fraud' WHERE instruction_id = $1`, [w.instructionId]);
    const approver = person('finance2', 'finance');
    const preview = await previewQuote(approver, p.id, { client: w.client });
    await expect(approvePayout(approver, { requestId: p.id, previewQuoteId: preview.quoteId, acknowledged: true }, { client: w.client })).rejects.toMatchObject({
      code: 'KEY_REJECTED',
    });
    await expect(requestPayout(person('finance', 'finance'), payoutInput(w), { client: w.client })).rejects.toMatchObject({
      code: 'KEY_REJECTED',
      fields: { instructionId: { code: 'KEY_REJECTED' } },
    });
  });
});
