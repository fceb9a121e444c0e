/**
 * Batches against the REAL sandbox handler (in-process through MSW) and a real in-memory PGlite shared by console
 * and sandbox, as in the app: preview and submit read the file the same way, one approval, and execution makes
 * exactly one withdrawal per row through a restart, an unknown outcome and two executors racing.
 */
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { listOperations } from '@/lib/api/operations';
import { createQuote } from '@/lib/api/quotes';
import { createWithdrawal } from '@/lib/api/operations';
import { newIdempotencyKey } from '@/lib/api/request';
import { recordingLogger } from '@/lib/api/testing/fakes';
import { decideKey } from '@/lib/beneficiaries/key-reviews';
import { resetDatabaseForTests, useTestDatabase, type ConsoleDb } from '@/lib/db/client';
import { payoutBatchRows, payoutBatches } from '@/lib/db/schema';
import { createMetrics, setMetrics } from '@/lib/observability/metrics';
import { createSandbox, type Sandbox } from '@/lib/sandbox';
import { fromPglite } from '@/lib/sandbox/core/sql';
import { batchRowKey } from '@/lib/domain/payout-batches/keys';
import { claimBatch, workBatch, type ExecutorDeps, type RowSender } from './executor';
import { approveBatch, cancelBatch, previewBatch, rejectBatch, submitBatch, type BatchActor } from './service';
import { batchStepUpStatement } from './step-up';
import { batchRows, getBatch, rowCounts } from './store';
import { getTieredPolicy, saveTieredPolicy } from '@/lib/payouts/approval-policy';
import { notifications } from '@/lib/db/schema';
import { createMemoryBus, setLiveBusForTests } from '@/lib/live/bus';
import { createUser } from '@/lib/team/users';
import { followBatchRows } from './follow';
import { requestPayout } from '@/lib/payouts/request';

const BASE = 'https://fx.test';
let pg: PGlite;
let db: ConsoleDb;
let sandbox: Sandbox;
const server = setupServer(http.all(`${BASE}/*`, async ({ request }) => sandbox.handle(request)));

