'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useSyncExternalStore } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card';
import { Field, fieldDescriptionIds } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { CountrySelect } from '@/components/forms/country-select';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { useEnumLabel } from '@/components/i18n/use-enum-label';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { readActionResult } from '@/lib/actions/result';
import { mapServiceFieldErrors } from '@/lib/schemas/account-field-map';
import {
  createAccountSchema,
  emptyCreateAccountValues,
  todayIsoDate,
  type CreateAccountInput,
  type CreateAccountValues,
} from '@/lib/schemas/account';
import type { CountryOption } from '@/lib/schemas/countries';
import { INDUSTRIES } from '@/lib/schemas/industries';
import { formatCnpj, normalizeCnpj } from '@/lib/validation/cnpj';
import { createAccountAction } from '../actions';
import { AssetsPicker } from './assets-picker';

const noopSubscribe = () => () => {};

/** False during server render and hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}

interface FormFailure {
  sentence: string;
  requestId: string | null;
}

/** The company-owner create form: validates with the shared schema on blur and on submit. */
export function CreateAccountForm({ countries }: { countries: CountryOption[] }) {
  const t = useTranslations('accounts.new');
  const industryLabel = useEnumLabel('industries');
  const fieldMessage = useFieldMessage();
  const router = useRouter();
  const { key: idempotencyKey, renew } = useIdempotencyKey();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const form = useForm<CreateAccountInput, unknown, CreateAccountValues>({
    resolver: zodResolver(createAccountSchema),
    defaultValues: emptyCreateAccountValues(),
    mode: 'onTouched',
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  // Stays on after success until the detail page replaces the form, so nothing can be sent twice.
  const [navigating, setNavigating] = useState(false);
  const brazil = useWatch({ control, name: 'address.country' }) === 'BR';
  const busy = isSubmitting || navigating;
  // Before hydration a click would submit the plain HTML form as a GET, putting the company's data in the URL.
  const hydrated = useHydrated();

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    // The same key goes with every submit of this form instance: a double click or a retry after a lost
    // response is one account at the service, not two.
    const outcome = readActionResult(await createAccountAction({ ...values, idempotencyKey }));
    if (outcome.ok) {
      setNavigating(true);
      renew();
      router.push(`/accounts/${outcome.data.accountId}`);
      return;
    }
    const { failure: f } = outcome;
    const requestId = f.requestId ?? f.correlationId ?? null;
    const { fields, unplaced } = mapServiceFieldErrors(f.fieldErrors);
    const placed = Object.entries(fields) as [FieldPath<CreateAccountInput>, string][];
    for (const [path, message] of placed) setError(path, { type: 'server', message });
    if (placed.length) setFocus(placed[0][0]);
    const sentence = requestId ? f.message.replace(` (request id ${requestId})`, '') : f.message;
    setFailure({
      sentence: placed.length && !unplaced.length ? `${sentence} ${t('checkHighlighted')}` : [sentence, ...unplaced].join(' '),
      requestId,
    });
  });

  const assetsIds = fieldDescriptionIds('assets');

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={failure ? 'create-account-failure' : undefined}>
      <div className="space-y-6">
        {failure ? (
          <div id="create-account-failure">
            <Alert tone="error" title={t('notCreated')} requestId={failure.requestId}>
              {failure.sentence}
            </Alert>
          </div>
        ) : null}

        <Card>
          <CardHeader title={t('company.title')} description={t('company.description')} />
          <CardBody className="grid gap-4 md:grid-cols-2">
            <Field id="legalName" label={t('company.legalName')} required error={fieldMessage(errors.legalName?.message)} className="md:col-span-2">
              <Input autoComplete="organization" {...register('legalName')} />
            </Field>
            <Field
              id="taxId"
              label={t('company.taxId')}
              required
              hint={t('company.taxIdHint')}
              error={fieldMessage(errors.taxId?.message)}
            >
              <Input
                inputMode="text"
                autoCapitalize="characters"
                spellCheck={false}
                {...register('taxId', {
                  // Show a complete CNPJ in its usual mask, whichever way it was typed.
                  onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
                    if (normalizeCnpj(e.target.value)) setValue('taxId', formatCnpj(e.target.value), { shouldValidate: true });
                  },
                })}
              />
            </Field>
            <Field id="industry" label={t('company.industry')} required error={fieldMessage(errors.industry?.message)}>
              <Select {...register('industry')}>
                <option value="">{t('company.chooseIndustry')}</option>
                {INDUSTRIES.map((value) => (
                  <option key={value} value={value}>
                    {industryLabel(value)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="incorporateDate" label={t('company.incorporateDate')} required error={fieldMessage(errors.incorporateDate?.message)}>
              <Input type="date" max={todayIsoDate()} {...register('incorporateDate')} />
            </Field>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title={t('address.title')} />
          <CardBody className="grid gap-4 md:grid-cols-2">
            <Field id="address.country" label={t('address.country')} required error={fieldMessage(errors.address?.country?.message)}>
              <CountrySelect
                options={countries}
                placeholder={t('address.chooseCountry')}
                autoComplete="country"
                {...register('address.country')}
              />
            </Field>
            <Field
              id="address.postalCode"
              label={brazil ? t('address.postalCodeBr') : t('address.postalCode')}
              required
              hint={brazil ? t('address.postalCodeBrHint') : undefined}
              error={fieldMessage(errors.address?.postalCode?.message)}
            >
              <Input autoComplete="postal-code" {...register('address.postalCode')} />
            </Field>
            <Field
              id="address.addressLine1"
              label={t('address.line1')}
              required
              error={fieldMessage(errors.address?.addressLine1?.message)}
              className="md:col-span-2"
            >
              <Input autoComplete="address-line1" {...register('address.addressLine1')} />
            </Field>
            <Field
              id="address.addressLine2"
              label={t('address.line2')}
              hint={t('address.line2Hint')}
              error={fieldMessage(errors.address?.addressLine2?.message)}
              className="md:col-span-2"
            >
              <Input autoComplete="address-line2" {...register('address.addressLine2')} />
            </Field>
            <Field id="address.city" label={t('address.city')} required error={fieldMessage(errors.address?.city?.message)}>
              <Input autoComplete="address-level2" {...register('address.city')} />
            </Field>
            <Field
              id="address.state"
              label={brazil ? t('address.stateBr') : t('address.state')}
              required
              hint={brazil ? t('address.stateBrHint') : undefined}
              error={fieldMessage(errors.address?.state?.message)}
            >
              <Input autoComplete="address-level1" {...register('address.state')} />
            </Field>
          </CardBody>
        </Card>

        <Card>
          <CardHeader
            title={t('assets.title')}
            description={t('assets.description')}
          />
          <CardBody>
            <div role="group" aria-labelledby="assets-label" className="space-y-2">
              <p id="assets-label" className="sr-only">
                {t('assets.label')}
              </p>
              <Controller
                control={control}
                name="assets"
                render={({ field }) => (
                  <AssetsPicker
                    value={(field.value ?? []) as { code: CreateAccountValues['assets'][number]['code']; isVirtual: boolean }[]}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(errors.assets)}
                    describedBy={errors.assets ? assetsIds.errorId : undefined}
                    disabled={busy}
                  />
                )}
              />
              {errors.assets ? (
                <p id={assetsIds.errorId} className="text-xs font-medium text-danger-text">
                  {fieldMessage(errors.assets.message ?? errors.assets.root?.message) ?? t('assets.check')}
                </p>
              ) : null}
            </div>
          </CardBody>
          <CardFooter>
            <Button type="submit" loading={busy} disabled={!hydrated}>
              {busy ? t('submitting') : t('submit')}
            </Button>
          </CardFooter>
        </Card>
      </div>
    </form>
  );
}
