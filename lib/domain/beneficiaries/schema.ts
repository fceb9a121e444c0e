// zod/mini: this schema ships to the browser with the form and is re-checked by the server action.
import * as z from 'zod/mini';
import { ASSETS } from '@/lib/money/assets';
import { addressSchema } from '@/lib/domain/accounts/create-account';
import { validateCpf } from '@/lib/validation/cpf';
import { DICT_KEY_TYPES, normalizeDictKey } from './dict-key';
import { dateOfBirthProblem, RELATIONSHIP_TYPES } from './holder';

export { RELATIONSHIP_TYPES };

/**
 * Field names follow the service's request body (`holder.taxId.value`, `paymentInstruction.dictKey`), so the
 * service's own refusals land on the same inputs as ours. Messages are codes; the form words them
 * (catalogue `beneficiaries.errors.<code>`).
 */
const name = z.string({ error: 'REQUIRED' }).check(z.trim(), z.minLength(1, { error: 'REQUIRED', abort: true }), z.maxLength(100, { error: 'TOO_LONG' }));

export const instructionSchema = z
  .object({
    asset: z.enum(ASSETS, { error: 'REQUIRED' }),
    dictKeyType: z.enum(DICT_KEY_TYPES, { error: 'KEY_TYPE_INVALID' }),
    dictKey: z.string({ error: 'KEY_REQUIRED' }),
  })
  .check(
    z.superRefine((value, ctx) => {
      const r = normalizeDictKey(value.dictKeyType, value.dictKey);
      if (!r.ok) ctx.addIssue({ code: 'custom', path: ['dictKey'], message: r.code });
    }),
  );
export type InstructionValues = z.infer<typeof instructionSchema>;

// The CPF and date-of-birth rules sit on their own fields (not on the whole object), so a person sees them as soon
// as they leave the field — an object-level refinement would wait until every other field is valid.
const cpfValue = z.string({ error: 'CPF_REQUIRED' }).check(
  z.superRefine((cpf, ctx) => {
    if (cpf.trim() === '') ctx.addIssue({ code: 'custom', message: 'CPF_REQUIRED', input: cpf });
    else if (!validateCpf(cpf).ok) ctx.addIssue({ code: 'custom', message: 'CPF_INVALID', input: cpf });
  }),
);
const dateOfBirth = z.string({ error: 'DOB_REQUIRED' }).check(
  z.superRefine((dob, ctx) => {
    const problem = dateOfBirthProblem(dob, new Date());
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: dob });
  }),
);

export const createBeneficiarySchema = z.object({
  holder: z.object({
    firstName: name,
    lastName: name,
    taxId: z.object({ value: cpfValue }),
    dateOfBirth,
    address: addressSchema,
  }),
  relationshipType: z.enum(RELATIONSHIP_TYPES, { error: 'RELATIONSHIP_REQUIRED' }),
  paymentInstruction: instructionSchema,
});
export type CreateBeneficiaryValues = z.infer<typeof createBeneficiarySchema>;

/** The service's body from validated form values: CPF as 11 digits, key normalised, empty line 2 as null. */
export function toCreateBeneficiaryBody(v: CreateBeneficiaryValues) {
  const cpf = validateCpf(v.holder.taxId.value);
  const a = v.holder.address;
  return {
    holder: {
      type: 'INDIVIDUAL' as const,
      firstName: v.holder.firstName,
      lastName: v.holder.lastName,
      taxId: { type: 'CPF', value: cpf.ok ? cpf.normalized : v.holder.taxId.value },
      dateOfBirth: v.holder.dateOfBirth,
      address: {
        addressLine1: a.addressLine1,
        addressLine2: a.addressLine2 ? a.addressLine2 : null,
        city: a.city,
        state: a.state,
        country: a.country,
        postalCode: a.country === 'BR' ? a.postalCode.replace(/\D/g, '').replace(/^(\d{5})(\d{3})$/, '$1-$2') : a.postalCode,
      },
    },
    relationshipType: v.relationshipType,
    paymentInstruction: toInstructionBody(v.paymentInstruction),
  };
}

export function toInstructionBody(v: InstructionValues) {
  const key = normalizeDictKey(v.dictKeyType, v.dictKey);
  return { type: 'PIX' as const, asset: v.asset, dictKeyType: v.dictKeyType, dictKey: key.ok ? key.normalized : v.dictKey };
}
