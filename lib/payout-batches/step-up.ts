import 'server-only';
import { beginStepUp, consumeStepUp, type StepUpChallenge, type StepUpDeps, type StepUpProof, type StepUpResponse } from '@/lib/auth/step-up/service';
import type { SessionUser } from '@/lib/auth/sessions';
import { getDb } from '@/lib/db/client';
import type { Lease } from '@/lib/db/lease';
import { payableDigest, totalsByAsset } from '@/lib/domain/payout-batches/row-validation';
import { batchApprovalStatement } from '@/lib/domain/payout-batches/statement';
import type { StepUpStatement } from '@/lib/domain/step-up/statement';
import { isAsset } from '@/lib/money/assets';
import { BatchError } from './errors';
import { approveBatch, type BatchApproveResult } from './service';
import { batchRows, getBatch } from './store';

/**
 * What an approver of `batchId` signs, recomputed from the database alone: the batch's id, source account and
 * reference total, and — from its stored rows, not from the digest stored beside them — the row count, the totals
 * per asset and the digest of every row to be paid.
 */
export async function batchStepUpStatement(user: Pick<SessionUser, 'id'>, batchId: string): Promise<StepUpStatement> {
  const db = await getDb();
  const b = await getBatch(batchId, db);
  if (!b) throw new BatchError('BATCH_NOT_FOUND');
  if (b.requesterId === user.id) throw new BatchError('BATCH_SELF_APPROVAL');
  const rows = await batchRows(batchId, db);
  const payable = rows.flatMap((r) => (isAsset(r.asset) ? [{ line: r.line, instructionId: r.instructionId, amount: r.amount, asset: r.asset }] : []));
  return batchApprovalStatement({
    id: b.id,
    sourceAccountId: b.sourceAccountId,
    rowCount: rows.length,
    totals: totalsByAsset(payable.map((r) => ({ ...r, beneficiaryId: '', beneficiaryName: '', taxId: '', key: '', memo: '' }))),
    referenceCurrency: b.referenceCurrency,
    referenceTotal: b.referenceTotal,
    payableDigest: payableDigest(payable),
  });
}

export async function beginBatchStepUp(user: SessionUser, batchId: string): Promise<StepUpChallenge> {
  const statement = await batchStepUpStatement(user, batchId);
  const b = await getBatch(batchId);
  if (b?.status !== 'PENDING_APPROVAL') throw new BatchError('BATCH_INVALID_STATUS', { status: b?.status });
  return beginStepUp(user, statement);
}

/** The statement is recomputed now and must be the one signed; the answer is consumed once; then one approval. */
export async function approveBatchWithStepUp(
  user: SessionUser,
  input: { batchId: string; stepUp: StepUpResponse | undefined; lease?: Lease },
  deps: { stepUp?: StepUpDeps } = {},
): Promise<{ result: BatchApproveResult; proof: StepUpProof }> {
  const expected = await batchStepUpStatement(user, input.batchId);
  const proof = await consumeStepUp(user, input.stepUp, expected, deps.stepUp);
  const result = await approveBatch(user, input.batchId, input.lease);
  return { result, proof };
}
