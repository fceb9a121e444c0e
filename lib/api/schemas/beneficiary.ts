import 'server-only';
import { z } from 'zod';
import { addressSchema, assetCodeSchema, dateTimeSchema, openEnum, stateEntrySchema, taxIdSchema } from './common';

export const RELATIONSHIP_TYPE_VALUES = ['SELF_OWNED', 'THIRD_PARTY'] as const;
export const PAYMENT_INSTRUCTION_STATUS_VALUES = ['PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const;
export const DICT_KEY_TYPE_VALUES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;

const individualHolder = z.looseObject({
  type: z.literal('INDIVIDUAL'),
  firstName: z.string(),
  lastName: z.string(),
  taxId: taxIdSchema,
  dateOfBirth: z.string().nullish(),
  address: addressSchema,
});
/** As upstream sends it ("not shown" in the contract). */
const companyHolder = z.looseObject({
  type: z.literal('COMPANY'),
  legalName: z.string(),
  tradeName: z.string().nullish(),
  taxId: taxIdSchema,
  address: addressSchema,
});
const otherHolder = z.looseObject({ type: z.string().refine((t) => t !== 'INDIVIDUAL' && t !== 'COMPANY') });

export const beneficiaryHolderSchema = z.union([individualHolder, companyHolder, otherHolder]);
export type BeneficiaryHolder = z.infer<typeof beneficiaryHolderSchema>;

const pixAddress = z.looseObject({ rail: z.literal('PIX_KEY'), dictKeyType: openEnum(DICT_KEY_TYPE_VALUES), dictKey: z.string() });
const otherAddress = z.looseObject({ rail: z.string().refine((r) => r !== 'PIX_KEY') });
export const paymentAddressSchema = z.union([pixAddress, otherAddress]);

export const paymentInstructionSchema = z.looseObject({
  id: z.string(),
  asset: assetCodeSchema,
  currentState: stateEntrySchema(PAYMENT_INSTRUCTION_STATUS_VALUES),
  address: paymentAddressSchema,
  createdAt: dateTimeSchema,
});
export type PaymentInstruction = z.infer<typeof paymentInstructionSchema>;

export const beneficiarySchema = z.looseObject({
  id: z.string(),
  customerId: z.string(),
  holder: beneficiaryHolderSchema,
  relationshipType: openEnum(RELATIONSHIP_TYPE_VALUES),
  paymentInstructions: z.array(paymentInstructionSchema),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;

/** Item of `GET /api/beneficiaries` (extension): the count of instructions and, from the sandbox, the instructions. */
export const beneficiarySummarySchema = z.looseObject({
  id: z.string(),
  customerId: z.string(),
  holder: beneficiaryHolderSchema,
  relationshipType: openEnum(RELATIONSHIP_TYPE_VALUES),
  instructionCount: z.number().int().nonnegative(),
  paymentInstructions: z.array(paymentInstructionSchema).optional(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type BeneficiarySummary = z.infer<typeof beneficiarySummarySchema>;
