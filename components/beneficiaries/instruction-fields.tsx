'use client';

import { useTranslations } from 'next-intl';
import { get, useFormState, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { DICT_KEY_TYPES, isDictKeyType, normalizeDictKey } from '@/lib/domain/beneficiaries/dict-key';
import { useBeneficiaryFieldMessage } from './use-beneficiary-field-message';

/** PIX moves reais: the instruction's asset is BRL (the withdrawal's target asset). */
export const PIX_ASSETS = ['BRL'] as const;

type Key = 'asset' | 'dictKeyType' | 'dictKey';

/** A Brazilian number typed without the country code (`(11) 91234-5678`) is read as +55: the key is always saved with it. */
function withCountryCode(value: string): string {
  const digits = value.replace(/\D/g, '');
  return !value.trim().startsWith('+') && (digits.length === 10 || digits.length === 11) ? `+55${digits}` : value;
}

/**
 * A PIX instruction's asset, key type and key for any react-hook-form holding one at `name` (`paymentInstruction`
 * on the create form, the root on the add-instruction form). The key is normalised on blur (`+55…` for a phone,
 * digits for CPF/CNPJ, lower case for e-mail and EVP), so what the person sees is what is saved.
 */
export function InstructionFields<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
}: {
  /** `TOut`: what the form's resolver turns the values into (see AddressFields). */
  form: Pick<UseFormReturn<T, unknown, TOut>, 'register' | 'control' | 'setValue' | 'getValues'>;
  /** Path of the instruction object in the form values; '' for the root. */
  name: string;
}) {
  const t = useTranslations('beneficiaries');
  const message = useBeneficiaryFieldMessage();
  const path = (key: Key) => (name ? `${name}.${key}` : key) as Path<T>;
  // Its own subscription to its own errors (see AddressFields): '' (the root) subscribes to the whole form's.
  const { errors } = useFormState({ control: form.control, name: (name || undefined) as Path<T> | undefined });
  const error = (key: Key) => message((get(errors, path(key)) as { message?: string } | undefined)?.message);
  const type = useWatch({ control: form.control, name: path('dictKeyType') }) as string | undefined;
  return (
    <>
      <Field id={path('asset')} label={t('instruction.asset')} required error={error('asset')}>
        <Select {...form.register(path('asset'))}>
          {PIX_ASSETS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={path('dictKeyType')} label={t('instruction.keyType')} required error={error('dictKeyType')}>
        <Select {...form.register(path('dictKeyType'))}>
          <option value="">{t('instruction.chooseKeyType')}</option>
          {DICT_KEY_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`keyType.${k}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={path('dictKey')}
        label={t('instruction.key')}
        required
        hint={type && isDictKeyType(type) ? t(`keyHint.${type}`) : undefined}
        error={error('dictKey')}
        className="md:col-span-2"
      >
        <Input
          spellCheck={false}
          autoCapitalize="none"
          {...form.register(path('dictKey'), {
            onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
              const kind = form.getValues(path('dictKeyType')) as string;
              const r = normalizeDictKey(kind, kind === 'PHONE' ? withCountryCode(e.target.value) : e.target.value);
              if (r.ok && r.normalized !== e.target.value) {
                form.setValue(path('dictKey'), r.normalized as never, { shouldValidate: true });
              }
            },
          })}
        />
      </Field>
    </>
  );
}
