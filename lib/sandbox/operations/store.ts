import type { SandboxServices, Sql } from '../core/types';
import { getQuote } from '../quotes/service';
import type { QuoteRow } from '../quotes/quote-row';
import { toOperationEvent } from './mapper';
import { OPERATION_COLUMNS, type OperationRow } from './model';

export async function insertOperation(tx: Sql, op: OperationRow): Promise<void> {
  await tx.query(
    `INSERT INTO sandbox.operations (id, customer_id, intent_type, status, account_id, account_owner, target_account_id,
       source_asset, source_value, target_asset, target_value, quote_id, intent, event_intent, fees, transactions, states,
       tags, debited, credited, refunded, paid_at, next_action_at, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9::numeric,$10,$11::numeric,$12,$13::jsonb,$14::jsonb,$15::jsonb,$16::jsonb,$17::jsonb,
       $18::jsonb,$19,$20,$21,$22,$23,$24,$25)`,
    [
      op.id, op.customer_id, op.intent_type, op.status, op.account_id, op.account_owner, op.target_account_id,
      op.source_asset, op.source_value, op.target_asset, op.target_value, op.quote_id, JSON.stringify(op.intent),
      JSON.stringify(op.event_intent), JSON.stringify(op.fees), JSON.stringify(op.transactions), JSON.stringify(op.states),
      JSON.stringify(op.tags), op.debited, op.credited, op.refunded, op.paid_at, op.next_action_at, op.created_at, op.updated_at,
    ],
  );
}

/** Writes every mutable column of `op` (the row was read FOR UPDATE in the same transaction). */
export async function saveOperation(tx: Sql, op: OperationRow): Promise<void> {
  await tx.query(
    `UPDATE sandbox.operations SET status = $2, transactions = $3::jsonb, states = $4::jsonb, debited = $5, credited = $6,
       refunded = $7, paid_at = $8, next_action_at = $9, updated_at = $10
     WHERE id = $1`,
    [op.id, op.status, JSON.stringify(op.transactions), JSON.stringify(op.states), op.debited, op.credited, op.refunded,
      op.paid_at, op.next_action_at, op.updated_at],
  );
}

export async function getOperation(tx: Sql, id: string, opts: { forUpdate?: boolean } = {}): Promise<OperationRow | null> {
  const { rows } = await tx.query<OperationRow>(
    `SELECT ${OPERATION_COLUMNS} FROM sandbox.operations WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

const knownQuotes = new WeakMap<OperationRow, QuoteRow>();

/** The quote row an operation was just created with (as stored), so its event and response need not read it back. */
export function rememberQuote(op: OperationRow, quote: QuoteRow): void {
  knownQuotes.set(op, quote);
}

export async function quoteOf(tx: Sql, op: OperationRow): Promise<QuoteRow> {
  const known = knownQuotes.get(op);
  if (known && known.id === op.quote_id) return known;
  const q = await getQuote(tx, op.quote_id);
  if (!q) throw new Error(`Operation ${op.id} references a missing quote`);
  return q;
}

const EVENT_BY_STATUS = {
  REQUESTED: 'OPERATION_REQUESTED',
  COMPLETED: 'OPERATION_COMPLETED',
  FAILED: 'OPERATION_FAILED',
} as const;

/** Emits the event of the operation's current (published) status in the caller's transaction. */
export async function emitOperationEvent(tx: Sql, services: Pick<SandboxServices, 'emit'>, op: OperationRow, at: Date): Promise<void> {
  const type = EVENT_BY_STATUS[op.status as keyof typeof EVENT_BY_STATUS];
  if (!type) return; // PROCESSING, ON_HOLD, ACTION_REQUIRED are not published
  const quote = await quoteOf(tx, op);
  await services.emit(tx, {
    customerId: op.customer_id,
    type,
    resourceName: 'OPERATION',
    resourceId: op.id,
    payload: toOperationEvent(op, quote, at),
  });
}
