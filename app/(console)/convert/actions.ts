'use server';

import * as z from 'zod/mini';
import { DomainError } from '@/lib/errors';
import { amountProblem } from '@/lib/money/amount-problem';
import { actionClient } from '@/lib/actions/safe-action';
import { createSwap } from '@/lib/api/operations';
import { createQuote } from '@/lib/api/quotes';
import { enforceAvailable } from '@/lib/balances/enforce-available';
import { buildQuoteRequest, toQuoteView } from '@/lib/domain/quotes';
import { operationKeyForQuote } from '@/lib/domain/quotes/idempotency';
import { toAmount } from '@/lib/money/amount-core';
import { isAsset } from '@/lib/money/assets';
import { signQuoteFacts, verifyQuoteFacts } from '@/lib/quotes/quote-ticket';
import { assetSchema } from '@/lib/money/zod';

const uuid = z.uuid({ error: 'FORM_KEY_LOST' });

const quoteInputSchema = z.object({
  accountId: z.uuid({ error: 'ACCOUNT_REQUIRED' }),
  sellAsset: assetSchema,
  buyAsset: assetSchema,
  fixedSide: z.enum(['sell', 'buy']),
  amount: z.string(),
  /** One key per "Get a quote" click (a retry of the same click reuses it). */
  idempotencyKey: uuid,
});

/**
 * POST /api/quotes. Returns the quote as the screen shows it plus the service's time when it issued it (the quote's
 * `createdAt` extension, else this server's clock), so the browser can correct its countdown for clock skew.
 * An amount the account's available balance does not cover is refused on the amount field with what is available:
 * before quoting when the sold side is fixed, and before showing the quote when the bought side is (only the quote
 * says what it will cost). The returned ticket lets the confirm step check the balance again without trusting the
 * browser for the amount.
 */
export const createQuoteAction = actionClient
  .metadata({ name: 'convert.quote', permission: 'operations:create' })
  .inputSchema(quoteInputSchema)
  .action(async ({ parsedInput, ctx }) => {
    const { idempotencyKey, ...intent } = parsedInput;
    const built = buildQuoteRequest(intent);
    if (!built.ok) {
      const fixedAsset = intent.fixedSide === 'sell' ? intent.sellAsset : intent.buyAsset;
      const problem = built.code === 'SAME_ASSET' ? { code: 'SAME_ASSET' } : amountProblem(built.code, fixedAsset);
      throw new DomainError('INVALID_INPUT', { fields: { [built.field]: problem } });
    }
    if (built.body.sourceAmount !== undefined) {
      await enforceAvailable(intent.accountId, toAmount(built.body.sourceAmount, intent.sellAsset), 'amount');
    }
    const { data } = await createQuote(built.body, { idempotencyKey });
    ctx.audit.target = data.id;
    ctx.audit.details = { idempotencyKey, quoteId: data.id, accountId: intent.accountId };
    const pay = data.sourceAmount;
    if (built.body.targetAmount !== undefined && isAsset(pay.asset)) {
      await enforceAvailable(intent.accountId, toAmount(pay.value, pay.asset), 'amount');
    }
    const ticket = signQuoteFacts({ quoteId: data.id, accountId: data.account.id, payValue: pay.value, payAsset: pay.asset });
    return { quote: toQuoteView(data), serverNow: data.createdAt ?? new Date().toISOString(), ticket };
  });

const confirmInputSchema = z.object({
  accountId: z.uuid(),
  quoteId: z.uuid(),
  /** The quote's debit and the quote action's signature over it (lib/quotes/quote-ticket.ts). */
  pay: z.object({ value: z.string(), asset: assetSchema }),
  ticket: z.string().check(z.maxLength(100)),
});

/**
 * POST /api/operations/swap with the key derived from the quote: a double click, a retry after a time-out and the
 * same quote confirmed from two tabs send the same key, so the service creates one swap and replays it to the rest.
 * The balance is read again first: money may have left the account since the quote (another swap, a payout), and a
 * swap the balance cannot cover would only become a FAILED operation.
 */
export const confirmSwapAction = actionClient
  .metadata({ name: 'convert.swap', permission: 'operations:create' })
  .inputSchema(confirmInputSchema)
  .action(async ({ parsedInput, ctx }) => {
    const idempotencyKey = operationKeyForQuote('swap', parsedInput.quoteId);
    ctx.audit.details = { idempotencyKey, quoteId: parsedInput.quoteId };
    const { accountId, quoteId, pay, ticket } = parsedInput;
    if (!verifyQuoteFacts({ quoteId, accountId, payValue: pay.value, payAsset: pay.asset }, ticket)) {
      throw new DomainError('QUOTE_TICKET_INVALID');
    }
    await enforceAvailable(accountId, toAmount(pay.value, pay.asset), 'amount');
    const { data } = await createSwap({ accountId: parsedInput.accountId, quoteId: parsedInput.quoteId }, { idempotencyKey });
    ctx.audit.target = data.id;
    ctx.audit.details = { idempotencyKey, quoteId: parsedInput.quoteId, operationId: data.id };
    return { operationId: data.id };
  });
