'use server';

import * as z from 'zod/mini';
import { DomainError } from '@/lib/errors';
import { amountProblem } from '@/lib/money/amount-problem';
import { actionClient } from '@/lib/actions/safe-action';
import { createTransfer } from '@/lib/api/operations';
import { enforceAvailable } from '@/lib/balances/enforce-available';
import { parseAmount } from '@/lib/money/parse-amount';
import { assetSchema } from '@/lib/money/zod';

const transferInputSchema = z.object({
  sourceAccountId: z.uuid({ error: 'SOURCE_ACCOUNT_REQUIRED' }),
  targetAccountId: z.uuid({ error: 'TARGET_ACCOUNT_REQUIRED' }),
  asset: assetSchema,
  amount: z.string(),
  idempotencyKey: z.uuid({ error: 'FORM_KEY_LOST' }),
});

/**
 * POST /api/operations/transfer: one asset between two of the company's accounts, no conversion. An amount the source
 * account's available balance does not cover is refused on the amount field, naming what is available, before
 * anything is sent (the service would create the transfer and fail it).
 */
export const createTransferAction = actionClient
  .metadata({ name: 'transfers.create', permission: 'operations:create' })
  .inputSchema(transferInputSchema)
  .action(async ({ parsedInput, ctx }) => {
    const { sourceAccountId, targetAccountId, asset, idempotencyKey } = parsedInput;
    if (sourceAccountId === targetAccountId) {
      throw new DomainError('SAME_ACCOUNT', { fields: { targetAccountId: 'SAME_ACCOUNT' } });
    }
    const parsed = parseAmount(parsedInput.amount, asset);
    if (!parsed.ok) throw new DomainError('INVALID_INPUT', { fields: { amount: amountProblem(parsed.code, asset) } });
    ctx.audit.details = { idempotencyKey, sourceAccountId, targetAccountId };
    await enforceAvailable(sourceAccountId, parsed.amount, 'amount');
    const { data } = await createTransfer(
      { sourceAccountId, targetAccountId, amount: { value: parsed.amount.value, asset } },
      { idempotencyKey },
    );
    ctx.audit.target = data.id;
    ctx.audit.details = { idempotencyKey, sourceAccountId, targetAccountId, operationId: data.id };
    return { operationId: data.id };
  });
