'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { AddressFields } from '@/components/forms/address-fields';
import { showFailure } from '@/components/forms/show-failure';
import { SubmitButton } from '@/components/forms/submit-button';
import { useForm } from '@/components/forms/use-form';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import { formatOwnershipPercent, ownershipSummary } from '@/lib/domain/accounts/ownership';
import { emptyUboFormValues, formatUboTaxId, uboFormSchema, type UboFormInput, type UboFormValues } from '@/lib/domain/accounts/ubo-form';
import type { CountryOption } from '@/lib/domain/address/countries';
import { parseFieldKey } from '@/lib/validation/validation-result';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { addUboAction } from '../../actions';

const FIELDS = [
  'name',
  'taxId',
  'ownershipPercentage',
  'address.country',
  'address.postalCode',
  'address.addressLine1',
  'address.addressLine2',
  'address.city',
  'address.state',
] as const;

/**
 * Adds a beneficial owner: name, CPF/CNPJ masked as typed and checked by its digits, the shared address
 * fields, and the ownership with the running total of all owners. The same schema runs on the server.
 */
export function AddOwnerForm({
  accountId,
  existingOwnership,
  countries,
  focusOnMount = false,
}: {
  accountId: string;
  existingOwnership: (number | null)[];
  countries: readonly CountryOption[];
  focusOnMount?: boolean;
}) {
  const t = useTranslations('onboarding');
  const errorsT = useErrorsTranslator();
  const validationMessage = useFieldMessage();
  const errorsCatalogue = catalogueTranslator(errorsT);
  const locale = useLocale();
  const router = useRouter();
  const { key, renew } = useIdempotencyKey();
  const [failure, setFailure] = useState<{ text: string; requestId: string | null } | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const schema = useMemo(() => uboFormSchema(existingOwnership), [existingOwnership]);
  const form = useForm<UboFormInput, UboFormValues>({ defaultValues: emptyUboFormValues(), schema });
  const { register, handleSubmit, setValue, setFocus, error } = form;
  const isSubmitting = form.submitting;
  useEffect(() => {
    if (focusOnMount) setFocus('name');
  }, [focusOnMount, setFocus]);
  const typed = form.values.ownershipPercentage ?? '';
  const summary = ownershipSummary(existingOwnership, typed);
  // Intl's percent style: where the sign goes and whether a space precedes it is the locale's (60.5% in en, 60,5% in pt-BR).
  const pct = (v: string) => formatOwnershipPercent(v, locale);

  // Field messages are codes of `errors` (the percentage left as the reader writes percentages) or the shared
  // validators' keys of `validation`; a refusal showFailure placed arrives worded.
  const say = (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const { key: k, values } = parseFieldKey(message);
    if (errorsT.has(k)) return errorsT(k, 'remaining' in values ? { ...values, remaining: pct(String(values.remaining)) } : values);
    return validationMessage(message);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setAdded(null);
    // The raw input, not the parsed output: the action parses it again with the same schema.
    const outcome = readActionResult(await addUboAction({ accountId, idempotencyKey: key, values: form.values as unknown as Record<string, unknown> }));
    if (outcome.ok) {
      setAdded(t('uboForm.added', { name: values.name }));
      renew();
      form.reset(emptyUboFormValues());
      router.refresh();
      return;
    }
    const f = outcome.failure;
    const text = showFailure(form, f, errorsCatalogue, FIELDS);
    if (text) setFailure({ text, requestId: f.requestId ?? null });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="add-owner-title">
      <div>
        <h3 id="add-owner-title" className="text-sm font-semibold text-fg">
          {t('uboForm.title')}
        </h3>
        <p className="text-xs text-fg-muted">{t('uboForm.description')}</p>
      </div>
      {failure ? (
        <Alert tone="error" title={t('uboForm.failed')} requestId={failure.requestId}>
          {failure.text}
        </Alert>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="ubo-name" label={t('uboForm.name')} required error={say(error('name'))} className="md:col-span-2">
          <Input autoComplete="off" {...register('name')} />
        </Field>
        <Field id="ubo-taxId" label={t('uboForm.taxId')} required hint={t('uboForm.taxIdHint')} error={say(error('taxId'))}>
          <Input
            inputMode="text"
            autoCapitalize="characters"
            spellCheck={false}
            {...register('taxId', {
              // Masked while typing: 529.982.247-25 or 11.222.333/0001-81.
              onChange: (e) => setValue('taxId', formatUboTaxId(e.target.value)),
            })}
          />
        </Field>
        <Field
          id="ubo-ownershipPercentage"
          label={t('uboForm.ownership')}
          required
          hint={
            summary.overLimit
              ? t('uboForm.runningTotalOver', { withNew: pct(summary.withNew) })
              : t('uboForm.runningTotal', { existing: pct(summary.existing), withNew: pct(summary.withNew) })
          }
          error={say(error('ownershipPercentage'))}
        >
          <Input inputMode="decimal" autoComplete="off" {...register('ownershipPercentage')} />
        </Field>
      </div>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-fg">{t('uboForm.address')}</legend>
        <AddressFields form={form} name="address" countries={countries} />
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton loading={isSubmitting}>{isSubmitting ? t('uboForm.submitting') : t('uboForm.submit')}</SubmitButton>
        <p aria-live="polite" className="text-sm text-fg">
          {added}
        </p>
      </div>
    </form>
  );
}
