import 'server-only';
import { z } from 'zod';
import { assetCodeSchema, openEnum } from './common';

export const PIX_KEY_TYPE_VALUES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP', 'RANDOM'] as const;

const KNOWN = new Set(['PIX_KEY', 'PIX_STATIC_QR_CODE', 'TED', 'BOLETO', 'CRYPTO']);

const pixKey = z.looseObject({ rail: z.literal('PIX_KEY'), keyType: openEnum(PIX_KEY_TYPE_VALUES), key: z.string() });
const pixQr = z.looseObject({ rail: z.literal('PIX_STATIC_QR_CODE'), qrCode: z.string() });
const ted = z.looseObject({
  rail: z.literal('TED'),
  bankCode: z.string(),
  branch: z.string(),
  accountNumber: z.string(),
  accountType: z.string(),
});
const boleto = z.looseObject({ rail: z.literal('BOLETO'), barcode: z.string(), dueDate: z.string() });
const crypto = z.looseObject({ rail: z.literal('CRYPTO'), network: z.string(), walletAddress: z.string() });
/** Rails the contract does not detail still render (as their raw fields). */
const otherRail = z.looseObject({ rail: z.string().refine((r) => !KNOWN.has(r)) });

/** Details of how to pay in, discriminated by `rail` (deposit intent and the account's instruction list). */
export const fundingDetailsSchema = z.union([pixKey, pixQr, ted, boleto, crypto, otherRail]);
export type FundingDetails = z.infer<typeof fundingDetailsSchema>;

/** Item of `GET /api/accounts/{id}/fundingInstructions`: the rail details plus the asset they fund. */
export const fundingInstructionSchema = z.intersection(
  z.looseObject({ asset: assetCodeSchema.optional() }),
  fundingDetailsSchema,
);
export type FundingInstruction = z.infer<typeof fundingInstructionSchema>;
