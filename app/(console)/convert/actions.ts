'use server';

import * as z from 'zod/mini';
import { DomainError } from '@/lib/errors';
import { actionClient } from '@/lib/actions/safe-action';
import { createSwap } from '@/lib/api/operations';
import { createQuote } from '@/lib/api/quotes';
import { buildQuoteRequest, toQuoteView } from '@/lib/domain/quotes';
import { operationKeyForQuote } from '@/lib/domain/quotes/idempotency';
import { assetSchema } from '@/lib/money/zod';

const uuid = z.uuid({ error: 'The form lost its request key. Reload the page and try again.' });

const quoteInputSchema = z.object({
  accountId: z.uuid({ error: 'Choose an account.' }),
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
 */
export const createQuoteAction = actionClient
  .metadata({ name: 'convert.quote', permission: 'operations:create' })
  .inputSchema(quoteInputSchema)
  .action(async ({ parsedInput, ctx }) => {
    const { idempotencyKey, ...intent } = parsedInput;
    const built = buildQuoteRequest(intent);
    if (!built.ok) throw new DomainError('INVALID_INPUT', built.message, { [built.field]: built.message });
    const { data } = await createQuote(built.body, { idempotencyKey });
    ctx.audit.target = data.id;
    ctx.audit.details = { idempotencyKey, quoteId: data.id, accountId: intent.accountId };
    return { quote: toQuoteView(data), serverNow: data.createdAt ?? new Date().toISOString() };
  });

const confirmInputSchema = z.object({ accountId: z.uuid(), quoteId: z.uuid() });

/**
 * POST /api/operations/swap with the key derived from the quote: a double click, a retry after a time-out and the
 * same quote confirmed from two tabs send the same key, so the service creates one swap and replays it to the rest.
 */
export const confirmSwapAction = actionClient
  .metadata({ name: 'convert.swap', permission: 'operations:create' })
  .inputSchema(confirmInputSchema)
  .action(async ({ parsedInput, ctx }) => {
    const idempotencyKey = operationKeyForQuote('swap', parsedInput.quoteId);
    ctx.audit.details = { idempotencyKey, quoteId: parsedInput.quoteId };
    const { data } = await createSwap({ accountId: parsedInput.accountId, quoteId: parsedInput.quoteId }, { idempotencyKey });
    ctx.audit.target = data.id;
    ctx.audit.details = { idempotencyKey, quoteId: parsedInput.quoteId, operationId: data.id };
    return { operationId: data.id };
  });
