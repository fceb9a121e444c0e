'use server';

import * as z from 'zod/mini';
import { DomainError } from '@/lib/errors';
import { actionClient } from '@/lib/actions/safe-action';
import { createDeposit } from '@/lib/api/operations';
import { createQuote } from '@/lib/api/quotes';
import { operationKeyForQuote } from '@/lib/domain/quotes/idempotency';
import { parseAmount } from '@/lib/money/parse-amount';
import { assetSchema } from '@/lib/money/zod';

/** PIX is paid in reais: the deposit's quote sells BRL and buys the asset credited (1:1 when that is BRL). */
const PIX_PAY_IN_ASSET = 'BRL';
/** The PIX rail that returns a BR Code (QR and copy-and-paste) carrying the key and the amount. */
const PIX_RAIL = 'PIX_STATIC_QR_CODE';

const depositInputSchema = z.object({
  accountId: z.uuid({ error: 'Choose an account.' }),
  asset: assetSchema,
  amount: z.string(),
  idempotencyKey: z.uuid({ error: 'The form lost its request key. Reload the page and try again.' }),
});

/**
 * POST /api/quotes (fixed target: the amount to credit) then POST /api/operations/deposit on the PIX rail. The quote
 * uses the form's key and the deposit a key derived from the quote, so a retry of the whole intent replays both.
 */
export const createDepositAction = actionClient
  .metadata({ name: 'deposits.create', permission: 'operations:create' })
  .inputSchema(depositInputSchema)
  .action(async ({ parsedInput, ctx }) => {
    const { accountId, asset, idempotencyKey } = parsedInput;
    const parsed = parseAmount(parsedInput.amount, asset);
    if (!parsed.ok) throw new DomainError('INVALID_INPUT', parsed.message, { amount: parsed.message });
    const { data: quote } = await createQuote(
      { accountId, sourceAsset: PIX_PAY_IN_ASSET, targetAsset: asset, targetAmount: parsed.amount.value },
      { idempotencyKey },
    );
    const depositKey = operationKeyForQuote('deposit', quote.id);
    ctx.audit.details = { idempotencyKey, quoteId: quote.id, depositIdempotencyKey: depositKey };
    const { data } = await createDeposit({ accountId, quoteId: quote.id, fundingInstruction: { rail: PIX_RAIL } }, { idempotencyKey: depositKey });
    ctx.audit.target = data.id;
    ctx.audit.details = { idempotencyKey, quoteId: quote.id, depositIdempotencyKey: depositKey, operationId: data.id };
    return { operationId: data.id };
  });
