import { randomUUID } from 'node:crypto';
import type { Amount } from '@/lib/money/amount-core';
import { ServiceError, notFound } from '../core/errors';
import type { SandboxServices, Sql } from '../core/types';
import { creditBalance, debitBalance } from '../balances/service';
import { lockQuoteRate } from '../quotes/service';
import { amountOf } from '../quotes/quote-row';
import { endToEndId, isPixRail, type FundingRail } from './funding';
import { TERMINAL, type OperationRow, type OperationStatus, type RailTransaction, type Reason } from './model';
import { emitOperationEvent, getOperation, saveOperation } from './store';

/**
 * Settlement: REQUESTED → PROCESSING → COMPLETED | FAILED, with ON_HOLD / ACTION_REQUIRED pauses.
 *
 * Crash safety: every transition runs in ONE transaction that locks the operation row, re-checks its status,
 * moves the balances, flips the flag recording each move (debited / credited / refunded), appends the state and
 * records the event. A crash before COMMIT leaves nothing; after COMMIT the flags make a retry a no-op. Money
 * is therefore moved exactly once whoever (auto task, helper, retry) drives the operation.
 *
 * Funds: the source is debited when the operation enters PROCESSING (the rate is locked at the same moment:
 * quote.consumedAt); the target is credited at COMPLETED; a failure after the debit refunds the source.
 */

type Emit = Pick<SandboxServices, 'emit'>;

/** Auto customers: REQUESTED → PROCESSING after 1 s, → COMPLETED 1 s later; a deposit is paid in after 3 s. */
export const AUTO_START_SECONDS = 1;
export const AUTO_COMPLETE_SECONDS = 1;
export const AUTO_DEPOSIT_PAYMENT_SECONDS = 3;

export const INSUFFICIENT_BALANCE: Reason = {
  code: 'INSUFFICIENT_BALANCE',
  message: 'Insufficient balance for the requested operation',
  details: {},
};

/**
 * Serialises the money moves of one customer (transaction-scoped advisory lock, taken after the operation row
 * lock). A transfer A→B completing while B→A completes would otherwise lock the two balance rows in opposite
 * orders on PostgreSQL (deadlock); transfers never cross customers, so a per-customer lock is enough.
 */
