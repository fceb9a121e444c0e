import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getAccount } from '@/lib/api/accounts';
import { isApiError } from '@/lib/api/errors';
import { createQuote } from '@/lib/api/quotes';
import { newIdempotencyKey } from '@/lib/api/request';
import { can, type Role } from '@/lib/auth/permissions';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { leaseExpiry, type Lease } from '@/lib/db/lease';
import { payoutBatchApprovals, payoutBatchRows, payoutBatches, type PayoutBatchRow } from '@/lib/db/schema';
import { parseBatchFile, type BatchFileEncoding, type BatchFileError, type RawBatchRow } from '@/lib/domain/payout-batches/csv-file';
import {
  payableDigest,
  referenceValues,
  rowsDigest,
  totalsByAsset,
  validateBatchRows,
  type CheckedRow,
  type ValidRow,
} from '@/lib/domain/payout-batches/row-validation';
import type { BatchPreview } from '@/lib/domain/payout-batches/preview';
import { batchNotice } from '@/lib/domain/payout-batches/requester-notices';
import { batchSourcesOf, rowSourcesOf } from '@/lib/domain/payout-batches/state-machine';

export type { BatchPreview };
import { decideStepApproval, planFor, type ApprovalPlan, type QuoteForValuation, type StepDecision, type TieredPolicy } from '@/lib/domain/payouts/approval-policy';
import type { AppLocale } from '@/lib/i18n/config';
import { decimalsOf, isAsset, type Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';
import { notify } from '@/lib/notifications/notify';
import { getTieredPolicy, lockRequester, requestedOnDay } from '@/lib/payouts/approval-policy';
import { assertCooledOff } from '@/lib/payouts/cool-off';
import { strictestPlan } from '@/lib/payouts/request';
import type { PayoutDeps } from '@/lib/payouts/upstream';
import { loadBeneficiaryDirectory } from './directory';
import { BatchError } from './errors';
import { getBatch, type BatchWithApprovals } from './store';

export type BatchActor = { id: string; email: string; name: string; role: Role };
export const BATCH_REJECTION_REASON_MAX = 500;

function must(actor: BatchActor, permission: 'payouts:request' | 'payouts:approve'): void {
  if (!can(actor.role, permission)) throw new BatchError('FORBIDDEN', { permission });
}

/** A file the parser refused; too large is the batch's own sentence (it names the limit and what fits in it). */
function fileRefusal(error: BatchFileError): BatchError {
  const code = error.code === 'FILE_TOO_LARGE' ? 'BATCH_FILE_TOO_LARGE' : error.code;
  return new BatchError(code, { ...error }, { file: code });
}

interface Checked {
  raw: RawBatchRow[];
  checked: CheckedRow[];
  valid: ValidRow[];
  fileDigest: string;
  encoding: BatchFileEncoding;
  headerLocale: AppLocale;
  totals: Record<string, string>;
  referenceTotal: string | null;
  referenceValues: Record<string, string> | null;
  policy: TieredPolicy;
  sourceAccountName: string;
}

/** Reads and checks a file against the saved beneficiaries, the team's key reviews and the source account. */
async function readAndCheck(bytes: Uint8Array, sourceAccountId: string, deps: PayoutDeps): Promise<Checked> {
  const file = parseBatchFile(bytes);
  if (!file.ok) throw fileRefusal(file.error);
  const db = await getDb();
  const account = await getAccount(sourceAccountId, { client: deps.client }).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) throw new BatchError('ACCOUNT_NOT_ACTIVE', {}, { sourceAccountId: 'ACCOUNT_NOT_FOUND' });
    throw error;
  });
  if (account.data.currentState.status !== 'ACTIVE') throw new BatchError('ACCOUNT_NOT_ACTIVE', {}, { sourceAccountId: 'ACCOUNT_NOT_ACTIVE' });
  const directory = await loadBeneficiaryDirectory(db, deps.client);
  const checked = validateBatchRows(file.rows, file.headerLocale, directory);
  const valid = checked.flatMap((c) => (c.ok ? [c.row] : []));
  const totals = totalsByAsset(valid);
  const { policy } = await getTieredPolicy(db);
  const values = await valueTotals(totals, policy.referenceCurrency, sourceAccountId, deps);
  const owner = account.data.owner as { legalName?: unknown };
  return {
    raw: file.rows,
    checked,
    valid,
    fileDigest: rowsDigest(file.rows),
    encoding: file.encoding,
    headerLocale: file.headerLocale,
    totals,
    referenceTotal: values ? Object.values(values).reduce((sum, v) => sum.plus(v), new Dec(0)).toFixed(decimalsOf(policy.referenceCurrency)) : null,
    referenceValues: values,
    policy,
    sourceAccountName: typeof owner.legalName === 'string' ? owner.legalName : sourceAccountId,
  };
}

