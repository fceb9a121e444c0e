import 'server-only';
import { z } from 'zod';
import type { Asset } from '@/lib/money/assets';
import { pathSegment, type CallOptions, type MutationOptions } from './client';
import { clientFor } from './default-client';
import { accountSchema, uboSchema, type Account, type Ubo } from './schemas/account';
import { pageSchema } from './schemas/common';
import { fundingInstructionSchema, type FundingInstruction } from './schemas/funding-instruction';
import type { AddressInput, ApiPage, ApiResult, PageQuery, TaxIdInput } from './types';

export interface AccountListQuery extends PageQuery {
  /** Built with `buildFilters` (lib/api/filters.ts). */
  filters?: string;
  includeTotalMatches?: boolean;
}

/** The one definition of POST /api/accounts' body (the create form builds it in lib/domain/accounts). */
export interface CreateAccountBody {
  /** At least one item; codes unique. */
  assets: { code: Asset; isVirtual: boolean }[];
  owner: {
    type: 'COMPANY';
    legalName: string;
    taxId: TaxIdInput;
    industry: string;
    /** `YYYY-MM-DD`. */
    incorporateDate?: string;
    address: AddressInput;
  };
}

export interface AddUboBody {
  name: string;
  taxId: TaxIdInput;
  address: AddressInput;
  ownershipPercentage?: number;
}

const accountPageSchema = pageSchema(accountSchema);
const fundingPageSchema = pageSchema(fundingInstructionSchema);
// Upstream returns a bare array here, a paginated service would return {data, meta}: accept both.
const uboListSchema = z.union([
  z.array(uboSchema),
  z.looseObject({ data: z.array(uboSchema) }).transform((page) => page.data),
]);

/** GET /api/accounts — one page of accounts, optionally filtered. */
export async function listAccounts(query: AccountListQuery = {}, options?: CallOptions): Promise<ApiPage<Account>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: '/api/accounts',
    query: { ...query },
    schema: accountPageSchema,
    signal: options?.signal,
  });
  return { data: data.data, meta: data.meta, requestId };
}

/** GET /api/accounts/{accountId} — one account with owner, UBOs, assets and requirements. */
export async function getAccount(accountId: string, options?: CallOptions): Promise<ApiResult<Account>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: `/api/accounts/${pathSegment(accountId)}`,
    schema: accountSchema,
    signal: options?.signal,
  });
  return { data, requestId };
}

/** POST /api/accounts — opens an account for a company owner (starts in ACTION_REQUIRED). */
export async function createAccount(body: CreateAccountBody, options: MutationOptions): Promise<ApiResult<Account>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: '/api/accounts',
    json: body,
    idempotencyKey: options.idempotencyKey,
    schema: accountSchema,
    signal: options.signal,
  });
  return { data, requestId };
}

/** POST /api/accounts/{accountId}/ubos — adds a beneficial owner; returns the UBO. */
export async function addUbo(accountId: string, body: AddUboBody, options: MutationOptions): Promise<ApiResult<Ubo>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: `/api/accounts/${pathSegment(accountId)}/ubos`,
    json: body,
    idempotencyKey: options.idempotencyKey,
    schema: uboSchema,
    signal: options.signal,
  });
  return { data, requestId };
}

/** GET /api/accounts/{accountId}/ubos — the account's beneficial owners (upstream extension). */
export async function listUbos(accountId: string, options?: CallOptions): Promise<ApiResult<Ubo[]>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: `/api/accounts/${pathSegment(accountId)}/ubos`,
    schema: uboListSchema,
    signal: options?.signal,
  });
  return { data, requestId };
}

/** GET /api/accounts/{accountId}/fundingInstructions — how to pay into the account, per asset and rail. */
export async function listFundingInstructions(
  accountId: string,
  query: PageQuery = {},
  options?: CallOptions,
): Promise<ApiPage<FundingInstruction>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: `/api/accounts/${pathSegment(accountId)}/fundingInstructions`,
    query: { ...query },
    schema: fundingPageSchema,
    signal: options?.signal,
  });
  return { data: data.data, meta: data.meta, requestId };
}

/** POST /api/accounts/{accountId}/review — submits the account for review (202, no body; extension). */
export async function submitAccountReview(accountId: string, options: MutationOptions): Promise<ApiResult<null>> {
  const { requestId } = await clientFor(options).request<never>({
    method: 'POST',
    path: `/api/accounts/${pathSegment(accountId)}/review`,
    idempotencyKey: options.idempotencyKey,
    signal: options.signal,
  });
  return { data: null, requestId };
}