async function lockCustomerMoney(tx: Sql, customerId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(7262, hashtext($1))', [customerId]);
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

function invalidStatusChange(op: OperationRow, requested: OperationStatus, why?: string): ServiceError {
  return new ServiceError(
    422,
    'INVALID_STATUS_CHANGE',
    why ?? `Operation is ${op.status} and cannot move to ${requested}`,
    { operationId: op.id, status: op.status, requestedStatus: requested },
  );
}

function pushState(op: OperationRow, status: OperationStatus, now: Date, reason: Reason | null = null): void {
  op.status = status;
  op.states = [...op.states, { status, createdAt: now.toISOString(), reason }];
  op.updated_at = now;
}

function setTransactions(op: OperationRow, status: RailTransaction['currentState']['status'], now: Date, reason: string | null = null) {
  op.transactions = op.transactions.map((t) =>
    t.currentState.status === 'PROCESSING' ? { ...t, currentState: { status, createdAt: now.toISOString(), reason } } : t,
  );
}

function debitsSource(op: OperationRow): boolean {
  return op.intent_type !== 'DEPOSIT';
}

/**
 * Takes the funds in (idempotent): debits the source (or, for a deposit, records the inbound payment), locks
 * the quote's rate and opens the rail transaction. Returns false when the balance is short (nothing moved).
 */
async function takeFunds(tx: Sql, op: OperationRow, now: Date): Promise<boolean> {
  if (debitsSource(op) && !op.debited) {
    const after = await debitBalance(tx, op.account_id, op.source_asset, op.source_value, now);
    if (!after) return false;
    op.debited = true;
  }
  if (op.intent_type === 'DEPOSIT' && !op.paid_at) op.paid_at = now;
  await lockQuoteRate(tx, op.quote_id, now);
  if (op.transactions.length === 0) {
    const rail = (op.intent.fundingInstruction as { rail?: FundingRail } | undefined)?.rail;
    const pix = op.intent_type === 'WITHDRAWAL' || (op.intent_type === 'DEPOSIT' && rail !== undefined && isPixRail(rail));
    if (pix) {
      const deposit = op.intent_type === 'DEPOSIT';
      op.transactions = [{
        id: randomUUID(),
        type: 'PIX',
        direction: deposit ? 'CREDIT' : 'DEBIT',
        amount: deposit ? amountOf(op.source_value, op.source_asset) : amountOf(op.target_value, op.target_asset),
        endToEnd: endToEndId(op.id, now),
        currentState: { status: 'PROCESSING', createdAt: now.toISOString(), reason: null },
      }];
    }
  }
  return true;
}

async function toFailed(tx: Sql, services: Emit, op: OperationRow, reason: Reason, now: Date): Promise<OperationRow> {
  if (op.debited && !op.refunded) {
    await creditBalance(tx, op.account_id, op.source_asset, op.source_value, now);
    op.refunded = true;
  }
  setTransactions(op, 'FAILED', now, reason.message);
  pushState(op, 'FAILED', now, reason);
  op.next_action_at = null;
  await saveOperation(tx, op);
  await emitOperationEvent(tx, services, op, now);
  return op;
}

/** REQUESTED → PROCESSING (or FAILED with INSUFFICIENT_BALANCE). */
export async function startProcessing(
  tx: Sql,
  services: Emit,
  op: OperationRow,
  now: Date,
  opts: { auto?: boolean } = {},
): Promise<OperationRow> {
  if (op.status !== 'REQUESTED') throw invalidStatusChange(op, 'PROCESSING');
  await lockCustomerMoney(tx, op.customer_id);
  if (!(await takeFunds(tx, op, now))) return toFailed(tx, services, op, INSUFFICIENT_BALANCE, now);
  pushState(op, 'PROCESSING', now);
  op.next_action_at = opts.auto ? later(now, AUTO_COMPLETE_SECONDS) : null;
  await saveOperation(tx, op);
  return op;
}

/** → COMPLETED from any non-terminal status, going through PROCESSING first when still REQUESTED. */
export async function completeOperation(tx: Sql, services: Emit, op: OperationRow, now: Date): Promise<OperationRow> {
  if (TERMINAL.has(op.status)) throw invalidStatusChange(op, 'COMPLETED');
  await lockCustomerMoney(tx, op.customer_id);
  if (op.status === 'REQUESTED') {
    const started = await startProcessing(tx, services, op, now);
    if (started.status === 'FAILED') return started;
  } else if (!(await takeFunds(tx, op, now))) {
    // Held before it ever reached PROCESSING: the funds are taken now, or the operation fails.
    return toFailed(tx, services, op, INSUFFICIENT_BALANCE, now);
  }
  if (!op.credited) {
    if (op.intent_type === 'TRANSFER') {
      await creditBalance(tx, op.target_account_id!, op.target_asset, op.target_value, now);
    } else if (op.intent_type === 'SWAP' || op.intent_type === 'DEPOSIT') {
      await creditBalance(tx, op.account_id, op.target_asset, op.target_value, now);
    }
    // WITHDRAWAL: the target amount leaves the service on the rail; nothing is credited here.
    op.credited = true;
  }
  setTransactions(op, 'CONFIRMED', now);
  pushState(op, 'COMPLETED', now);
  op.next_action_at = null;
  await saveOperation(tx, op);
  await emitOperationEvent(tx, services, op, now);
  return op;
}

/** → FAILED from any non-terminal status; a source already debited is refunded in the same transaction. */
export async function failOperation(tx: Sql, services: Emit, op: OperationRow, reason: Reason, now: Date): Promise<OperationRow> {
  if (TERMINAL.has(op.status)) throw invalidStatusChange(op, 'FAILED');
  await lockCustomerMoney(tx, op.customer_id);
  return toFailed(tx, services, op, reason, now);
}

/** REQUESTED | PROCESSING → ON_HOLD | ACTION_REQUIRED (reason required; not published; only helpers resume). */
export async function holdOperation(
  tx: Sql,
  op: OperationRow,
  status: 'ON_HOLD' | 'ACTION_REQUIRED',
  reason: Reason,
  now: Date,
): Promise<OperationRow> {
  if (op.status !== 'REQUESTED' && op.status !== 'PROCESSING') throw invalidStatusChange(op, status);
  pushState(op, status, now, reason);
  op.next_action_at = null;
  await saveOperation(tx, op);
  return op;
}

/**
 * The deposit's inbound payment arrives: REQUESTED → PROCESSING → COMPLETED in one transaction. When the paid
 * amount is given it must equal the quote's source amount (upstream: the amount paid in must match), otherwise
 * the payment is refused and the deposit keeps waiting.
 */
export async function payDeposit(tx: Sql, services: Emit, op: OperationRow, now: Date, paid?: Amount): Promise<OperationRow> {
  if (op.intent_type !== 'DEPOSIT') {
    throw new ServiceError(422, 'CANNOT_EXECUTE_ACTION', 'Only deposits receive an inbound payment', {
      operationId: op.id,
      intentType: op.intent_type,
    });
  }
  if (op.status !== 'REQUESTED' || op.paid_at) throw invalidStatusChange(op, 'PROCESSING', `Deposit is ${op.status}; only a REQUESTED deposit awaits its payment`);
  const expected = amountOf(op.source_value, op.source_asset);
  if (paid && (paid.asset !== expected.asset || paid.value !== expected.value)) {
    throw new ServiceError(422, 'DEPOSIT_AMOUNT_MISMATCH', 'The amount paid in must equal the quote source amount', {
      operationId: op.id,
      expected,
      received: paid,
    });
  }
  return completeOperation(tx, services, op, now);
}

/** The auto customers' next step for a due operation. */
export async function advanceDue(tx: Sql, services: Emit, op: OperationRow, now: Date): Promise<void> {
  if (op.status === 'REQUESTED') await startProcessing(tx, services, op, now, { auto: true });
  else if (op.status === 'PROCESSING') await completeOperation(tx, services, op, now);
}

/** Locks the operation for a helper call: 404 when unknown or another customer's. */
export async function lockCustomerOperation(tx: Sql, customerId: string, id: string): Promise<OperationRow> {
  const op = await getOperation(tx, id, { forUpdate: true });
  if (!op || op.customer_id !== customerId) throw notFound('Operation', id);
  return op;
}

/** The settlement task's probe: due operations, oldest first (partial index operations_due_idx). */
export const DUE_OPERATIONS = `SELECT id FROM sandbox.operations WHERE next_action_at IS NOT NULL AND next_action_at <= $1
     ORDER BY next_action_at, id LIMIT $2`;

/** When the next operation falls due (the idle loop sleeps until then): the first entry of the same index. */
export const NEXT_SETTLEMENT_AT = `SELECT min(next_action_at) AS at FROM sandbox.operations WHERE next_action_at IS NOT NULL`;

export async function nextSettlementAt(services: SandboxServices): Promise<Date | null> {
  const { rows } = await services.sql.query<{ at: Date | null }>(NEXT_SETTLEMENT_AT);
  return rows[0]?.at ?? null;
}

/** Background settlement for auto customers: each due operation advanced one step in its own transaction. */
export async function runDueSettlements(services: SandboxServices, batch = 50): Promise<number> {
  const now = services.clock.now();
  const { rows } = await services.sql.query<{ id: string }>(DUE_OPERATIONS, [now, batch]);
  let moved = 0;
  for (const { id } of rows) {
    const did = await services.sql.transaction(async (tx) => {
      const op = await getOperation(tx, id, { forUpdate: true });
      // Re-checked under the lock: a helper may have moved it since the scan.
      if (!op || !op.next_action_at || op.next_action_at.getTime() > now.getTime()) return false;
      await advanceDue(tx, services, op, now);
      return true;
    });
    if (did) moved++;
  }
  return moved;
}
