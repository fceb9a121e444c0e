import { amountOf, type QuoteRow } from '../quotes/quote-row';
import type { OperationRow } from './model';

export interface OperationQuoteRef {
  id: string;
  effectiveRate: { value: string; base: string; quote: string };
  spotRate: { value: string; base: string; quote: string };
  expiresAt: string;
  consumedAt: string | null;
}

function quoteRef(q: QuoteRow): OperationQuoteRef {
  return {
    id: q.id,
    effectiveRate: { value: q.rate, base: q.source_asset, quote: q.target_asset },
    spotRate: { value: q.spot_rate, base: q.source_asset, quote: q.target_asset },
    expiresAt: q.expires_at.toISOString(),
    consumedAt: q.consumed_at ? q.consumed_at.toISOString() : null,
  };
}

/** The contract's Operation (REST). */
export function toOperation(op: OperationRow, quote: QuoteRow) {
  const { spotRate: _spot, ...q } = quoteRef(quote);
  return {
    id: op.id,
    customerId: op.customer_id,
    account: { id: op.account_id, owner: op.account_owner },
    sourceAmount: amountOf(op.source_value, op.source_asset),
    targetAmount: amountOf(op.target_value, op.target_asset),
    intent: op.intent,
    quote: q,
    fees: op.fees,
    transactions: op.transactions,
    currentState: op.states[op.states.length - 1],
    states: op.states,
    tags: op.tags,
    createdAt: op.created_at.toISOString(),
    updatedAt: op.updated_at.toISOString(),
  };
}

/**
 * The contract's operation event body: no `id`, `account {owner}`, `destinationAmount`, the event intent (the
 * withdrawal beneficiary without ids, address type `PixKey`), `currentState`, `atTime`, and `quote` null for
 * same-asset operations.
 */
export function toOperationEvent(op: OperationRow, quote: QuoteRow, atTime: Date) {
  return {
    customerId: op.customer_id,
    account: { owner: op.account_owner },
    sourceAmount: amountOf(op.source_value, op.source_asset),
    destinationAmount: amountOf(op.target_value, op.target_asset),
    intent: op.event_intent,
    fees: op.fees,
    transactions: op.transactions,
    currentState: op.states[op.states.length - 1],
    atTime: atTime.toISOString(),
    quote: op.source_asset === op.target_asset ? null : quoteRef(quote),
    tags: op.tags,
  };
}
