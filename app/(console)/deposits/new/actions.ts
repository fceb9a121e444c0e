'use server';

import * as z from 'zod/mini';
import { DomainError } from '@/lib/errors';
import { amountProblem } from '@/lib/money/amount-problem';
import { actionClient } from '@/lib/actions/safe-action';
import { createDeposit } from '@/lib/api/operations';
import { createQuote } from '@/lib/api/quotes';
import { toQuoteView } from '@/lib/domain/quotes';
import { operationKeyForQuote } from '@/lib/domain/quotes/idempotency';
import { parseAmount } from '@/lib/money/parse-amount';
import { assetSchema } from '@/lib/money/zod';

/** PIX is paid in reais: the deposit's quote sells BRL and buys the asset credited (1:1 when that is BRL). */
const PIX_PAY_IN_ASSET = 'BRL';
/** The PIX rail that returns a BR Code (QR and copy-and-paste) carrying the key and the amount. */
const PIX_RAIL = 'PIX_STATIC_QR_CODE';

const keyError = { error: 'FORM_KEY_LOST' };

const intentSchema = z.object({
  accountId: z.uuid({ error: 'ACCOUNT_REQUIRED' }),
  asset: assetSchema,
  amount: z.string(),
});

/** POST /api/quotes for a deposit: fixed target (the amount to credit), paid in reais. */
async function quoteDeposit(intent: z.infer<typeof intentSchema>, idempotencyKey: string) {
  const parsed = parseAmount(intent.amount, intent.asset);
  if (!parsed.ok) throw new DomainError('INVALID_INPUT', { fields: { amount: amountProblem(parsed.code, intent.asset) } });
  const { data } = await createQuote(
    { accountId: intent.accountId, sourceAsset: PIX_PAY_IN_ASSET, targetAsset: intent.asset, targetAmount: parsed.amount.value },
    { idempotencyKey },
  );
  return data;
}

/**
 * The quote of a cross-currency deposit, shown before the deposit exists (rate, fee, validity), as /convert shows
 * its quotes; plus the service's time when it issued it, so the browser's countdown is corrected for clock skew.
 * One key per "Get a quote" click (a retry of the same click reuses it).
 */
export const quoteDepositAction = actionClient
  .metadata({ name: 'deposits.quote', permission: 'operations:create' })
  .inputSchema(z.extend(intentSchema, { idempotencyKey: z.uuid(keyError) }))
  .action(async ({ parsedInput, ctx }) => {
    const { idempotencyKey, ...intent } = parsedInput;
    const quote = await quoteDeposit(intent, idempotencyKey);
    ctx.audit.target = quote.id;
    ctx.audit.details = { idempotencyKey, quoteId: quote.id, accountId: intent.accountId };
    return { quote: toQuoteView(quote), serverNow: quote.createdAt ?? new Date().toISOString() };
  });

const depositInputSchema = z.union([
  // A quote the person saw (cross-currency): the deposit consumes it.
  z.object({ accountId: z.uuid({ error: 'ACCOUNT_REQUIRED' }), quoteId: z.uuid() }),
  // Same asset as the PIX pays in (1:1, no fee): quoted and created in one step.
  z.extend(intentSchema, { idempotencyKey: z.uuid(keyError) }),
]);

/**
 * POST /api/operations/deposit on the PIX rail, with a key derived from the quote: a double click, a retry and a
 * second tab on one quote create one deposit. Without a quote id (a BRL deposit), the quote is made first with the
 * form's key, so a retry of the whole intent replays both.
 */
export const createDepositAction = actionClient
  .metadata({ name: 'deposits.create', permission: 'operations:create' })
  .inputSchema(depositInputSchema)
  .action(async ({ parsedInput, ctx }) => {
    const { accountId } = parsedInput;
    let quoteId: string;
    let formKey: string | undefined;
    if ('quoteId' in parsedInput) {
      quoteId = parsedInput.quoteId;
    } else {
      formKey = parsedInput.idempotencyKey;
      quoteId = (await quoteDeposit(parsedInput, formKey)).id;
    }
    const depositKey = operationKeyForQuote('deposit', quoteId);
    ctx.audit.details = { idempotencyKey: formKey ?? depositKey, quoteId, depositIdempotencyKey: depositKey };
    const { data } = await createDeposit({ accountId, quoteId, fundingInstruction: { rail: PIX_RAIL } }, { idempotencyKey: depositKey });
    ctx.audit.target = data.id;
    ctx.audit.details = { idempotencyKey: formKey ?? depositKey, quoteId, depositIdempotencyKey: depositKey, operationId: data.id };
    return { operationId: data.id };
  });