beforeAll(async () => {
  process.env.APPROVER_COOL_OFF_HOURS = '0';
  pg = new PGlite();
  db = await useTestDatabase(pg);
  setLiveBusForTests(createMemoryBus());
  sandbox = createSandbox({ sql: fromPglite(pg), basePath: '' });
  await sandbox.ready;
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(async () => {
  delete process.env.APPROVER_COOL_OFF_HOURS;
  server.close();
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

const actor = (name: string, role: BatchActor['role'] = 'finance'): BatchActor => ({ id: crypto.randomUUID(), email: `${name}@t.test`, name, role });
const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };

/** A valid CPF from nine digits (check digits computed), so the sandbox accepts each beneficiary. */
function cpf(n: number): string {
  const base = String(100000000 + n * 7919).slice(0, 9).split('').map(Number);
  const digit = (ds: number[]) => {
    const sum = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}

interface World {
  client: ApiClient;
  accountId: string;
  people: Array<{ taxId: string; key: string; beneficiaryId: string; instructionId: string }>;
  pendingKey: { taxId: string; key: string };
}

async function world(count = 4): Promise<World> {
  const creds = await helper<{ clientId: string; clientSecret: string }>('/_sandbox/customers', { name: 'Batch Co', auto: false });
  const client = createApiClient({ baseUrl: BASE, credentials: creds, sleep: async () => {}, random: () => 0, logger: recordingLogger() });
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
    assets: [{ code: 'BRL', isVirtual: false }],
    owner: { type: 'COMPANY', legalName: 'Batch Co Ltda', taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', address },
  });
  await helper(`/_sandbox/accounts/${account.id}/activate`, {}, token);
  await helper(`/_sandbox/accounts/${account.id}/balances`, { asset: 'BRL', value: '1000000.00' }, token);
  const people: World['people'] = [];
  let pendingKey: World['pendingKey'] | null = null;
  for (let i = 0; i <= count; i++) {
    const taxId = cpf(i + 1 + Math.floor(Math.random() * 1000) * 10);
    const key = `p${i}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const b = await call('/api/beneficiaries', {
      holder: { type: 'INDIVIDUAL', firstName: `Person${i}`, lastName: 'Silva', taxId: { type: 'CPF', value: taxId }, dateOfBirth: '1990-05-17', address },
      relationshipType: 'THIRD_PARTY',
      paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: key },
    });
    const instructionId = (b.paymentInstructions as Array<{ id: string }>)[0]!.id;
    if (i === count) {
      pendingKey = { taxId, key }; // approved by the service, never by the team
      await helper(`/_sandbox/payment-instructions/${instructionId}/approve`, {}, token);
      continue;
    }
    await helper(`/_sandbox/payment-instructions/${instructionId}/approve`, {}, token);
    await decideKey(actor('reviewer', 'compliance'), { beneficiaryId: b.id, instructionId, decision: 'APPROVED' }, { client });
    people.push({ taxId, key, beneficiaryId: b.id, instructionId });
  }
  return { client, accountId: account.id, people, pendingKey: pendingKey! };
}

const bytes = (s: string) => new TextEncoder().encode(s);
async function withdrawals(w: World): Promise<Array<{ id: string }>> {
  const out: Array<{ id: string }> = [];
  let cursor: string | undefined;
  do {
    const page = await listOperations({ intentType: 'WITHDRAWAL', limit: 100, cursor }, { client: w.client });
    out.push(...page.data);
    cursor = page.meta.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

function sender(w: World, faults: { afterWithdraw?: (line: string) => void } = {}): RowSender & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async quote(input, idempotencyKey) {
      const { data } = await createQuote({ accountId: input.accountId, sourceAsset: input.asset, targetAsset: input.asset, sourceAmount: input.amount }, { client: w.client, idempotencyKey });
      return { id: data.id };
    },
    async withdraw(input, idempotencyKey) {
      calls.push(idempotencyKey);
      const { data } = await createWithdrawal(
        { accountId: input.accountId, quoteId: input.quoteId, beneficiary: { type: 'REFERENCE', id: input.beneficiaryId, paymentInstruction: { type: 'REFERENCE', id: input.instructionId } } },
        { client: w.client, idempotencyKey },
      );
      faults.afterWithdraw?.(idempotencyKey);
      return { id: data.id, status: data.currentState.status };
    },
  };
}

function deps(owner: string, send: RowSender, extra: Partial<ExecutorDeps> = {}): ExecutorDeps {
  let t = 1_000_000;
  return { db, send, owner, leaseMs: 30_000, rowsPerSecond: 100, now: () => t, sleep: async (ms) => void (t += ms), ...extra };
}

/** The en file: rows 2..n+1 pay each person 1.00 + i; then the invalid rows. */
function file(w: World, opts: { extraInvalid?: boolean; sep?: ',' | ';' } = {}): string {
  const rows = w.people.map((p, i) => `${p.taxId},${p.key},"1,00${i}.50",BRL,Invoice ${i}`);
  if (opts.extraInvalid) {
    rows.push(`99999999999,${w.people[0]!.key},10.00,BRL,unknown person`);
    rows.push(`${w.pendingKey.taxId},${w.pendingKey.key},10.00,BRL,key not reviewed`);
    rows.push(`${w.people[0]!.taxId},${w.people[0]!.key},"1,000.50",BRL,duplicate of line 2`);
    rows.push(`${w.people[1]!.taxId},${w.people[1]!.key},12.345,BRL,three decimals`);
  }
  return `tax_id,pix_key,amount,asset,memo\n${rows.join('\n')}\n`;
}

async function submitted(w: World, requester: BatchActor, text: string) {
  const preview = await previewBatch(requester, { bytes: bytes(text), sourceAccountId: w.accountId }, { client: w.client });
  const { batch } = await submitBatch(
    requester,
    {
      batchId: crypto.randomUUID(),
      bytes: bytes(text),
      sourceAccountId: w.accountId,
      rowCount: preview.fileRowCount,
      rowsDigest: preview.fileDigest,
      excludedLines: preview.invalidLines,
      proceedWithoutInvalid: true,
    },
    { client: w.client },
  );
  return { preview, batch };
}

describe('preview and submit', () => {
  it('checks every row, refuses a changed file and a changed validation, and creates one batch per intent', async () => {
    const w = await world(4);
    const felipe = actor('felipe');
    const text = file(w, { extraInvalid: true });
    const preview = await previewBatch(felipe, { bytes: bytes(text), sourceAccountId: w.accountId }, { client: w.client });
    expect(preview.rows.map((r) => r.code ?? 'OK')).toEqual(['OK', 'OK', 'OK', 'OK', 'UNKNOWN_BENEFICIARY', 'KEY_NOT_REVIEWED', 'DUPLICATE_ROW', 'AMOUNT_SCALE']);
    expect(preview.invalidLines).toEqual([6, 7, 8, 9]);
    expect(preview.totals).toEqual({ BRL: '4008.00' });
    expect(preview).toMatchObject({ fileRowCount: 8, payableCount: 4, referenceCurrency: 'BRL', referenceTotal: '4008.00' });

    const base = { batchId: crypto.randomUUID(), bytes: bytes(text), sourceAccountId: w.accountId, rowCount: 8, rowsDigest: preview.fileDigest, excludedLines: preview.invalidLines, proceedWithoutInvalid: true };
    const changed = text.replace('Invoice 0', 'Invoice zero');
    await expect(submitBatch(felipe, { ...base, bytes: bytes(changed) }, { client: w.client })).rejects.toMatchObject({ code: 'FILE_CHANGED', httpStatus: 409 });
    await expect(submitBatch(felipe, { ...base, bytes: bytes(text + `${w.people[2]!.taxId},${w.people[2]!.key},5.00,BRL,x\n`) }, { client: w.client })).rejects.toMatchObject({ code: 'FILE_CHANGED' });
    await expect(submitBatch(felipe, { ...base, excludedLines: [6, 7] }, { client: w.client })).rejects.toMatchObject({ code: 'VALIDATION_CHANGED' });
    await expect(submitBatch(felipe, { ...base, proceedWithoutInvalid: false }, { client: w.client })).rejects.toMatchObject({ code: 'INVALID_ROWS' });
    await expect(submitBatch(actor('vitor', 'viewer'), base, { client: w.client })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const first = await submitBatch(felipe, base, { client: w.client });
    const again = await submitBatch(felipe, base, { client: w.client });
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, batch: { id: base.batchId } });
    expect(first.batch).toMatchObject({ status: 'PENDING_APPROVAL', rowCount: 4, fileRowCount: 8, totals: { BRL: '4008.00' }, referenceTotal: '4008.00' });
    expect(first.batch.approvalPlan.steps).toEqual([{ approvals: 1, roles: ['finance', 'admin'], reason: 'TIER' }]);
    expect((await batchRows(base.batchId)).map((r) => [r.line, r.amount])).toEqual([
      [2, '1000.50'],
      [3, '1001.50'],
      [4, '1002.50'],
      [5, '1003.50'],
    ]);
  });
});

describe('approval', () => {
  it('maker ≠ checker, a viewer never; the statement signs id, count, totals and the rows’ digest', async () => {
    const w = await world(2);
    const felipe = actor('felipe');
    const { batch } = await submitted(w, felipe, file(w));
    await expect(approveBatch(felipe, batch.id)).rejects.toMatchObject({ code: 'BATCH_SELF_APPROVAL', httpStatus: 403 });
    await expect(approveBatch(actor('vitor', 'viewer'), batch.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rejectBatch(felipe, { batchId: batch.id, reason: 'no' })).rejects.toMatchObject({ code: 'BATCH_SELF_APPROVAL' });
    const fernanda = actor('fernanda');
    const statement = await batchStepUpStatement(fernanda, batch.id);
    expect(statement.purpose).toBe('payout-batch.approve');
    expect(statement.facts.slice(0, 5)).toEqual([
      ['batch', batch.id],
      ['sourceAccount', w.accountId],
      ['rowCount', '2'],
      ['total.BRL', '2002.00'],
      ['referenceTotal.BRL', '2002.00'],
    ]);
    expect(statement.facts[5]).toEqual(['rowsDigest', batch.payableDigest]);
    // A row changed in the database after the request changes what would be signed.
    await db.update(payoutBatchRows).set({ amount: '1.00' }).where(and(eq(payoutBatchRows.batchId, batch.id), eq(payoutBatchRows.line, 2)));
    expect((await batchStepUpStatement(fernanda, batch.id)).facts).not.toEqual(statement.facts);
    await db.update(payoutBatchRows).set({ amount: '1000.50' }).where(and(eq(payoutBatchRows.batchId, batch.id), eq(payoutBatchRows.line, 2)));
    expect(await approveBatch(fernanda, batch.id)).toMatchObject({ status: 'APPROVED', replayed: false });
    expect(await approveBatch(fernanda, batch.id)).toMatchObject({ status: 'APPROVED', replayed: true });
    await expect(rejectBatch(actor('other'), { batchId: batch.id, reason: 'late' })).rejects.toMatchObject({ code: 'BATCH_INVALID_STATUS' });
    // Approved, not executed here: cancelled whole, so the executor tests below find only their own batch.
    expect(await cancelBatch(fernanda, batch.id)).toEqual({ cancelledRows: 2 });
  });
});

describe('execution: exactly one withdrawal per row', () => {
  it('an approval leased to its process is executed there, not by another instance polling meanwhile', async () => {
    const w = await world(2);
    const { batch } = await submitted(w, actor('felipe'), file(w));
    await approveBatch(actor('fernanda'), batch.id, { owner: 'P', ms: 30_000 });
    const s = sender(w);
    // Another executor's idle poll lands between the approval and the approving process's wake-up.
    expect((await claimBatch(deps('Q', s)))?.id).not.toBe(batch.id);
    const claimed = (await claimBatch(deps('P', s)))!;
    expect(claimed).toMatchObject({ id: batch.id, status: 'EXECUTING', leaseOwner: 'P' });
    expect(['sent', 'completed']).toContain(await workBatch(claimed, deps('P', s)));
    expect((await rowCounts(batch.id)).PENDING ?? 0).toBe(0);
  });

  it('survives a stop at a checkpoint, an unknown outcome and a second executor racing', async () => {
    const metrics = createMetrics();
    const previousMetrics = setMetrics(metrics);
    onTestFinished(() => void setMetrics(previousMetrics));
    const w = await world(6);
    const { batch } = await submitted(w, actor('felipe'), file(w));
    await approveBatch(actor('fernanda'), batch.id);

    // Executor A stops (SIGTERM) after two rows: the batch is released at a checkpoint.
    let sent = 0;
    const a = sender(w);
    const claimedA = (await claimBatch(deps('A', a)))!;
    expect(claimedA).toMatchObject({ id: batch.id, status: 'EXECUTING', leaseOwner: 'A' });
    expect(await claimBatch(deps('B', a))).toBeNull(); // held by A
    expect(await workBatch(claimedA, deps('A', { quote: a.quote, withdraw: async (i, k) => { sent++; return a.withdraw(i, k); } }, { stopping: () => sent >= 2 }))).toBe('paused');
    expect((await rowCounts(batch.id)).CREATED).toBe(2);

    // Executor B: the service makes the withdrawal of the next row but the answer is lost (unknown outcome).
    let lose = true;
    const b = sender(w, {
      afterWithdraw: () => {
        if (lose) {
          lose = false;
          throw new Error('socket hang up');
        }
      },
    });
    const claimedB = (await claimBatch(deps('B', b)))!;
    expect(claimedB.leaseOwner).toBe('B');
    // SIGTERM as that answer is lost: B stops at its next checkpoint.
    expect(await workBatch(claimedB, deps('B', b, { stopping: () => !lose }))).toBe('paused');
    const lost = (await batchRows(batch.id)).find((r) => r.status === 'SUBMITTING');
    expect(lost?.line).toBe(4);

    // B "crashes" holding the lease; two executors race for the batch once it lapses.
    await db.update(payoutBatches).set({ leaseOwner: 'B', leaseUntil: new Date(Date.now() - 1000) }).where(eq(payoutBatches.id, batch.id));
    const c = sender(w);
    const d = sender(w);
    const [claimedC, claimedD] = await Promise.all([claimBatch(deps('C', c)), claimBatch(deps('D', d))]);
    expect([claimedC, claimedD].filter(Boolean)).toHaveLength(1);
    const winner = (claimedC ?? claimedD)!;
    // Every row went out; the withdrawals still move (a manual sandbox customer), so the sweep follows them.
    expect(await workBatch(winner, deps(winner.leaseOwner!, claimedC ? c : d))).toBe('sent');
    // The loser's work (holding a stale row) does nothing: its lease is gone.
    expect(await workBatch(winner, deps(claimedC ? 'D' : 'C', claimedC ? d : c))).toBe('lost');

    const rows = await batchRows(batch.id);
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill('CREATED'));
    const ops = await withdrawals(w);
    expect(ops).toHaveLength(6);
    expect(new Set(rows.map((r) => r.operationId))).toEqual(new Set(ops.map((o) => o.id)));
    // The lost row was sent again with its own key, and the service answered with the same withdrawal.
    expect([...b.calls, ...c.calls, ...d.calls].filter((k) => k === batchRowKey(batch.id, 4, 'withdrawal'))).toHaveLength(2);
    expect(await getBatch(batch.id)).toMatchObject({ status: 'EXECUTING', leaseOwner: null });
    expect(await claimBatch(deps('E', c))).toBeNull();

    // What /api/metrics shows of it (every executor ran in this process here): each run and how it ended, each row
    // once although row 4 was sent twice.
    const scraped = await metrics.registry.metrics();
    expect(scraped).toMatch(/^console_batch_jobs_total\{event="started"\} 4$/m);
    expect(scraped).toMatch(/^console_batch_jobs_total\{event="paused"\} 2$/m);
    expect(scraped).toMatch(/^console_batch_jobs_total\{event="sent"\} 1$/m);
    expect(scraped).toMatch(/^console_batch_jobs_total\{event="lost"\} 1$/m);
    expect(scraped).toMatch(/^console_batch_jobs_running 0$/m);
    expect(scraped).toMatch(/^console_batch_items_total\{outcome="created"\} 6$/m);
  }, 60_000);

  it('a stop that lands while waiting for the rate sends no further row; an unknown outcome while stopping pauses at once', async () => {
    const w = await world(3);
    const { batch } = await submitted(w, actor('felipe'), file(w));
    await approveBatch(actor('fernanda'), batch.id);
    const s = sender(w);
    let made = 0;
    let stopped = false;
    const sleeps: number[] = [];
    const counting: RowSender = { quote: s.quote, withdraw: async (i, k) => (made++, s.withdraw(i, k)) };
    // SIGTERM during the wait after the first row: the listener is closing, so no second row is sent from here.
    const a = deps('A', counting, { rowsPerSecond: 1, stopping: () => stopped, sleep: async (ms) => void (sleeps.push(ms), (stopped = made > 0)) });
    expect(await workBatch((await claimBatch(a))!, a)).toBe('paused');
    expect(made).toBe(1);
    // SIGTERM while a row's withdrawal is in flight (the answer is lost): the row stays SUBMITTING, no 1 s back-off.
    stopped = false;
    sleeps.length = 0;
    const lossy: RowSender = {
      quote: s.quote,
      withdraw: async (i, k) => {
        await s.withdraw(i, k);
        stopped = true;
        throw new Error('socket hang up');
      },
    };
    const b = deps('B', lossy, { stopping: () => stopped, sleep: async (ms) => void sleeps.push(ms) });
    expect(await workBatch((await claimBatch(b))!, b)).toBe('paused');
    expect(sleeps).toEqual([]);
    expect((await batchRows(batch.id)).map((r) => r.status)).toEqual(['CREATED', 'SUBMITTING', 'PENDING']);
    // The next holder resends that row with its keys (the service answers with the same withdrawal) and finishes.
    const c = deps('C', sender(w));
    expect(await workBatch((await claimBatch(c))!, c)).toBe('sent');
    expect(await withdrawals(w)).toHaveLength(3);
  }, 60_000);

  it('cancel the rest: rows not yet sent are cancelled, sent ones stay, nothing more goes out', async () => {
    const w = await world(4);
    const felipe = actor('felipe');
    const { batch } = await submitted(w, felipe, file(w));
    await approveBatch(actor('fernanda'), batch.id);
    const s = sender(w);
    const claimed = (await claimBatch(deps('A', s)))!;
    let n = 0;
    await workBatch(claimed, deps('A', { quote: s.quote, withdraw: async (i, k) => { const r = await s.withdraw(i, k); if (++n === 2) await cancelBatch(felipe, batch.id); return r; } }));
    expect(await rowCounts(batch.id)).toMatchObject({ CREATED: 2, CANCELLED: 2, PENDING: 0, SUBMITTING: 0 });
    expect(await getBatch(batch.id)).toMatchObject({ status: 'CANCELLED' });
    expect(await withdrawals(w)).toHaveLength(2);
    await expect(cancelBatch(felipe, batch.id)).rejects.toMatchObject({ code: 'BATCH_INVALID_STATUS' });
    expect(await claimBatch(deps('B', s))).toBeNull();
  }, 60_000);
});

describe('daily cap', () => {
  it('a batch counts toward its requester’s day as single payouts do: later batches and payouts see it; rejected batches, failed and cancelled rows do not', async () => {
    const w = await world(3);
    const { policy } = await getTieredPolicy(db);
    await saveTieredPolicy({ ...policy, dailyCap: '5000.00' }, { id: crypto.randomUUID(), email: 'ana@t.test' }, new Date());
    try {
      const felipe = actor('felipe');
      const single = (amount: string) =>
        requestPayout(
          felipe,
          {
            requestId: newIdempotencyKey(),
            sourceAccountId: w.accountId,
            sourceAsset: 'BRL',
            beneficiaryId: w.people[0]!.beneficiaryId,
            instructionId: w.people[0]!.instructionId,
            fixedSide: 'source',
            amount,
            memo: 'after a batch',
          },
          { client: w.client },
        );
      // 1000.50 + 1001.50 + 1002.50 = 3004.50: under the cap.
      const a = (await submitted(w, felipe, file(w))).batch;
      expect(a.referenceTotal).toBe('3004.50');
      expect(a.approvalPlan.dailyCap).toBeNull();
      // The second batch of the day goes over it: the admin step, with the first batch's total as the day so far.
      const b = (await submitted(w, felipe, file(w))).batch;
      expect(b.approvalPlan.steps.map((s) => s.reason)).toEqual(['TIER', 'DAILY_CAP']);
      expect(b.approvalPlan.dailyCap).toEqual({ cap: '5000.00', requestedBefore: '3004.5' });
      // Rejected, it no longer counts; a single payout after the batches sees the first one.
      await rejectBatch(actor('fernanda'), { batchId: b.id, reason: 'twice' });
      const p1 = await single('2000.00');
      expect(p1.approvalPlan!.steps.map((s) => s.reason)).toEqual(['TIER', 'DAILY_CAP']);
      expect(p1.approvalPlan!.dailyCap).toEqual({ cap: '5000.00', requestedBefore: '3004.5' });
      // A failed row and a cancelled row of the first batch were never paid: only line 4 (1002.50) still counts.
      await db.update(payoutBatchRows).set({ status: 'FAILED' }).where(and(eq(payoutBatchRows.batchId, a.id), eq(payoutBatchRows.line, 2)));
      await db.update(payoutBatchRows).set({ status: 'CANCELLED' }).where(and(eq(payoutBatchRows.batchId, a.id), eq(payoutBatchRows.line, 3)));
      const p2 = await single('2000.00');
      expect(p2.approvalPlan!.dailyCap).toEqual({ cap: '5000.00', requestedBefore: '3002.5' });
      // Someone else's batch is not felipe's day.
      expect((await submitted(w, actor('paula'), file(w))).batch.approvalPlan.dailyCap).toBeNull();
      for (const id of [a.id]) await cancelBatch(felipe, id);
    } finally {
      await saveTieredPolicy(policy, { id: crypto.randomUUID(), email: 'ana@t.test' }, new Date());
    }
  }, 60_000);
});

describe('after the withdrawals are created', () => {
  const person = async (name: string): Promise<BatchActor> => {
    const u = await createUser({ name, email: `${name}-${crypto.randomUUID().slice(0, 6)}@t.test`, role: 'finance', password: 'amber-canyon-74' });
    return { id: u.id, email: u.email, name, role: 'finance' };
  };
  const inbox = async (userId: string) =>
    (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({ kind: n.kind, link: n.link, params: n.params })).sort((a, b) => a.kind.localeCompare(b.kind));

  it('each row’s withdrawal is followed to COMPLETED or FAILED; the batch completes when every row is final, and its requester is told', async () => {
    const w = await world(3);
    const [felipe, fernanda] = [await person('felipe'), await person('fernanda')];
    const { batch } = await submitted(w, felipe, file(w));
    await approveBatch(fernanda, batch.id);
    expect(await inbox(felipe.id)).toEqual([{ kind: 'payout-batch.approved', link: `/payouts/batches/${batch.id}`, params: { rows: '3', amount: '3004.50', asset: 'BRL' } }]);

    const s = sender(w);
    expect(await workBatch((await claimBatch(deps('A', s)))!, deps('A', s))).toBe('sent');
    expect(await followBatchRows({ client: w.client, db })).toBeGreaterThanOrEqual(3);
    expect((await batchRows(batch.id)).map((r) => [r.status, r.operationStatus])).toEqual(Array(3).fill(['CREATED', 'REQUESTED']));
    expect(await getBatch(batch.id)).toMatchObject({ status: 'EXECUTING' });

    const token = await w.client.tokens.getToken();
    const [l2, l3, l4] = await batchRows(batch.id);
    await helper(`/_sandbox/operations/${l2!.operationId}/complete`, {}, token);
    await helper(`/_sandbox/operations/${l3!.operationId}/complete`, {}, token);
    await helper(`/_sandbox/operations/${l4!.operationId}/fail`, { code: 'PIX_KEY_CLOSED', message: 'The key was closed.' }, token);
    await followBatchRows({ client: w.client, db, limit: 1000 });
    const rows = await batchRows(batch.id);
    expect(rows.map((r) => [r.line, r.status, r.operationStatus, r.failure?.code ?? null])).toEqual([
      [2, 'COMPLETED', 'COMPLETED', null],
      [3, 'COMPLETED', 'COMPLETED', null],
      [4, 'FAILED', 'FAILED', 'PIX_KEY_CLOSED'],
    ]);
    expect(await getBatch(batch.id)).toMatchObject({ status: 'COMPLETED' });
    expect(await rowCounts(batch.id)).toMatchObject({ COMPLETED: 2, FAILED: 1, CREATED: 0 });
    // Told once, whoever follows again.
    await followBatchRows({ client: w.client, db, limit: 1000 });
    expect(await inbox(felipe.id)).toEqual([
      { kind: 'payout-batch.approved', link: `/payouts/batches/${batch.id}`, params: { rows: '3', amount: '3004.50', asset: 'BRL' } },
      {
        kind: 'payout-batch.rows-failed',
        link: `/payouts/batches/${batch.id}`,
        params: { rows: '3', amount: '3004.50', asset: 'BRL', completed: '2', failed: '1', cancelled: '0' },
      },
    ]);
    // The approver is asked to approve, never told the requester's outcomes.
    expect(new Set((await inbox(fernanda.id)).map((n) => n.kind))).toEqual(new Set(['payout-batch.awaiting-approval']));

    const second = (await submitted(w, felipe, file(w))).batch;
    await rejectBatch(fernanda, { batchId: second.id, reason: 'paid already' });
    expect((await inbox(felipe.id)).filter((n) => n.kind === 'payout-batch.rejected')).toEqual([
      { kind: 'payout-batch.rejected', link: `/payouts/batches/${second.id}`, params: { rows: '3', amount: '3004.50', asset: 'BRL', reason: 'paid already' } },
    ]);
  }, 60_000);
});
