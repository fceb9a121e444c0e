import 'server-only';
import { pathSegment, type CallOptions, type MutationOptions } from './client';
import { clientFor } from './default-client';
import { beneficiarySchema, beneficiarySummarySchema, type Beneficiary, type BeneficiarySummary } from './schemas/beneficiary';
import { pageSchema } from './schemas/common';
import type { AddressInput, ApiPage, ApiResult, PageQuery, TaxIdInput } from './types';

export type BeneficiaryHolderInput =
  | { type: 'INDIVIDUAL'; firstName: string; lastName: string; taxId: TaxIdInput; dateOfBirth: string; address: AddressInput }
  | { type: 'COMPANY'; legalName: string; tradeName?: string | null; taxId: TaxIdInput; address: AddressInput };

export interface PixInstructionInput {
  type: 'PIX';
  asset: string;
  dictKeyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
  dictKey: string;
}

export interface CreateBeneficiaryBody {
  holder: BeneficiaryHolderInput;
  relationshipType: 'SELF_OWNED' | 'THIRD_PARTY';
  paymentInstruction: PixInstructionInput;
}

const summaryPageSchema = pageSchema(beneficiarySummarySchema);

/** POST /api/beneficiaries — saves a payee; its first payment instruction starts PENDING_REVIEW. */
export async function createBeneficiary(body: CreateBeneficiaryBody, options: MutationOptions): Promise<ApiResult<Beneficiary>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: '/api/beneficiaries',
    json: body,
    idempotencyKey: options.idempotencyKey,
    schema: beneficiarySchema,
    signal: options.signal,
  });
  return { data, requestId };
}

/** GET /api/beneficiaries/{beneficiaryId} — the beneficiary with all its payment instructions. */
export async function getBeneficiary(beneficiaryId: string, options?: CallOptions): Promise<ApiResult<Beneficiary>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: `/api/beneficiaries/${pathSegment(beneficiaryId)}`,
    schema: beneficiarySchema,
    signal: options?.signal,
  });
  return { data, requestId };
}

/** GET /api/beneficiaries — one page of beneficiaries with their instructions (extension); `name` searches holders. */
export async function listBeneficiaries(query: PageQuery & { name?: string } = {}, options?: CallOptions): Promise<ApiPage<BeneficiarySummary>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'GET',
    path: '/api/beneficiaries',
    query: { ...query },
    schema: summaryPageSchema,
    signal: options?.signal,
  });
  return { data: data.data, meta: data.meta, requestId };
}

/** POST /api/beneficiaries/{beneficiaryId}/payment-instructions — adds an instruction; returns the full beneficiary. */
export async function addPaymentInstruction(
  beneficiaryId: string,
  body: PixInstructionInput,
  options: MutationOptions,
): Promise<ApiResult<Beneficiary>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: `/api/beneficiaries/${pathSegment(beneficiaryId)}/payment-instructions`,
    json: body,
    idempotencyKey: options.idempotencyKey,
    schema: beneficiarySchema,
    signal: options.signal,
  });
  return { data, requestId };
}