/**
 * Each asset's total valued in the reference currency as a single payout is: each asset other than the reference
 * at the mid rate of a fresh quote for its total (quotes are free until used; these never are). Null when one
 * cannot be had.
 */
async function valueTotals(totals: Record<string, string>, reference: Asset, accountId: string, deps: PayoutDeps): Promise<Record<string, string> | null> {
  const quotes: Record<string, QuoteForValuation | null> = {};
  for (const [asset, value] of Object.entries(totals)) {
    if (asset === reference || !isAsset(asset)) continue;
    try {
      const { data } = await createQuote({ accountId, sourceAsset: asset, targetAsset: reference, sourceAmount: value }, { client: deps.client, idempotencyKey: newIdempotencyKey() });
      quotes[asset] = data;
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) return null;
      throw error;
    }
  }
  return referenceValues(totals, reference, quotes);
}

function previewOf(c: Checked): BatchPreview {
  return {
    fileRowCount: c.raw.length,
    fileDigest: c.fileDigest,
    encoding: c.encoding,
    headerLocale: c.headerLocale,
    rows: c.checked.map((r) => ({
      line: r.line,
      taxId: r.raw.taxId,
      key: r.raw.key,
      amountText: r.raw.amount,
      asset: r.raw.asset,
      memo: r.raw.memo,
      ok: r.ok,
      code: r.ok ? null : r.code,
      duplicateOf: r.ok ? null : (r.duplicateOf ?? null),
      beneficiaryName: r.ok ? r.row.beneficiaryName : null,
      amount: r.ok ? r.row.amount : null,
    })),
    invalidLines: c.checked.filter((r) => !r.ok).map((r) => r.line),
    payableCount: c.valid.length,
    totals: c.totals,
    referenceCurrency: c.policy.referenceCurrency,
    referenceTotal: c.referenceTotal,
    sourceAccountName: c.sourceAccountName,
  };
}

/** Finance (or admin) reads a file: every row checked, nothing stored. */
export async function previewBatch(actor: BatchActor, input: { bytes: Uint8Array; sourceAccountId: string }, deps: PayoutDeps = {}): Promise<BatchPreview> {
  must(actor, 'payouts:request');
  return previewOf(await readAndCheck(input.bytes, input.sourceAccountId, deps));
}

export interface SubmitBatchInput {
  batchId: string;
  bytes: Uint8Array;
  sourceAccountId: string;
  rowCount: number;
  rowsDigest: string;
  excludedLines: number[];
  proceedWithoutInvalid: boolean;
}

/**
 * The request: the file is read again and must read as the preview did (same row count, same digest of its rows —
 * else FILE_CHANGED) and its invalid rows must be the ones shown (else VALIDATION_CHANGED: a key rejected meanwhile
 * would otherwise be dropped unseen); invalid rows are left out only when the person said so. The batch id is the
 * upload intent's key, so a double submit is one batch. The plan is the payout policy's for the batch's total.
 */
