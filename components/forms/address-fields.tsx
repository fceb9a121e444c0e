'use client';

import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { CountryOption } from '@/lib/domain/address/countries';
import { CountrySelect } from './country-select';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { getPath } from './form-model';
import type { FormApi } from './use-form';

type AddressKey = 'country' | 'postalCode' | 'addressLine1' | 'addressLine2' | 'city' | 'state';

/**
 * The contract's Address block (country first: it decides whether the CEP/UF rules and labels apply), for any form
 * (`useForm`) whose values hold an address at `name` — `address` on the company form, `holder.address` on the
 * beneficiary form. The schema behind it is `addressSchema` (lib/domain/address/address-schema.ts).
 */
export function AddressFields({
  form,
  name,
  countries,
}: {
  form: Pick<FormApi<object, unknown>, 'register' | 'error' | 'values'>;
  /** Path of the address object in the form values. */
  name: string;
  /** Named on the server (`countryOptions()`), never in the browser: see CountrySelect. */
  countries: readonly CountryOption[];
}) {
  const t = useTranslations('address');
  const fieldMessage = useFieldMessage();
  const path = (key: AddressKey) => `${name}.${key}`;
  const error = (key: AddressKey): string | undefined => fieldMessage(form.error(path(key)));
  const brazil = getPath(form.values, path('country')) === 'BR';

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
