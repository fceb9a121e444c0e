'use server';

import * as z from 'zod/mini';
import { revalidatePath } from 'next/cache';
import { actionClient } from '@/lib/actions/safe-action';
import { addPaymentInstruction, createBeneficiary } from '@/lib/api/beneficiaries';
import { isApiError } from '@/lib/api/errors';
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
    const { data } = await addPaymentInstruction(beneficiaryId, toInstructionBody(values), { idempotencyKey: key }).catch((error: unknown) => {
      // The service refuses a key the beneficiary already holds: said on the key's field, in the reader's language.
      if (isApiError(error) && isDuplicatePixKeyRefusal(error)) {
        throw new DomainError('DUPLICATE_PIX_KEY', 'This beneficiary already has this PIX key.', { dictKey: 'DUPLICATE_PIX_KEY' }, 422);
      }
      throw error;
    });
    revalidatePath(`/beneficiaries/${beneficiaryId}`);
    return { beneficiaryId: data.id };
  });
