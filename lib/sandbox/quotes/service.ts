import { randomUUID } from 'node:crypto';
import type { Asset } from '@/lib/money/assets';
import type { Amount } from '@/lib/money/amount-core';
import { Dec } from '@/lib/money/decimal';
import { ServiceError, notFound } from '../core/errors';
import type { Sql } from '../core/types';
import { ACCOUNT_REF_COLUMNS, assetEnabled, findCustomerAccount, toAccountRef, type AccountRef, type AccountRow } from '../balances/account-ref';
import { priceQuote, type FixedSide, type RateMode } from './rates';
import { QUOTE_COLUMNS, effectiveRateOf, quoteSourceAmount, quoteTargetAmount, type QuoteRow } from './quote-row';

/** Quotes live 30 seconds of sandbox-clock time (upstream examples: expiresAt = createdAt + 30 s). */
export const QUOTE_TTL_SECONDS = 30;

export interface CreateQuoteInput {
  customerId: string;
  accountId: string;
  sourceAsset: Asset;
  targetAsset: Asset;
  fixed: FixedSide;
}

export interface QuoteResponse {
  id: string;
  customerId: string;
  account: { id: string; owner: string };
  sourceAmount: Amount;
  targetAmount: Amount;
  effectiveRate: { value: string; base: Asset; quote: Asset };
  fees: QuoteRow['fees'];
  expiresAt: string;
  /**
   * Extension (not in the contract): the mid-market rate the quote was priced from, before the spread, so a client
   * can show the spread in basis points without inventing a mid rate of its own. Same orientation as effectiveRate.
   */
  midRate: { value: string; base: Asset; quote: Asset };
  /** Extension: when the quote was issued, by the service's clock; with expiresAt it lets a client correct for skew. */
  createdAt: string;
}

function quoteCreationFailed(input: { sourceAsset: Asset; targetAsset: Asset }, reason: string): ServiceError {
  return new ServiceError(422, 'QUOTE_CREATION_FAILED', 'Failed to create quote', {
    sourceAsset: input.sourceAsset,
    targetAsset: input.targetAsset,
    reason,
  });
}

export function toQuoteResponse(q: QuoteRow, account: { id: string; ownerName: string }): QuoteResponse {
  return {
    id: q.id,
    customerId: q.customer_id,
    account: { id: account.id, owner: account.ownerName },
    sourceAmount: quoteSourceAmount(q),
    targetAmount: quoteTargetAmount(q),
    effectiveRate: effectiveRateOf(q),
    fees: q.fees,
    expiresAt: q.expires_at.toISOString(),
    midRate: { value: q.spot_rate, base: q.source_asset, quote: q.target_asset },
    createdAt: q.created_at.toISOString(),
  };
}

async function insertQuote(tx: Sql, row: QuoteRow): Promise<void> {
  await tx.query(
    `INSERT INTO sandbox.quotes (id, customer_id, account_id, source_asset, target_asset, source_value, target_value,
       rate, spot_rate, fees, kind, created_at, expires_at, consumed_by_operation_id, consumed_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8, $9, $10::jsonb, $11, $12, $13, $14, $15)`,
    [
      row.id, row.customer_id, row.account_id, row.source_asset, row.target_asset, row.source_value, row.target_value,
      row.rate, row.spot_rate, JSON.stringify(row.fees), row.kind, row.created_at, row.expires_at,
      row.consumed_by_operation_id, row.consumed_at,
    ],
  );
}

/**
 * Prices and stores a quote bound to the customer's account. The account must hold both assets (ACTIVE);
 * a conversion whose fixed amount is too small to produce a non-zero counter-amount is refused. Priced at `now` on
 * the sandbox clock with the sandbox's rate mode (`services.rates`).
 */
export async function createQuote(
  tx: Sql,
  input: CreateQuoteInput,
  now: Date,
  rates: RateMode = 'pinned',
): Promise<{ quote: QuoteRow; account: AccountRef }> {
  const account = await findCustomerAccount(tx, input.customerId, input.accountId);
  if (!account) throw notFound('Account', input.accountId);
  for (const asset of [input.sourceAsset, input.targetAsset]) {
    if (!assetEnabled(account, asset)) {
      throw quoteCreationFailed(input, `Asset ${asset} is not enabled on account ${account.id}`);
    }
  }
  const priced = priceQuote(input.sourceAsset, input.targetAsset, input.fixed, { now, mode: rates });
  if (new Dec(priced.sourceAmount.value).isZero() || new Dec(priced.targetAmount.value).isZero()) {
    throw quoteCreationFailed(input, 'Amount too small: the converted amount rounds to zero');
  }
  const quote: QuoteRow = {
    id: randomUUID(),
    customer_id: input.customerId,
    account_id: account.id,
    source_asset: input.sourceAsset,
    target_asset: input.targetAsset,
    source_value: priced.sourceAmount.value,
    target_value: priced.targetAmount.value,
    rate: priced.rate,
    spot_rate: priced.spotRate,
    fees: priced.fees,
    kind: 'QUOTE',
    created_at: now,
    expires_at: new Date(now.getTime() + QUOTE_TTL_SECONDS * 1000),
    consumed_by_operation_id: null,
    consumed_at: null,
  };
  await insertQuote(tx, quote);
  return { quote, account };
}