export async function submitBatch(actor: BatchActor, input: SubmitBatchInput, deps: PayoutDeps = {}): Promise<{ batch: BatchWithApprovals; created: boolean }> {
  must(actor, 'payouts:request');
  const db = await getDb();
  const existing = await getBatch(input.batchId, db);
  if (existing) {
    if (existing.requesterId !== actor.id) throw new BatchError('BATCH_NOT_FOUND');
    return { batch: existing, created: false };
  }
  const c = await readAndCheck(input.bytes, input.sourceAccountId, deps);
  if (c.raw.length !== input.rowCount || c.fileDigest !== input.rowsDigest) {
    throw new BatchError('FILE_CHANGED', { previewed: input.rowCount, now: c.raw.length }, { file: 'FILE_CHANGED' });
  }
  const invalid = c.checked.filter((r) => !r.ok).map((r) => r.line);
  const shown = [...new Set(input.excludedLines)].sort((a, b) => a - b);
  if (invalid.length !== shown.length || invalid.some((line, i) => line !== shown[i])) {
    throw new BatchError('VALIDATION_CHANGED', { invalid, shown });
  }
  if (invalid.length > 0 && !input.proceedWithoutInvalid) {
    throw new BatchError('INVALID_ROWS', { invalid: invalid.length });
  }
  if (c.valid.length === 0) throw new BatchError('NOTHING_TO_PAY');
  const at = now();
  const digest = payableDigest(c.valid);
  const inserted = await db.transaction(async (tx) => {
    const txDb = tx as unknown as typeof db;
    // One requester's requests one at a time (single payouts and batches alike), as the daily cap counts them.
    await lockRequester(actor.id, txDb);
    const plan: ApprovalPlan =
      c.referenceTotal === null
        ? strictestPlan(c.policy)
        : planFor(
            c.policy,
            {
              referenceCurrency: c.policy.referenceCurrency,
              referenceAmount: c.referenceTotal,
              midRate: '1',
              midRateSource: Object.keys(c.totals).every((a) => a === c.policy.referenceCurrency) ? 'SAME_ASSET' : 'MID_RATE',
              quoteId: null,
              sourceAmount: { value: c.referenceTotal, asset: c.policy.referenceCurrency },
            },
            await requestedOnDay(actor.id, c.policy.referenceCurrency, at, txDb),
          );
    const rows = await tx
      .insert(payoutBatches)
      .values({
        id: input.batchId,
        status: 'PENDING_APPROVAL',
        requesterId: actor.id,
        requesterEmail: actor.email,
        requesterName: actor.name,
        sourceAccountId: input.sourceAccountId,
        sourceAccountName: c.sourceAccountName,
        fileRowCount: c.raw.length,
        fileDigest: c.fileDigest,
        rowCount: c.valid.length,
        payableDigest: digest,
        totals: c.totals,
        referenceCurrency: c.policy.referenceCurrency,
        referenceTotal: c.referenceTotal,
        referenceValues: c.referenceValues,
        approvalPlan: plan,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: payoutBatches.id });
    if (rows.length === 0) return false;
    for (let i = 0; i < c.valid.length; i += 200) {
      await tx.insert(payoutBatchRows).values(
        c.valid.slice(i, i + 200).map((r) => ({
          batchId: input.batchId,
          line: r.line,
          beneficiaryId: r.beneficiaryId,
          beneficiaryName: r.beneficiaryName,
          instructionId: r.instructionId,
          taxId: r.taxId,
          dictKey: r.key,
          amount: r.amount,
          asset: r.asset,
          memo: r.memo,
          updatedAt: at,
        })),
      );
    }
    return true;
  });
  const batch = await getBatch(input.batchId, db);
  if (!batch) throw new Error('payout batch vanished after insert');
  if (inserted) await notifyBatchAwaiting(batch);
  return { batch, created: inserted };
}

/** Everyone who may approve (but the requester) finds the batch in their inbox, as for a single payout. */
function notifyBatchAwaiting(b: BatchWithApprovals): Promise<string[]> {
  // The total in the reference currency when it could be valued, else the first asset's (a one-asset batch).
  const [asset, amount] = b.referenceTotal ? [b.referenceCurrency, b.referenceTotal] : (Object.entries(b.totals)[0] ?? ['', '']);
  return notify({
    kind: 'payout-batch.awaiting-approval',
    subjectId: b.id,
    actorId: b.requesterId,
    params: { requester: b.requesterName, rows: String(b.rowCount), amount, asset },
  });
}

function refusal(decision: Extract<StepDecision, { kind: 'refused' }>): BatchError {
  switch (decision.code) {
    case 'SELF_APPROVAL':
      return new BatchError('BATCH_SELF_APPROVAL');
    case 'ALREADY_APPROVED':
      return new BatchError('BATCH_ALREADY_APPROVED');
    case 'ROLE_NOT_IN_STEP':
      return new BatchError('BATCH_ROLE_NOT_IN_STEP', { roles: decision.roles ?? [] });
    case 'ALREADY_COMPLETE':
      return new BatchError('BATCH_INVALID_STATUS');
  }
}

export interface BatchApproveResult {
  status: 'PENDING_APPROVAL' | 'APPROVED';
  approvals: number;
  required: number;
  replayed: boolean;
}

/**
 * One approval of the batch under its plan (maker ≠ checker, one person once, each step's roles, the cool-off of new
 * approvers), in one transaction holding the batch row; the approval completing the plan moves it to APPROVED with
 * a guarded update, and the executor takes it from there — with `lease`, the executor of the approving process
 * (lib/db/lease.ts). The caller has consumed the step-up already.
 */
