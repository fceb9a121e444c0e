import 'server-only';
import { z } from 'zod';
import {
  addressSchema,
  assetCodeSchema,
  dateTimeSchema,
  openEnum,
  reasonSchema,
  stateEntrySchema,
  tagSchema,
  taxIdSchema,
} from './common';

/** Known values (contract and upstream) for labels and filters; responses accept others too. */
export const ACCOUNT_STATUS_VALUES = ['ACTION_REQUIRED', 'REVIEWING', 'OPENING', 'ACTIVE', 'REJECTED', 'CLOSED'] as const;
export const ACCOUNT_ASSET_STATUS_VALUES = ['ONBOARDING', 'ACTIVE', 'FAILED', 'FROZEN', 'DEACTIVATED'] as const;
export const UBO_STATUS_VALUES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const REQUIREMENT_TYPE_VALUES = ['DOCUMENT', 'DOCUMENT_GROUP'] as const;
export const DOCUMENT_SUB_TYPE_VALUES = ['FRONT_SIDE', 'BACK_SIDE'] as const;
export const DOCUMENT_TYPE_VALUES = [
  'PASSPORT', 'ARTICLES_OF_ASSOCIATION', 'OTHER', 'AGREEMENT', 'DIRECTORS_REGISTRY', 'INCORPORATION_ARTICLES',
  'INCORPORATION_CERT', 'PROOF_OF_ADDRESS', 'SHAREHOLDER_REGISTRY', 'POWER_OF_ATTORNEY', 'STATE_REGISTRY',
  'EVIDENCE_OF_SOURCE_OF_FUNDS', 'EVIDENCE_OF_SOURCE_OF_WEALTH', 'PROOF_OF_REGULATORY_LICENSE',
  'PROOF_OF_BUSINESS_ACTIVITY', 'FUND_FLOW_EXPLANATION', 'AML_POLICY', 'FINANCIAL_STATEMENT', 'ORGANIZATIONAL_CHART',
  'SHAREHOLDER_OWNERSHIP', 'WOLFSBERG_QUESTIONNAIRE', 'ID_CARD', 'DRIVER_LICENSE', 'RESIDENCE_PERMIT', 'SELFIE',
  'UTILITY_BILL',
] as const;

export const uboSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  taxId: taxIdSchema,
  address: addressSchema,
  currentState: stateEntrySchema(UBO_STATUS_VALUES),
  ownershipPercentage: z.number().nullish(),
});
export type Ubo = z.infer<typeof uboSchema>;

export const companyOwnerSchema = z.looseObject({
  type: z.literal('COMPANY'),
  legalName: z.string(),
  taxId: taxIdSchema,
  industry: z.string(),
  incorporateDate: z.string().nullish(),
  address: addressSchema,
  ubos: z.array(uboSchema).default([]),
});
export type CompanyOwner = z.infer<typeof companyOwnerSchema>;

/** Not in the contract (upstream has it); accepted so such accounts still render. */
export const individualOwnerSchema = z.looseObject({
  type: z.literal('INDIVIDUAL'),
  firstName: z.string(),
  lastName: z.string(),
  taxId: taxIdSchema,
  address: addressSchema.nullish(),
});

const otherOwnerSchema = z.looseObject({
  type: z.string().refine((t) => t !== 'COMPANY' && t !== 'INDIVIDUAL'),
});

export const accountOwnerSchema = z.union([companyOwnerSchema, individualOwnerSchema, otherOwnerSchema]);
export type AccountOwner = z.infer<typeof accountOwnerSchema>;

export const accountAssetSchema = z.looseObject({
  asset: assetCodeSchema,
  allowsVirtualAccounts: z.boolean(),
  status: openEnum(ACCOUNT_ASSET_STATUS_VALUES),
});
export type AccountAsset = z.infer<typeof accountAssetSchema>;

export const requirementItemSchema = z.looseObject({
  type: openEnum(REQUIREMENT_TYPE_VALUES),
  documentType: openEnum(DOCUMENT_TYPE_VALUES).nullish(),
  documentSubType: openEnum(DOCUMENT_SUB_TYPE_VALUES).nullish(),
  group: z.string().nullish(),
  options: z.array(z.string()).nullish(),
  uboId: z.string().nullish(),
  requiredMetadata: z.array(z.string()).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  reason: reasonSchema.nullish(),
});
export type RequirementItem = z.infer<typeof requirementItemSchema>;

export const requirementsSchema = z.looseObject({
  currentlyDue: z.array(requirementItemSchema),
  pendingVerification: z.array(requirementItemSchema),
  errors: z.array(requirementItemSchema),
  satisfied: z.array(requirementItemSchema),
});
export type Requirements = z.infer<typeof requirementsSchema>;

const accountStateSchema = stateEntrySchema(ACCOUNT_STATUS_VALUES);

export const accountSchema = z.looseObject({
  id: z.string(),
  customer: z.looseObject({ id: z.string() }),
  owner: accountOwnerSchema,
  assets: z.array(accountAssetSchema),
  requirements: requirementsSchema,
  tags: z.array(tagSchema).default([]),
  currentState: accountStateSchema,
  states: z.array(accountStateSchema),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  sourceAccountId: z.string().nullish(),
});
export type Account = z.infer<typeof accountSchema>;
