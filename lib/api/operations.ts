import 'server-only';
import { pathSegment, type CallOptions, type MutationOptions } from './client';
import { clientFor } from './default-client';
import { pageSchema } from './schemas/common';
import { operationSchema, type INTENT_TYPE_VALUES, type Operation } from './schemas/operation';
import type { AmountInput, ApiPage, ApiResult, PageQuery } from './types';

export interface OperationListQuery extends PageQuery {
  intentType?: (typeof INTENT_TYPE_VALUES)[number];
  status?: string;
  accountId?: string;
  /** ISO date-times bounding `createdAt`. */
  createdFrom?: string;
  createdTo?: string;
}

export interface CreateTransferBody {
  sourceAccountId: string;
  targetAccountId: string;
  amount: AmountInput;
}

export interface CreateSwapBody {
  accountId: string;
  quoteId: string;
}

export interface CreateDepositBody {
  accountId: string;
  quoteId: string;
  fundingInstruction: { rail: string };
}

export interface CreateWithdrawalBody {
  accountId: string;
  quoteId: string;
  /** Only saved beneficiaries are supported (INLINE is rejected by the service). */
  beneficiary: { type: 'REFERENCE'; id: string; paymentInstruction: { type: 'REFERENCE'; id: string } };
}

const operationPageSchema = pageSchema(operationSchema);

async function createOperation(kind: string, body: object, options: MutationOptions): Promise<ApiResult<Operation>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: `/api/operations/${kind}`,
    json: body,
    idempotencyKey: options.idempotencyKey,
    schema: operationSchema,
    signal: options.signal,
  });
  return { data, requestId };
}

/** POST /api/operations/transfer — moves one asset between two own accounts, 1:1 (quote made by the service). */
export function createTransfer(body: CreateTransferBody, options: MutationOptions): Promise<ApiResult<Operation>> {
  return createOperation('transfer', body, options);
}

/** POST /api/operations/swap — converts between assets at a quote's locked rate. */
export function createSwap(body: CreateSwapBody, options: MutationOptions): Promise<ApiResult<Operation>> {
  return createOperation('swap', body, options);
}

/** POST /api/operations/deposit — opens a deposit; the instructions to pay are in `intent.fundingInstruction`. */
export function createDeposit(body: CreateDepositBody, options: MutationOptions): Promise<ApiResult<Operation>> {
  return createOperation('deposit', body, options);
}

/** POST /api/operations/withdrawal — pays out to a saved beneficiary's approved payment instruction. */
export function createWithdrawal(body: CreateWithdrawalBody, options: MutationOptions): Promise<ApiResult<Operation>> {
  return createOperation('withdrawal', body, options);
}

/** GET /api/operations/{operationId} — one operation with its state history, fees and rail transactions. */
export async function getOperation(operationId: string, options?: CallOptions): Promise<ApiResult<Operation>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: `/api/operations/${pathSegment(operationId)}`,
    schema: operationSchema,
    signal: options?.signal,
  });
  return { data, requestId };
}

/** GET /api/operations — one page of operations, filtered by type, status, account and dates (extension). */
export async function listOperations(query: OperationListQuery = {}, options?: CallOptions): Promise<ApiPage<Operation>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: '/api/operations',
    query: { ...query },
    schema: operationPageSchema,
    signal: options?.signal,
  });
  return { data: data.data, meta: data.meta, requestId };
}
