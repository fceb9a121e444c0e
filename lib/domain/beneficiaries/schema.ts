// zod/mini: this schema ships to the browser with the form and is re-checked by the server action.
import * as z from 'zod/mini';
import { ASSETS } from '@/lib/money/assets';
import { addressSchema } from '@/lib/domain/address/address-schema';
import { validateCnpj } from '@/lib/validation/cnpj';
import { validateCpf } from '@/lib/validation/cpf';
import { fieldKey } from '@/lib/validation/validation-result';
import { DICT_KEY_TYPES, normalizeDictKey } from './dict-key';
import { dateOfBirthProblem, HOLDER_TYPES, RELATIONSHIP_TYPES } from './holder';

export { HOLDER_TYPES, RELATIONSHIP_TYPES };

/**
 * Field names follow the service's request body (`holder.taxId.value`, `paymentInstruction.dictKey`), so the
 * service's own refusals land on the same inputs as ours. Messages are codes of the `errors` catalogue (with their
 * values as `fieldKey` writes them); the address's are keys of `validation`.
 */
const name = z.string({ error: 'REQUIRED' }).check(z.trim(), z.minLength(1, { error: 'REQUIRED', abort: true }), z.maxLength(100, { error: fieldKey('TOO_LONG', { max: 100 }) }));

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

const cnpjValue = z.string({ error: 'CNPJ_REQUIRED' }).check(
  z.superRefine((cnpj, ctx) => {
    if (cnpj.trim() === '') ctx.addIssue({ code: 'custom', message: 'CNPJ_REQUIRED', input: cnpj });
    else if (!validateCnpj(cnpj).ok) ctx.addIssue({ code: 'custom', message: 'CNPJ_INVALID', input: cnpj });
  }),
);
// The service keeps company names up to 200 characters (a person's names up to 100).
const legalName = z
  .string({ error: 'REQUIRED' })
  .check(z.trim(), z.minLength(1, { error: 'REQUIRED', abort: true }), z.maxLength(200, { error: fieldKey('TOO_LONG', { max: 200 }) }));
const tradeName = z.optional(z.string().check(z.trim(), z.maxLength(200, { error: fieldKey('TOO_LONG', { max: 200 }) })));

const individualHolder = z.object({
  type: z.literal('INDIVIDUAL'),
  firstName: name,
  lastName: name,
  taxId: z.object({ value: cpfValue }),
  dateOfBirth,
  address: addressSchema,
});
/** A company (upstream's COMPANY holder): legal name, optional trade name, CNPJ with its check digits, address. */
const companyHolder = z.object({
  type: z.literal('COMPANY'),
  legalName,
  tradeName,
  taxId: z.object({ value: cnpjValue }),
  address: addressSchema,
});

export const createBeneficiarySchema = z.object({
  holder: z.discriminatedUnion('type', [individualHolder, companyHolder], { error: 'HOLDER_TYPE_REQUIRED' }),
  relationshipType: z.enum(RELATIONSHIP_TYPES, { error: 'RELATIONSHIP_REQUIRED' }),
  paymentInstruction: instructionSchema,
});
export type CreateBeneficiaryValues = z.infer<typeof createBeneficiarySchema>;

/**
 * What the create form holds: both kinds' fields at once, so switching between a person and a company keeps what
 * was typed; the schema reads only the chosen kind's fields.
 */
export interface CreateBeneficiaryFormValues {
  holder: {
    type: (typeof HOLDER_TYPES)[number];
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    legalName: string;
    tradeName: string;
    taxId: { value: string };
    address: { addressLine1: string; addressLine2: string; city: string; state: string; country: string; postalCode: string };
  };
  relationshipType: CreateBeneficiaryValues['relationshipType'];
  paymentInstruction: InstructionValues;
}

function addressBody(a: CreateBeneficiaryValues['holder']['address']) {
  return {
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ? a.addressLine2 : null,
    city: a.city,
    state: a.state,
    country: a.country,
    postalCode: a.country === 'BR' ? a.postalCode.replace(/\D/g, '').replace(/^(\d{5})(\d{3})$/, '$1-$2') : a.postalCode,
  };
}

/** The service's body from validated form values: CPF as 11 digits / CNPJ as 14, key normalised, empty line 2 as null. */
export function toCreateBeneficiaryBody(v: CreateBeneficiaryValues) {
  const h = v.holder;
  const holder =
    h.type === 'COMPANY'
      ? (() => {
          const cnpj = validateCnpj(h.taxId.value);
          return {
            type: 'COMPANY' as const,
            legalName: h.legalName,
            tradeName: h.tradeName ? h.tradeName : null,
            taxId: { type: 'CNPJ' as const, value: cnpj.ok ? cnpj.normalized : h.taxId.value },
            address: addressBody(h.address),
          };
        })()
      : (() => {
          const cpf = validateCpf(h.taxId.value);
          return {
            type: 'INDIVIDUAL' as const,
            firstName: h.firstName,
            lastName: h.lastName,
            taxId: { type: 'CPF' as const, value: cpf.ok ? cpf.normalized : h.taxId.value },
            dateOfBirth: h.dateOfBirth,
            address: addressBody(h.address),
          };
        })();
  return { holder, relationshipType: v.relationshipType, paymentInstruction: toInstructionBody(v.paymentInstruction) };
}

export function toInstructionBody(v: InstructionValues) {
  const key = normalizeDictKey(v.dictKeyType, v.dictKey);
  return { type: 'PIX' as const, asset: v.asset, dictKeyType: v.dictKeyType, dictKey: key.ok ? key.normalized : v.dictKey };
}