/** The service-made 1:1 quote of a transfer: already consumed (claimed and locked) at creation. */
export async function createTransferQuote(
  tx: Sql,
  input: { customerId: string; accountId: string; amount: Amount; operationId: string },
  now: Date,
): Promise<QuoteRow> {
  const quote: QuoteRow = {
    id: randomUUID(),
    customer_id: input.customerId,
    account_id: input.accountId,
    source_asset: input.amount.asset,
    target_asset: input.amount.asset,
    source_value: input.amount.value,
    target_value: input.amount.value,
    rate: '1.00',
    spot_rate: '1.00',
    fees: [],
    kind: 'TRANSFER',
    created_at: now,
    expires_at: new Date(now.getTime() + QUOTE_TTL_SECONDS * 1000),
    consumed_by_operation_id: input.operationId,
    consumed_at: now,
  };
  await insertQuote(tx, quote);
  return quote;
}

export async function getQuote(tx: Sql, quoteId: string): Promise<QuoteRow | null> {
  const { rows } = await tx.query<QuoteRow>(`SELECT ${QUOTE_COLUMNS} FROM sandbox.quotes WHERE id = $1`, [quoteId]);
  return rows[0] ?? null;
}

/**
 * Claims a quote for an operation, exactly once: one conditional UPDATE that checks ownership, account binding,
 * single use and expiry (sandbox clock) and returns the row. Of two concurrent claims only one sees
 * `consumed_by_operation_id IS NULL`. Only when it matches nothing is the quote read, to say why, in the order:
 * 404 Quote, QUOTE_ACCOUNT_MISMATCH, QUOTE_ALREADY_CONSUMED (naming the winner), QUOTE_EXPIRED.
 */
export async function claimQuote(
  tx: Sql,
  input: { customerId: string; quoteId: string; accountId: string; operationId: string },
  now: Date,
): Promise<QuoteRow> {
  const { rows } = await tx.query<QuoteRow>(
    `UPDATE sandbox.quotes SET consumed_by_operation_id = $2
     WHERE id = $1 AND customer_id = $3 AND kind = 'QUOTE' AND account_id = $4 AND consumed_by_operation_id IS NULL
       AND expires_at > $5
     RETURNING ${QUOTE_COLUMNS}`,
    [input.quoteId, input.operationId, input.customerId, input.accountId, now],
  );
  if (rows[0]) return rows[0];
  const quote = await getQuote(tx, input.quoteId);
  if (!quote || quote.customer_id !== input.customerId || quote.kind !== 'QUOTE') throw notFound('Quote', input.quoteId);
  if (quote.account_id !== input.accountId) {
    throw new ServiceError(422, 'QUOTE_ACCOUNT_MISMATCH', 'The account does not match the account the quote was issued for', {
      quoteId: quote.id,
      quoteAccountId: quote.account_id,
      accountId: input.accountId,
    });
  }
  if (quote.consumed_by_operation_id) throw alreadyConsumed(quote.id, quote.consumed_by_operation_id);
  // Not consumed and not expired: a concurrent claim held the row and rolled back; report it as taken.
  if (now.getTime() < quote.expires_at.getTime()) throw alreadyConsumed(quote.id, null);
  throw new ServiceError(422, 'QUOTE_EXPIRED', 'Quote has expired and can no longer be consumed', {
    quoteId: quote.id,
    expiredAt: quote.expires_at.toISOString(),
  });
}

/**
 * A swap's two reads in one statement: the customer's account (as `findCustomerAccount`) and the claim of the quote
 * bound to it (as `claimQuote`). When either fails, the same checks run one by one to answer in the same order:
 * 404 Account, then the quote's own reasons.
 */
export async function claimQuoteForAccount(
  tx: Sql,
  input: { customerId: string; quoteId: string; accountId: string; operationId: string },
  now: Date,
): Promise<{ quote: QuoteRow; account: AccountRef }> {
  const { rows } = await tx.query<{ quote: QuoteRow; account: AccountRow }>(
    `WITH a AS (SELECT ${ACCOUNT_REF_COLUMNS} FROM sandbox.accounts WHERE id = $4 AND customer_id = $3),
     q AS (
       UPDATE sandbox.quotes SET consumed_by_operation_id = $2
       WHERE id = $1 AND customer_id = $3 AND kind = 'QUOTE' AND account_id = $4 AND consumed_by_operation_id IS NULL
         AND expires_at > $5 AND EXISTS (SELECT 1 FROM a)
       RETURNING ${QUOTE_COLUMNS})
     SELECT row_to_json(q) AS quote, row_to_json(a) AS account FROM q, a`,
    [input.quoteId, input.operationId, input.customerId, input.accountId, now],
  );
  const r = rows[0];
  if (r) {
    const q = r.quote;
    const quote: QuoteRow = { ...q, created_at: new Date(q.created_at), expires_at: new Date(q.expires_at), consumed_at: q.consumed_at === null ? null : new Date(q.consumed_at) };
    return { quote, account: toAccountRef(r.account) };
  }
  const account = await findCustomerAccount(tx, input.customerId, input.accountId);
  if (!account) throw notFound('Account', input.accountId);
  return { quote: await claimQuote(tx, input, now), account };
}

function alreadyConsumed(quoteId: string, operationId: string | null): ServiceError {
  return new ServiceError(422, 'QUOTE_ALREADY_CONSUMED', 'Quote has already been consumed by another operation', {
    quoteId,
    consumedByOperationId: operationId,
  });
}

/** Records when settlement locked the rate (the contract's `quote.consumedAt`). Idempotent. */
export async function lockQuoteRate(tx: Sql, quoteId: string, now: Date): Promise<void> {
  await tx.query(`UPDATE sandbox.quotes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL`, [quoteId, now]);
}
