'use server';

import * as z from 'zod/mini';
import { revalidatePath } from 'next/cache';
import { actionClient } from '@/lib/actions/safe-action';
import { addPaymentInstruction, createBeneficiary } from '@/lib/api/beneficiaries';
import { isApiError } from '@/lib/api/errors';
import { beginStepUp, consumeStepUp } from '@/lib/auth/step-up/service';
import { decideKey, loadKeyToReview, recordKeyCreated } from '@/lib/beneficiaries/key-reviews';
import { KEY_REVIEW_REASON_MAX } from '@/lib/domain/beneficiaries/key-review';
import { isDuplicatePixKeyRefusal } from '@/lib/domain/beneficiaries/refusals';
import { createBeneficiarySchema, instructionSchema, toCreateBeneficiaryBody, toInstructionBody } from '@/lib/domain/beneficiaries/schema';
import { DomainError } from '@/lib/errors';

const idempotencyKey = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'FORM_KEY_LOST' }));

// The form's own schema plus the form instance's key: a double submit or a retry is one beneficiary.
export const createBeneficiaryAction = actionClient
  .metadata({ name: 'beneficiaries.create', permission: 'beneficiaries:create' })
  .inputSchema(z.extend(createBeneficiarySchema, { idempotencyKey }))
  .action(async ({ parsedInput, ctx }) => {
    const { idempotencyKey: key, ...values } = parsedInput;
    const { data } = await createBeneficiary(toCreateBeneficiaryBody(values), { idempotencyKey: key });
    // Whoever adds a key is the one person who may never approve it (lib/domain/beneficiaries/key-review.ts).
    for (const i of data.paymentInstructions) await recordKeyCreated({ instructionId: i.id, beneficiaryId: data.id, creator: ctx.user });
    ctx.audit.target = data.id;
    ctx.audit.details = {
      idempotencyKey: key,
      holderType: values.holder.type,
      relationshipType: values.relationshipType,
      dictKeyType: values.paymentInstruction.dictKeyType,
    };
    revalidatePath('/beneficiaries');
    return { beneficiaryId: data.id };
  });

export const addInstructionAction = actionClient
  .metadata({ name: 'beneficiaries.addInstruction', permission: 'beneficiaries:create' })
  .inputSchema(z.extend(instructionSchema, { idempotencyKey, beneficiaryId: idempotencyKey }))
  .action(async ({ parsedInput, ctx }) => {
    const { idempotencyKey: key, beneficiaryId, ...values } = parsedInput;
    ctx.audit.details = { idempotencyKey: key, dictKeyType: values.dictKeyType };
    const body = toInstructionBody(values);
    const { data } = await addPaymentInstruction(beneficiaryId, body, { idempotencyKey: key }).catch((error: unknown) => {
      // The service refuses a key the beneficiary already holds: said on the key's field, in the reader's language.
      if (isApiError(error) && isDuplicatePixKeyRefusal(error)) {
        throw new DomainError('DUPLICATE_PIX_KEY', { fields: { dictKey: 'DUPLICATE_PIX_KEY' }, httpStatus: 422 });
      }
      throw error;
    });
    // The service answers with the whole beneficiary: the new key is the one with this type, key and asset.
    const added = data.paymentInstructions.find(
      (i) => i.asset === body.asset && 'dictKey' in i.address && i.address.dictKeyType === body.dictKeyType && i.address.dictKey === body.dictKey,
    );
    if (added) {
      await recordKeyCreated({ instructionId: added.id, beneficiaryId: data.id, creator: ctx.user });
      ctx.audit.details = { ...ctx.audit.details, instructionId: added.id };
    }
    revalidatePath(`/beneficiaries/${beneficiaryId}`);
    return { beneficiaryId: data.id };
  });

const reviewTarget = { beneficiaryId: idempotencyKey, instructionId: idempotencyKey };
const stepUpResponse = z.object({ challengeId: z.string().check(z.maxLength(64)), webauthn: z.optional(z.unknown()), totp: z.optional(z.string().check(z.maxLength(16))) });

/**
 * Step 1 of approving a key: the statement of exactly what is approved (recomputed from the service now) and a
 * step-up challenge over it. Refuses the key's creator and roles that may not review before anything is signed.
 */
export const beginKeyApprovalAction = actionClient
  .metadata({ name: 'beneficiaries.approveKey.begin', permission: 'beneficiaries:approve-key' })
  .inputSchema(z.object(reviewTarget))
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = parsedInput.instructionId;
    const key = await loadKeyToReview(ctx.user, parsedInput);
    const challenge = await beginStepUp(ctx.user, key.statement);
    ctx.audit.details = { beneficiaryId: parsedInput.beneficiaryId, method: challenge.method, digest: challenge.digest };
    return { challenge };
  });

/**
 * Step 2: a person other than the key's creator approves it with the step-up signed over the statement, which the
 * server recomputes from the service before consuming it (a key that changed since step 1 does not verify). The
 * proof is kept with the decision and in the audit event. Refusals (own key, already decided) are audited too.
 */
export const approveKeyAction = actionClient
  .metadata({ name: 'beneficiaries.approveKey', permission: 'beneficiaries:approve-key' })
  .inputSchema(z.object({ ...reviewTarget, stepUp: z.optional(stepUpResponse) }))
  .action(async ({ parsedInput, ctx }) => {
    const { stepUp, ...target } = parsedInput;
    ctx.audit.target = target.instructionId;
    ctx.audit.details = { beneficiaryId: target.beneficiaryId };
    const { record, key } = await decideKey(ctx.user, { ...target, decision: 'APPROVED' }, {
      verify: async (k) => {
        const proof = await consumeStepUp(ctx.user, stepUp, k.statement);
        ctx.audit.details = { ...ctx.audit.details, stepUp: proof };
        return proof as unknown as Record<string, unknown>;
      },
    });
    ctx.audit.details = { ...ctx.audit.details, decision: record.decision, creator: key.record?.creatorName ?? null };
    revalidatePath(`/beneficiaries/${target.beneficiaryId}`);
    return { decision: record.decision };
  });

export const rejectKeyAction = actionClient
  .metadata({ name: 'beneficiaries.rejectKey', permission: 'beneficiaries:approve-key' })
  .inputSchema(z.object({ ...reviewTarget, reason: z.string().check(z.maxLength(KEY_REVIEW_REASON_MAX * 2)) }))
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = parsedInput.instructionId;
    ctx.audit.details = { beneficiaryId: parsedInput.beneficiaryId, reason: parsedInput.reason };
    const { record } = await decideKey(ctx.user, { ...parsedInput, decision: 'REJECTED' });
    ctx.audit.details = { ...ctx.audit.details, decision: record.decision };
    revalidatePath(`/beneficiaries/${parsedInput.beneficiaryId}`);
    return { decision: record.decision };
  });
