'use server';

import * as z from 'zod/mini';
import { actionClient } from '@/lib/actions/safe-action';
import { addUbo, getAccount, submitAccountReview } from '@/lib/api/accounts';
import { isApiError } from '@/lib/api/errors';
import { ownerUbos } from '@/lib/domain/accounts/owner';
import { parseMissingDocumentTypes } from '@/lib/domain/accounts/requirement-board';
import { UBO_REFUSAL_FIELDS, toAddUboBody, uboFormSchema } from '@/lib/domain/accounts/ubo-form';
import { DomainError } from '@/lib/errors';

const keyed = {
  accountId: z.uuid(),
  // One key per user intent (the form instance / the submit button), reused on every retry of it.
  idempotencyKey: z.uuid({ error: 'IDEMPOTENCY_KEY_REQUIRED' }),
};

/**
 * POST /api/accounts/{id}/ubos. The values are checked against the owners the account has NOW (the running
 * total), with the same schema the form used; the service's refusals come back on the field they concern, as
 * their code (the form words it from the `errors` catalogue).
 */
export const addUboAction = actionClient
  .metadata({ name: 'accounts.addUbo', permission: 'accounts:documents' })
  .inputSchema(z.object({ ...keyed, values: z.record(z.string(), z.unknown()) }))
  .action(async ({ parsedInput, ctx }) => {
    const { data: account } = await getAccount(parsedInput.accountId);
    const parsed = uboFormSchema(ownerUbos(account.owner).map((u) => u.ownershipPercentage)).safeParse(parsedInput.values);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_form'] ??= issue.message;
      throw new DomainError('INVALID_INPUT', { fields });
    }
    try {
      const { data: ubo } = await addUbo(parsedInput.accountId, toAddUboBody(parsed.data), { idempotencyKey: parsedInput.idempotencyKey });
      // The tax id is not logged: the type and the share are enough to follow what happened.
      ctx.audit.details = { uboId: ubo.id, taxIdType: parsed.data.taxId.type, ownershipPercentage: parsed.data.ownershipPercentage };
      return { uboId: ubo.id };
    } catch (error) {
      if (isApiError(error) && error.code in UBO_REFUSAL_FIELDS) {
        const field = UBO_REFUSAL_FIELDS[error.code];
        throw new DomainError(error.code, { fields: field ? { [field]: error.code } : {}, httpStatus: error.status });
      }
      throw error;
    }
  });

/**
 * POST /api/accounts/{id}/review. `MISSING_DOCUMENTS_FOR_REVIEW` comes back with the missing items (each the
 * document types that would answer it) so the page can name them.
 */
export const submitReviewAction = actionClient
  .metadata({ name: 'accounts.submitReview', permission: 'accounts:review' })
  .inputSchema(z.object(keyed))
  .action(async ({ parsedInput }) => {
    try {
      await submitAccountReview(parsedInput.accountId, { idempotencyKey: parsedInput.idempotencyKey });
      return { submitted: true as const };
    } catch (error) {
      if (isApiError(error) && error.code === 'MISSING_DOCUMENTS_FOR_REVIEW') {
        const missingItems = parseMissingDocumentTypes(error.details);
        throw new DomainError(error.code, { details: { missingItems }, httpStatus: error.status });
      }
      throw error;
    }
  });
