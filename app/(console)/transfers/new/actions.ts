'use server';

import * as z from 'zod/mini';
import { DomainError } from '@/lib/errors';
import { actionClient } from '@/lib/actions/safe-action';
import { createTransfer } from '@/lib/api/operations';
import { enforceAvailable } from '@/lib/balances/enforce-available';
import { parseAmount } from '@/lib/money/parse-amount';
import { assetSchema } from '@/lib/money/zod';

const transferInputSchema = z.object({
  sourceAccountId: z.uuid({ error: 'Choose the account to debit.' }),
  targetAccountId: z.uuid({ error: 'Choose the account to credit.' }),
  asset: assetSchema,
  amount: z.string(),
  idempotencyKey: z.uuid({ error: 'The form lost its request key. Reload the page and try again.' }),
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
      throw new DomainError('SAME_ACCOUNT', 'Choose two different accounts.', { targetAccountId: 'Choose two different accounts.' });
    }
    const parsed = parseAmount(parsedInput.amount, asset);
    if (!parsed.ok) throw new DomainError('INVALID_INPUT', parsed.message, { amount: parsed.message });
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
