// zod/mini, not classic zod: this schema ships to the browser with the form (loaded on first
// validation: lazySchema in components/forms/form-model.ts); mini tree-shakes.
import * as z from 'zod/mini';
import type { CreateAccountBody } from '@/lib/api/accounts';
import { ASSETS } from '@/lib/money/assets';
import { fieldKey } from '@/lib/validation/validation-result';
import { cnpjSchema } from '@/lib/validation/zod';
import { addressSchema, requiredText } from '../address/address-schema';
import { INDUSTRIES } from './industries';
import { todayIsoDate } from './create-account-values';

/**
 * THE company-owner create form. The client form (components/forms/use-form.ts) and the server action
 * validate with this same schema, so a value the form accepts is exactly a value the action accepts.
 * Only the CNPJ is normalised by the schema; the API body is built by `toCreateAccountBody`.
 * Issue messages are `validation` catalogue keys (fieldKey), worded in the reader's language by the form.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export { emptyCreateAccountValues, todayIsoDate } from './create-account-values';

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const accountAssetSchema = z.object({
  code: z.enum(ASSETS, { error: 'assetUnsupported' }),
  isVirtual: z.boolean(),
});

export const createAccountSchema = z.object({
  legalName: requiredText('legalNameRequired', 200).check(
    z.refine((v) => v.length >= 2, { error: 'legalNameTooShort' }),
  ),
  // Masked or plain, numeric or alphanumeric; the output is the 14 upper-case characters the service takes.
  taxId: cnpjSchema,
  industry: z.enum(INDUSTRIES, { error: 'industryRequired' }),
  incorporateDate: z.string({ error: 'incorporateDateRequired' }).check(
    z.minLength(1, { error: 'incorporateDateRequired', abort: true }),
    z.refine(isRealDate, { error: 'dateInvalid', abort: true }),
    z.refine((v) => !isRealDate(v) || v >= '1800-01-01', { error: 'dateAfter1800' }),
    z.refine((v) => !isRealDate(v) || v <= todayIsoDate(), { error: 'incorporateDateFuture' }),
  ),
  address: addressSchema,
  assets: z.array(accountAssetSchema, { error: 'assetsRequired' }).check(
    z.minLength(1, { error: 'assetsRequired' }),
    z.superRefine((assets, ctx) => {
      const seen = new Set<string>();
      for (const [i, a] of assets.entries()) {
        if (seen.has(a.code)) {
          ctx.addIssue({ code: 'custom', path: [i, 'code'], message: fieldKey('assetDuplicate', { asset: a.code }) });
        }
        seen.add(a.code);
      }
    }),
  ),
});

export type CreateAccountInput = z.input<typeof createAccountSchema>;
export type CreateAccountValues = z.output<typeof createAccountSchema>;

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
