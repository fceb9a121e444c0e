// zod/mini, not classic zod: this schema ships to the browser with the form (zodResolver); mini tree-shakes.
import * as z from 'zod/mini';
import type { CreateAccountBody } from '@/lib/api/accounts';
import { ASSETS } from '@/lib/money/assets';
import { cnpjSchema } from '@/lib/validation/zod';
import { isCountryCode } from '../address/countries';
import { isBrazilState } from '../address/brazil-states';
import { INDUSTRIES } from './industries';

/**
 * THE company-owner create form. The client form (react-hook-form + zodResolver) and the server action
 * validate with this same schema, so a value the form accepts is exactly a value the action accepts.
 * Only the CNPJ is normalised by the schema; the API body is built by `toCreateAccountBody`.
 */

const CEP = /^\d{5}-?\d{3}$/;
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date (UTC) as yyyy-mm-dd; the service works in UTC dates. */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const requiredText = (label: string, max: number) =>
  z.string({ error: `Enter the ${label}.` }).check(
    z.trim(),
    z.minLength(1, { error: `Enter the ${label}.`, abort: true }),
    z.maxLength(max, { error: `The ${label} must be at most ${max} characters.` }),
  );

export const accountAssetSchema = z.object({
  code: z.enum(ASSETS, { error: 'Choose a supported asset.' }),
  isVirtual: z.boolean(),
});

export const addressSchema = z
  .object({
    addressLine1: requiredText('street address', 200),
    addressLine2: z.optional(
      z.string().check(z.trim(), z.maxLength(200, { error: 'Address line 2 must be at most 200 characters.' })),
    ),
    city: requiredText('city', 100),
    state: requiredText('state', 100),
    country: z.string({ error: 'Choose a country.' }).check(z.refine(isCountryCode, { error: 'Choose a country from the list.' })),
    postalCode: z.string({ error: 'Enter the postal code.' }).check(z.trim(), z.minLength(1, { error: 'Enter the postal code.' })),
  })
  .check(
    z.superRefine((address, ctx) => {
      if (address.country === 'BR') {
        if (address.postalCode && !CEP.test(address.postalCode)) {
          ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter the CEP as 00000-000.' });
        }
        if (address.state && !isBrazilState(address.state)) {
          ctx.addIssue({ code: 'custom', path: ['state'], message: 'Enter the two-letter state code (UF), like SP.' });
        }
      } else if (address.postalCode && !POSTAL_CODE.test(address.postalCode)) {
        ctx.addIssue({
          code: 'custom',
          path: ['postalCode'],
          message: 'Enter a postal code of 2 to 12 letters, digits, spaces or hyphens.',
        });
      }
    }),
  );

export const createAccountSchema = z.object({
  legalName: requiredText('legal name', 200).check(
    z.refine((v) => v.length >= 2, { error: 'The legal name must be at least 2 characters.' }),
  ),
  // Masked or plain, numeric or alphanumeric; the output is the 14 upper-case characters the service takes.
  taxId: cnpjSchema,
  industry: z.enum(INDUSTRIES, { error: 'Choose an industry.' }),
  incorporateDate: z.string({ error: 'Enter the incorporation date.' }).check(
    z.minLength(1, { error: 'Enter the incorporation date.', abort: true }),
    z.refine(isRealDate, { error: 'Enter a valid date.', abort: true }),
    z.refine((v) => !isRealDate(v) || v >= '1800-01-01', { error: 'Enter a date after 1800.' }),
    z.refine((v) => !isRealDate(v) || v <= todayIsoDate(), { error: 'The incorporation date cannot be in the future.' }),
  ),
  address: addressSchema,
  assets: z.array(accountAssetSchema, { error: 'Choose at least one asset.' }).check(
    z.minLength(1, { error: 'Choose at least one asset.' }),
    z.superRefine((assets, ctx) => {
      const seen = new Set<string>();
      for (const [i, a] of assets.entries()) {
        if (seen.has(a.code)) {
          ctx.addIssue({ code: 'custom', path: [i, 'code'], message: `${a.code} is chosen more than once.` });
        }
        seen.add(a.code);
      }
    }),
  ),
});

export type CreateAccountInput = z.input<typeof createAccountSchema>;
export type CreateAccountValues = z.output<typeof createAccountSchema>;

/** Empty form values (the form's defaultValues). */
export function emptyCreateAccountValues(): CreateAccountInput {
  return {
    legalName: '',
    taxId: '',
    industry: '' as CreateAccountInput['industry'],
    incorporateDate: '',
    address: { addressLine1: '', addressLine2: '', city: '', state: '', country: 'BR', postalCode: '' },
    assets: [],
  };
}

/** Builds the contract's POST /api/accounts body from validated form values. */
export function toCreateAccountBody(values: CreateAccountValues): CreateAccountBody {
  const { address } = values;
  const brazil = address.country === 'BR';
  const cepDigits = address.postalCode.replace(/\D/g, '');
  return {
    assets: values.assets.map((a) => ({ code: a.code, isVirtual: a.isVirtual })),
    owner: {
      type: 'COMPANY',
      legalName: values.legalName,
      taxId: { value: values.taxId, type: 'CNPJ' },
      industry: values.industry,
      incorporateDate: values.incorporateDate,
      address: {
        addressLine1: address.addressLine1,
        addressLine2: address.addressLine2 ? address.addressLine2 : null,
        city: address.city,
        state: brazil ? address.state.toUpperCase() : address.state,
        country: address.country,
        postalCode: brazil ? `${cepDigits.slice(0, 5)}-${cepDigits.slice(5)}` : address.postalCode,
      },
    },
  };
}
