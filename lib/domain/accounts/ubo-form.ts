// zod/mini: this schema ships to the browser with the add-owner form (the same one the server action checks).
import * as z from 'zod/mini';
import type { AddUboBody } from '@/lib/api/accounts';
import { formatCnpj, validateCnpj } from '@/lib/validation/cnpj';
import { formatCpf, validateCpf } from '@/lib/validation/cpf';
import { fieldKey } from '@/lib/validation/validation-result';
import { addTransformIssue } from '@/lib/validation/zod';
import { addressSchema } from '../address/address-schema';
import { checkOwnership, percentageForService, type OwnershipProblem } from './ownership';

/**
 * The add-beneficial-owner form (POST /api/accounts/{id}/ubos). Issue messages are catalogue keys (fieldKey): the
 * owner's own as codes of `errors`, the tax id's and the address's in `validation` (the shared CPF/CNPJ validators
 * and address schema), so the form words them in the reader's language.
 */

export type UboTaxIdType = 'CPF' | 'CNPJ';

/** A person has a CPF (11 digits); a company owner a CNPJ (14, possibly alphanumeric). Decided while typing. */
export function uboTaxIdType(input: string): UboTaxIdType {
  const raw = input.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return raw.length <= 11 && /^\d*$/.test(raw) ? 'CPF' : 'CNPJ';
}

/** The tax id in its usual mask as it is typed: 123.456.789-09 or 11.222.333/0001-81. */
export function formatUboTaxId(input: string): string {
  return uboTaxIdType(input) === 'CPF' ? formatCpf(input) : formatCnpj(input);
}

/** The `errors` code of each ownership problem (the sentences name the percentage still left, `remaining`). */
export const OWNERSHIP_ERROR_CODES: Record<OwnershipProblem, string> = {
  REQUIRED: 'OWNERSHIP_REQUIRED',
  INVALID: 'OWNERSHIP_INVALID',
  BELOW_MINIMUM: 'OWNERSHIP_BELOW_MINIMUM',
  TOTAL_EXCEEDS_100: 'OWNERSHIP_TOTAL_EXCEEDS_100',
};

/** Builds the schema against the owners the account already has (their percentages make the total). */
export function uboFormSchema(existingOwnership: readonly (number | null | undefined)[]) {
  return z.object({
    name: z.string({ error: 'OWNER_NAME_REQUIRED' }).check(
      z.trim(),
      z.minLength(2, { error: 'OWNER_NAME_REQUIRED', abort: true }),
      z.maxLength(200, { error: fieldKey('TOO_LONG', { max: 200 }) }),
    ),
    taxId: z.pipe(
      z.string({ error: 'OWNER_TAX_ID_REQUIRED' }),
      z.transform((input: string, ctx) => {
        if (input.trim() === '') {
          addTransformIssue(ctx, { message: 'OWNER_TAX_ID_REQUIRED' });
          return z.NEVER;
        }
        const type = uboTaxIdType(input);
        const r = type === 'CPF' ? validateCpf(input) : validateCnpj(input);
        if (!r.ok) {
          // The validator's own catalogue key (`cpfCheckDigits`, `cnpjLength` …) says what exactly is wrong.
          addTransformIssue(ctx, { message: fieldKey(r.key, r.values) });
          return z.NEVER;
        }
        return { value: r.normalized, type };
      }),
    ),
    address: addressSchema,
    ownershipPercentage: z.pipe(
      z.string({ error: OWNERSHIP_ERROR_CODES.REQUIRED }),
      z.transform((input: string, ctx) => {
        const check = checkOwnership(input, existingOwnership);
        if (!check.ok) {
          addTransformIssue(ctx, { message: fieldKey(OWNERSHIP_ERROR_CODES[check.problem], { remaining: check.remaining }) });
          return z.NEVER;
        }
        return check.value;
      }),
    ),
  });
}

export type UboFormInput = z.input<ReturnType<typeof uboFormSchema>>;
export type UboFormValues = z.output<ReturnType<typeof uboFormSchema>>;

export function emptyUboFormValues(): UboFormInput {
  return {
    name: '',
    taxId: '',
    address: { addressLine1: '', addressLine2: '', city: '', state: '', country: 'BR', postalCode: '' },
    ownershipPercentage: '',
  };
}

/** The contract's POST /api/accounts/{id}/ubos body from validated values. */
export function toAddUboBody(values: UboFormValues): AddUboBody {
  const a = values.address;
  const brazil = a.country === 'BR';
  const cep = a.postalCode.replace(/\D/g, '');
  return {
    name: values.name,
    taxId: values.taxId,
    address: {
      addressLine1: a.addressLine1,
      addressLine2: a.addressLine2 ? a.addressLine2 : null,
      city: a.city,
      state: brazil ? a.state.toUpperCase() : a.state,
      country: a.country,
      postalCode: brazil ? `${cep.slice(0, 5)}-${cep.slice(5)}` : a.postalCode,
    },
    ownershipPercentage: percentageForService(values.ownershipPercentage),
  };
}

/**
 * Where the service's refusals of an add-owner request belong in the form (issue: "land on the right field").
 * Everything else is a form-level sentence.
 */
export const UBO_REFUSAL_FIELDS: Record<string, 'taxId' | 'ownershipPercentage' | null> = {
  DUPLICATE_UBO: 'taxId',
  INSUFFICIENT_OWNERSHIP: 'ownershipPercentage',
  OWNERSHIP_EXCEEDS_100: 'ownershipPercentage',
  ACCOUNT_NOT_MODIFIABLE: null,
};
