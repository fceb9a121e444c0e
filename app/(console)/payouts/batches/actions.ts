'use server';

import { revalidatePath } from 'next/cache';
import { actionClient } from '@/lib/actions/safe-action';
import { clientDetails } from '@/lib/auth/factors/manage';
import { stepUpRefusalDetails } from '@/lib/auth/step-up/service';
import { MAX_BATCH_FILE_BYTES } from '@/lib/domain/payout-batches/limits';
import { approveBatchSchema, batchIdSchema, previewBatchSchema, rejectBatchSchema, submitBatchSchema } from '@/lib/domain/payout-batches/schema';
import { BatchError } from '@/lib/payout-batches/errors';
import { processLeaseOwner } from '@/lib/db/lease';
import { BATCH_LEASE_MS, wakeBatchExecutor } from '@/lib/payout-batches/executor';
import { inReadersWords } from '@/lib/payout-batches/sentences';
import { cancelBatch, previewBatch, rejectBatch, submitBatch } from '@/lib/payout-batches/service';
import { approveBatchWithStepUp, beginBatchStepUp } from '@/lib/payout-batches/step-up';
import { rateLimits } from '@/lib/security/rate-limits';

// Each action re-checks who may do it inside the service (the requester's own approval is refused there, not only
// hidden); the action client records every attempt — success, error or denied — in the audit log.

/** The upload's bytes as sent (the server decides the encoding); over the cap it is refused with a sentence. */
function fileBytes(base64: string): Uint8Array {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength > MAX_BATCH_FILE_BYTES) throw new BatchError('BATCH_FILE_TOO_LARGE', { max: MAX_BATCH_FILE_BYTES }, { file: 'BATCH_FILE_TOO_LARGE' });
  return new Uint8Array(bytes);
}

async function worded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await inReadersWords(error);
  }
}

/** Reads and checks the file; stores nothing (the submit reads it again and must read the same). */
export const previewBatchAction = actionClient
  .metadata({ name: 'payoutBatches.preview', permission: 'payouts:request' })
  .inputSchema(previewBatchSchema)
  .action(async ({ parsedInput, ctx }) =>
    worded(async () => {
      const preview = await previewBatch(ctx.user, { bytes: fileBytes(parsedInput.file), sourceAccountId: parsedInput.sourceAccountId });
      ctx.audit.details = { rows: preview.fileRowCount, invalid: preview.invalidLines.length, digest: preview.fileDigest, encoding: preview.encoding };
      return preview;
    }),
  );

export const submitBatchAction = actionClient
  .metadata({ name: 'payoutBatches.request', permission: 'payouts:request' })
  .inputSchema(submitBatchSchema)
  .action(async ({ parsedInput, ctx }) =>
    worded(async () => {
      await rateLimits.payoutRequest.enforce(ctx.user.id);
      const { idempotencyKey, file, ...rest } = parsedInput;
      const { batch, created } = await submitBatch(ctx.user, { ...rest, batchId: idempotencyKey, bytes: fileBytes(file) });
      ctx.audit.target = batch.id;
      ctx.audit.details = {
        created,
        fileRows: batch.fileRowCount,
        rows: batch.rowCount,
        leftOut: rest.excludedLines.length,
        totals: batch.totals,
        referenceTotal: batch.referenceTotal,
        payableDigest: batch.payableDigest,
      };
      revalidatePath('/payouts/batches');
      return { batchId: batch.id };
    }),
  );

export const beginBatchStepUpAction = actionClient
  .metadata({ name: 'payoutBatches.beginStepUp', permission: 'payouts:approve' })
  .inputSchema(batchIdSchema)
  .action(async ({ parsedInput, ctx }) =>
    worded(async () => {
      ctx.audit.target = parsedInput.batchId;
      ctx.audit.details = await clientDetails();
      const challenge = await beginBatchStepUp(ctx.user, parsedInput.batchId);
      ctx.audit.details = { ...ctx.audit.details, challengeId: challenge.challengeId, method: challenge.method, digest: challenge.digest, expiresAt: challenge.expiresAt };
      return challenge;
    }),
  );

/** Approval needs the signed step-up over the batch's id, row count, totals and rows' digest, recomputed now. */
export const approveBatchAction = actionClient
  .metadata({ name: 'payoutBatches.approve', permission: 'payouts:approve' })
  .inputSchema(approveBatchSchema)
  .action(async ({ parsedInput, ctx }) =>
    worded(async () => {
      ctx.audit.target = parsedInput.batchId;
      ctx.audit.details = await clientDetails();
      let approved: Awaited<ReturnType<typeof approveBatchWithStepUp>>;
      try {
        // Leased to this process, whose executor is woken below: it sends the rows, not an instance polling meanwhile.
        const lease = { owner: processLeaseOwner(), ms: BATCH_LEASE_MS };
        approved = await approveBatchWithStepUp(ctx.user, { batchId: parsedInput.batchId, stepUp: parsedInput.stepUp, lease });
      } catch (error) {
        ctx.audit.details = { ...ctx.audit.details, ...stepUpRefusalDetails(error) };
        throw error;
      }
      ctx.audit.details = { ...ctx.audit.details, status: approved.result.status, replayed: approved.result.replayed, stepUp: approved.proof };
      if (approved.result.status === 'APPROVED') wakeBatchExecutor();
      revalidatePath(`/payouts/batches/${parsedInput.batchId}`);
      return approved.result;
    }),
  );

export const rejectBatchAction = actionClient
  .metadata({ name: 'payoutBatches.reject', permission: 'payouts:approve' })
  .inputSchema(rejectBatchSchema)
  .action(async ({ parsedInput, ctx }) =>
    worded(async () => {
      ctx.audit.target = parsedInput.batchId;
      ctx.audit.details = { reason: parsedInput.reason };
      await rejectBatch(ctx.user, parsedInput);
      revalidatePath(`/payouts/batches/${parsedInput.batchId}`);
      return { status: 'REJECTED' as const };
    }),
  );

/** Cancels the rows not yet sent (the whole batch while it waits); rows already sent stay as they are. */
export const cancelBatchAction = actionClient
  .metadata({ name: 'payoutBatches.cancel', permission: 'payouts:request' })
  .inputSchema(batchIdSchema)
  .action(async ({ parsedInput, ctx }) =>
    worded(async () => {
      ctx.audit.target = parsedInput.batchId;
      const result = await cancelBatch(ctx.user, parsedInput.batchId);
      ctx.audit.details = { ...result };
      revalidatePath(`/payouts/batches/${parsedInput.batchId}`);
      return result;
    }),
  );