export async function approveBatch(actor: BatchActor, batchId: string, lease?: Lease): Promise<BatchApproveResult> {
  must(actor, 'payouts:approve');
  const db = await getDb();
  const at = now();
  const result = await db.transaction(async (tx): Promise<BatchApproveResult & { batch?: PayoutBatchRow }> => {
    const [b] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, batchId)).for('update');
    if (!b) throw new BatchError('BATCH_NOT_FOUND');
    if (b.requesterId === actor.id) throw new BatchError('BATCH_SELF_APPROVAL');
    const live = await tx.select().from(payoutBatchApprovals).where(eq(payoutBatchApprovals.batchId, batchId));
    const required = b.approvalPlan.steps.reduce((n, s) => n + s.approvals, 0);
    if (live.some((a) => a.approverId === actor.id)) return { status: b.status === 'PENDING_APPROVAL' ? 'PENDING_APPROVAL' : 'APPROVED', approvals: live.length, required, replayed: true };
    await assertCooledOff(actor.id, tx as unknown as typeof db, at);
    if (b.status !== 'PENDING_APPROVAL') throw new BatchError('BATCH_INVALID_STATUS', { status: b.status });
    const decision = decideStepApproval({
      plan: b.approvalPlan,
      requesterId: b.requesterId,
      approver: actor,
      approvals: live.map((a) => ({ approverId: a.approverId, step: a.step })),
    });
    if (decision.kind === 'refused') throw refusal(decision);
    await tx.insert(payoutBatchApprovals).values({
      batchId,
      approverId: actor.id,
      approverEmail: actor.email,
      approverName: actor.name,
      approverRole: actor.role,
      step: decision.step,
      createdAt: at,
    });
    if (decision.kind === 'partial') return { status: 'PENDING_APPROVAL' as const, approvals: decision.counted, required: decision.required, replayed: false };
    const moved = await tx
      .update(payoutBatches)
      .set({
        status: 'APPROVED',
        decidedByEmail: actor.email,
        updatedAt: at,
        ...(lease ? { leaseOwner: lease.owner, leaseUntil: leaseExpiry(lease.ms) } : {}),
      })
      .where(and(eq(payoutBatches.id, batchId), inArray(payoutBatches.status, batchSourcesOf('APPROVED'))))
      .returning({ id: payoutBatches.id });
    if (moved.length === 0) throw new BatchError('BATCH_INVALID_STATUS');
    return { status: 'APPROVED' as const, approvals: decision.counted, required: decision.required, replayed: false, batch: b };
  });
  // Only the approval that completed the plan (its guarded update moved the batch) tells the requester.
  if ('batch' in result && result.batch) {
    const { batch, ...outcome } = result;
    await notify(batchNotice(batch, { kind: 'approved', by: actor.id }), { db });
    return outcome;
  }
  return result;
}

/** An approver (never the requester) refuses the whole batch, with a reason. */
export async function rejectBatch(actor: BatchActor, input: { batchId: string; reason: string }): Promise<void> {
  must(actor, 'payouts:approve');
  const reason = input.reason.trim();
  if (!reason) throw new BatchError('REASON_REQUIRED', {}, { reason: 'REASON_REQUIRED' });
  const db = await getDb();
  const b = await getBatch(input.batchId, db);
  if (!b) throw new BatchError('BATCH_NOT_FOUND');
  if (b.requesterId === actor.id) throw new BatchError('BATCH_SELF_APPROVAL');
  const moved = await db
    .update(payoutBatches)
    .set({ status: 'REJECTED', rejectionReason: reason.slice(0, BATCH_REJECTION_REASON_MAX), decidedByEmail: actor.email, updatedAt: now(), finishedAt: now() })
    .where(and(eq(payoutBatches.id, b.id), inArray(payoutBatches.status, batchSourcesOf('REJECTED'))))
    .returning({ id: payoutBatches.id });
  if (moved.length === 0) throw new BatchError('BATCH_INVALID_STATUS', { status: b.status });
  await notify(batchNotice(b, { kind: 'rejected', by: actor.id, reason }), { db });
}

/**
 * Cancels the rows not yet sent: the whole batch while it waits (its requester or an approver), the rest of it
 * once approved or executing (an approver or its requester). Rows already sent — or in flight — stay as they are.
 */
export async function cancelBatch(actor: BatchActor, batchId: string): Promise<{ cancelledRows: number }> {
  const db = await getDb();
  const b = await getBatch(batchId, db);
  if (!b) throw new BatchError('BATCH_NOT_FOUND');
  const mayCancel = (b.requesterId === actor.id && can(actor.role, 'payouts:request')) || can(actor.role, 'payouts:approve');
  if (!mayCancel) throw new BatchError('FORBIDDEN');
  const at = now();
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(payoutBatches)
      .set({ status: 'CANCELLED', decidedByEmail: actor.email, updatedAt: at, finishedAt: at })
      .where(and(eq(payoutBatches.id, batchId), inArray(payoutBatches.status, batchSourcesOf('CANCELLED'))))
      .returning({ id: payoutBatches.id });
    if (moved.length === 0) throw new BatchError('BATCH_INVALID_STATUS', { status: b.status });
    const rows = await tx
      .update(payoutBatchRows)
      .set({ status: 'CANCELLED', updatedAt: at })
      .where(and(eq(payoutBatchRows.batchId, batchId), inArray(payoutBatchRows.status, rowSourcesOf('CANCELLED'))))
      .returning({ line: payoutBatchRows.line });
    return { cancelledRows: rows.length };
  });
}
