'use client';

import { useTranslations } from 'next-intl';
import { get, useFormState, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { CountryOption } from '@/lib/domain/address/countries';
import { CountrySelect } from './country-select';
import { useFieldMessage } from '@/components/i18n/use-field-message';

type AddressKey = 'country' | 'postalCode' | 'addressLine1' | 'addressLine2' | 'city' | 'state';

/**
 * The contract's Address block (country first: it decides whether the CEP/UF rules and labels apply), for any
 * react-hook-form whose values hold an address at `name` — `address` on the company form, `ubos.0.address` or
 * `holder.address` on others. The schema behind it is `addressSchema` (lib/domain/address/address-schema.ts).
 */
export function AddressFields<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  countries,
}: {
  /** `TOut`: what the form's resolver turns the values into (a schema may transform other fields). */
  form: Pick<UseFormReturn<T, unknown, TOut>, 'register' | 'control'>;
  /** Path of the address object in the form values. */
  name: string;
  /** Named on the server (`countryOptions()`), never in the browser: see CountrySelect. */
  countries: readonly CountryOption[];
}) {
  const t = useTranslations('address');
  const fieldMessage = useFieldMessage();
  const path = (key: AddressKey) => `${name}.${key}` as Path<T>;
  // Its own subscription to its errors: `form.formState` is a snapshot refreshed only when the component that calls
  // `useForm` renders, and the create forms keep their fields in a memoised body under that component
  // (CreateAccountForm, CreateBeneficiaryForm), which does not render again for an error.
  const { errors } = useFormState({ control: form.control, name: name as Path<T> });
  const error = (key: AddressKey): string | undefined =>
    fieldMessage((get(errors, `${name}.${key}`) as { message?: string } | undefined)?.message);
  const brazil = useWatch({ control: form.control, name: path('country') }) === 'BR';

  return (
    <>
      <Field id={path('country')} label={t('country')} required error={error('country')}>
        <CountrySelect options={countries} placeholder={t('chooseCountry')} autoComplete="country" {...form.register(path('country'))} />
      </Field>
      <Field
        id={path('postalCode')}
        label={brazil ? t('postalCodeBr') : t('postalCode')}
        required
        hint={brazil ? t('postalCodeBrHint') : undefined}
        error={error('postalCode')}
      >
        <Input autoComplete="postal-code" {...form.register(path('postalCode'))} />
      </Field>
      <Field id={path('addressLine1')} label={t('line1')} required error={error('addressLine1')} className="md:col-span-2">
        <Input autoComplete="address-line1" {...form.register(path('addressLine1'))} />
      </Field>
      <Field
        id={path('addressLine2')}
        label={t('line2')}
        hint={t('line2Hint')}
        error={error('addressLine2')}
        className="md:col-span-2"
      >
        <Input autoComplete="address-line2" {...form.register(path('addressLine2'))} />
      </Field>
      <Field id={path('city')} label={t('city')} required error={error('city')}>
        <Input autoComplete="address-level2" {...form.register(path('city'))} />
      </Field>
      <Field
        id={path('state')}
        label={brazil ? t('stateBr') : t('state')}
        required
        hint={brazil ? t('stateBrHint') : undefined}
        error={error('state')}
      >
        <Input autoComplete="address-level1" {...form.register(path('state'))} />
      </Field>
    </>
  );
}
