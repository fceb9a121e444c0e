// The create-account form's starting values, apart from the schema (./create-account.ts) so the form can import
// them without zod: the schema is loaded on first validation (lazySchema, components/forms/form-model.ts).
import type { CreateAccountInput } from './create-account';

/** Today's date (UTC) as yyyy-mm-dd; the service works in UTC dates. */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

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
