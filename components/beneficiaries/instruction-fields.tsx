'use client';

import { useTranslations } from 'next-intl';
import { getPath } from '@/components/forms/form-model';
import type { FormApi } from '@/components/forms/use-form';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { DICT_KEY_TYPES, isDictKeyType, normalizeDictKey } from '@/lib/domain/beneficiaries/dict-key';

/** PIX moves reais: the instruction's asset is BRL (the withdrawal's target asset). */
export const PIX_ASSETS = ['BRL'] as const;

type Key = 'asset' | 'dictKeyType' | 'dictKey';

/** A Brazilian number typed without the country code (`(11) 91234-5678`) is read as +55: the key is always saved with it. */
function withCountryCode(value: string): string {
  const digits = value.replace(/\D/g, '');
  return !value.trim().startsWith('+') && (digits.length === 10 || digits.length === 11) ? `+55${digits}` : value;
}

/**
 * A PIX instruction's asset, key type and key for any form (`useForm`) holding one at `name` (`paymentInstruction`
 * on the create form, the root on the add-instruction form). The key is normalised on blur (`+55…` for a phone,
 * digits for CPF/CNPJ, lower case for e-mail and EVP), so what the person sees is what is saved.
 */
export function InstructionFields({
  form,
  name,
}: {
  form: Pick<FormApi<object, unknown>, 'register' | 'error' | 'values' | 'setValue'>;
  /** Path of the instruction object in the form values; '' for the root. */
  name: string;
}) {
  const t = useTranslations('beneficiaries');
  const message = useFieldMessage();
  const path = (key: Key) => (name ? `${name}.${key}` : key);
  const error = (key: Key) => message(form.error(path(key)));
  const type = getPath(form.values, path('dictKeyType')) as string | undefined;
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
            onBlur: (e) => {
              const kind = getPath(form.values, path('dictKeyType')) as string;
              const r = normalizeDictKey(kind, kind === 'PHONE' ? withCountryCode(e.target.value) : e.target.value);
              if (r.ok && r.normalized !== e.target.value) {
                form.setValue(path('dictKey'), r.normalized, { validate: true });
              }
            },
          })}
        />
      </Field>
    </>
  );
}
