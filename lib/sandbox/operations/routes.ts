import { notFound } from '../core/errors';
import type { RequestContext, RouteDef, RouteResult } from '../core/types';
import { Validator } from '../core/validate';
import { toOperation } from './mapper';
import { listOperations } from './list';
import { parseDepositBody, parseSwapBody, parseTransferBody, parseWithdrawalBody } from './parse';
import { createDeposit, createSwap, createTransfer, createWithdrawal } from './create';
import type { OperationRow } from './model';
import { getOperation, quoteOf } from './store';
import type { Sql } from '../core/types';

export async function operationResponse(tx: Sql, op: OperationRow) {
  return toOperation(op, await quoteOf(tx, op));
}

export function created(handler: (ctx: RequestContext) => Promise<OperationRow>) {
  return async (ctx: RequestContext): Promise<RouteResult> => {
    const op = await handler(ctx);
    return { status: 201, body: await operationResponse(ctx.sql, op) };
  };
}

export const operationRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/api/operations/transfer',
    auth: 'customer',
    summary: 'Transfer one asset between two accounts of the customer (1:1 quote made by the service).',
    handler: created((ctx) => createTransfer(ctx.sql, ctx.services, ctx.customer!, parseTransferBody(ctx.body), ctx.now)),
  },
  {
    method: 'POST',
    path: '/api/operations/swap',
    auth: 'customer',
    summary: 'Convert between assets on one account by consuming a quote.',
    handler: created((ctx) => createSwap(ctx.sql, ctx.services, ctx.customer!, parseSwapBody(ctx.body), ctx.now)),
  },
  {
    method: 'POST',
    path: '/api/operations/deposit',
    auth: 'customer',
    summary: 'Create a deposit; the response carries the concrete funding instruction to pay.',
    handler: created((ctx) => createDeposit(ctx.sql, ctx.services, ctx.customer!, parseDepositBody(ctx.body), ctx.now)),
  },
  {
    method: 'POST',
    path: '/api/operations/withdrawal',
    auth: 'customer',
    summary: "Pay out to a saved beneficiary's approved PIX instruction by consuming a quote.",
    handler: created((ctx) => createWithdrawal(ctx.sql, ctx.services, ctx.customer!, parseWithdrawalBody(ctx.body), ctx.now)),
  },
  {
    method: 'GET',
    path: '/api/operations/:operationId',
    auth: 'customer',
    summary: 'Read one operation.',
    async handler(ctx) {
      const v = new Validator('path');
      const id = v.uuid(ctx.params, 'operationId', { required: true });
      v.done();
      const op = await getOperation(ctx.sql, id!);
      if (!op || op.customer_id !== ctx.customer!.id) throw notFound('Operation', id!);
      return { status: 200, body: await operationResponse(ctx.sql, op) };
    },
  },
  {
    method: 'GET',
    path: '/api/operations',
    auth: 'customer',
    summary: 'List operations (extension): intentType, status, accountId, createdFrom, createdTo, cursor pages.',
    async handler(ctx) {
      return { status: 200, body: await listOperations(ctx.sql, ctx.customer!.id, ctx.query) };
    },
  },
];
