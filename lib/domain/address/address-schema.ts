import * as z from 'zod/mini';
import { fieldKey } from '@/lib/validation/validation-result';
import { isBrazilState } from './brazil-states';
import { isCountryCode } from './countries';

// The postal address a form asks for (a company owner, a beneficiary holder), checked the same way on the client and
// in the server action. Issue messages are `validation` catalogue keys.

const CEP = /^\d{5}-?\d{3}$/;
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;

/** Trimmed text that must be there (`requiredKey` when empty) and at most `max` characters. */
export const requiredText = (requiredKey: string, max: number) =>
  z.string({ error: requiredKey }).check(
    z.trim(),
    z.minLength(1, { error: requiredKey, abort: true }),
    z.maxLength(max, { error: fieldKey('tooLong', { max }) }),
  );

export const addressSchema = z
  .object({
    addressLine1: requiredText('streetRequired', 200),
    addressLine2: z.optional(
      z.string().check(z.trim(), z.maxLength(200, { error: fieldKey('tooLong', { max: 200 }) })),
    ),
    city: requiredText('cityRequired', 100),
    state: requiredText('stateRequired', 100),
    country: z.string({ error: 'countryRequired' }).check(z.refine(isCountryCode, { error: 'countryFromList' })),
    postalCode: z.string({ error: 'postalCodeRequired' }).check(z.trim(), z.minLength(1, { error: 'postalCodeRequired' })),
  })
  .check(
    z.superRefine((address, ctx) => {
      if (address.country === 'BR') {
        if (address.postalCode && !CEP.test(address.postalCode)) {
          ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'cepFormat' });
        }
        if (address.state && !isBrazilState(address.state)) {
          ctx.addIssue({ code: 'custom', path: ['state'], message: 'ufFormat' });
        }
      } else if (address.postalCode && !POSTAL_CODE.test(address.postalCode)) {
        ctx.addIssue({
          code: 'custom',
          path: ['postalCode'],
          message: 'postalCodeFormat',
        });
      }
    }),
  );
