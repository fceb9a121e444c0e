import type { RequestContext, RouteDef, RouteResult } from '../core/types';
import { toAmount, type Amount } from '@/lib/money/amount-core';
import { Validator } from '../core/validate';
import type { OperationRow, Reason } from './model';
import { createTransfer } from './create';
import { parseTransferBody } from './parse';
import { created, operationResponse } from './routes';
import { completeOperation, failOperation, holdOperation, lockCustomerOperation, payDeposit } from './settlement';

/**
 * Sandbox helpers (never in the contract) that drive an operation of the caller's own: complete, fail, hold,
 * pay (a deposit's inbound payment). Each is one locked transition in the request's transaction.
 */
function helper(path: string, summary: string, run: (ctx: RequestContext, op: OperationRow) => Promise<OperationRow>): RouteDef {
  return {
    method: 'POST',
    path: `/_sandbox/operations/:operationId/${path}`,
    auth: 'customer',
    summary,
    async handler(ctx): Promise<RouteResult> {
      const v = new Validator('path');
      const id = v.uuid(ctx.params, 'operationId', { required: true });
      v.done();
      return ctx.sql.transaction(async (tx) => {
        const op = await lockCustomerOperation(tx, ctx.customer!.id, id!);
        const moved = await run({ ...ctx, sql: tx }, op);
        return { status: 200, body: await operationResponse(tx, moved) };
      });
    },
  };
}

function reasonFrom(body: unknown, fallback: Reason): Reason {
  if (body === undefined) return fallback;
  const v = new Validator('body');
  const root = v.root(body);
  const code = v.string(root, 'code', { maxLength: 100, pattern: /^[A-Z][A-Z0-9_]*$/ });
  const message = v.string(root, 'message', { maxLength: 500 });
  v.done();
  return { code: code ?? fallback.code, message: message ?? fallback.message, details: {} };
}

/** The mark of a test transfer: consoles show such operations as test traffic (lib/sandbox/README.md). */
export const TEST_TRANSFER_TAG = { key: 'sandbox-test', value: 'test-event' };

export const operationHelperRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/_sandbox/operations/test-transfer',
    auth: 'customer',
    summary:
      'A transfer exactly like POST /api/operations/transfer (same body, rules, events), tagged {key: "sandbox-test", value: "test-event"} so a console can tell test traffic apart.',
    handler: created((ctx) => createTransfer(ctx.sql, ctx.services, ctx.customer!, parseTransferBody(ctx.body), ctx.now, [TEST_TRANSFER_TAG])),
  },
  helper('complete', 'Settle the operation now: → COMPLETED (through PROCESSING; FAILED when funds are short).', (ctx, op) =>
    completeOperation(ctx.sql, ctx.services, op, ctx.now),
  ),
  helper('fail', 'Fail the operation now with {code?, message?}; a debited source is refunded.', (ctx, op) =>
    failOperation(
      ctx.sql,
      ctx.services,
      op,
      reasonFrom(ctx.body, { code: 'OPERATION_FAILED', message: 'The operation failed during settlement', details: {} }),
      ctx.now,
    ),
  ),
  helper('hold', 'Pause the operation: {status?: ON_HOLD|ACTION_REQUIRED, code?, message?}.', (ctx, op) => {
    let status: 'ON_HOLD' | 'ACTION_REQUIRED' = 'ON_HOLD';
    if (ctx.body !== undefined) {
      const v = new Validator('body');
      const root = v.root(ctx.body);
      status = v.enum(root, 'status', ['ON_HOLD', 'ACTION_REQUIRED'] as const) ?? 'ON_HOLD';
      v.done();
    }
    const fallback: Reason = status === 'ON_HOLD'
      ? { code: 'COMPLIANCE_REVIEW', message: 'The operation is on hold for a compliance review', details: {} }
      : { code: 'ADDITIONAL_INFORMATION_REQUIRED', message: 'Additional information is required to continue', details: {} };
    return holdOperation(ctx.sql, op, status, reasonFrom(ctx.body, fallback), ctx.now);
  }),
  helper('pay', "Simulate the deposit's inbound payment {amount?}: → PROCESSING → COMPLETED, crediting the target amount.", (ctx, op) => {
    let paid: Amount | undefined;
    if (ctx.body !== undefined) {
      const v = new Validator('body');
      const amount = v.object(v.root(ctx.body), 'amount');
      const asset = v.asset(amount, 'amount.asset', { required: true });
      const value = v.amount(amount, 'amount.value', asset, { required: true });
      v.done();
      if (amount) paid = toAmount(value!, asset!);
    }
    return payDeposit(ctx.sql, ctx.services, op, ctx.now, paid);
  }),
];
