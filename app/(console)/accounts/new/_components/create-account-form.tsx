'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card';
import { Field, fieldDescriptionIds } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { AddressFields } from '@/components/forms/address-fields';
import type { CountryOption } from '@/lib/domain/address/countries';
import { SubmitButton } from '@/components/forms/submit-button';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { showFailure } from '@/components/forms/show-failure';
import { lazySchema, useForm } from '@/components/forms/use-form';
import { useEnumLabel } from '@/components/i18n/use-enum-label';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import type { CreateAccountInput, CreateAccountValues } from '@/lib/domain/accounts/create-account';
import { emptyCreateAccountValues, todayIsoDate } from '@/lib/domain/accounts/create-account-values';
import { INDUSTRIES } from '@/lib/domain/accounts/industries';
import { formatCnpj, normalizeCnpj } from '@/lib/validation/cnpj';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { createAccountAction } from '../actions';
import { AssetsPicker, type PickedAsset } from './assets-picker';

interface FormFailure {
  sentence: string;
  requestId: string | null;
}

/** Form fields that can show a server-side message; the service's `owner.*` body paths map onto them. */
const FIELDS = [
  'legalName',
  'taxId',
  'industry',
  'incorporateDate',
  'address.country',
  'address.postalCode',
  'address.addressLine1',
  'address.addressLine2',
  'address.city',
  'address.state',
  'assets',
] as const;
const RENAMES = [['owner.', '']] as const;

// The shared schema and zod load when the user first focuses the form, not with the page (first-load JS budget).
const schema = lazySchema<CreateAccountValues>(async () => (await import('@/lib/domain/accounts/create-account')).createAccountSchema);

interface Props {
  countries: readonly CountryOption[];
}

/** The company-owner create form: validates with the shared schema on blur and on submit. */
export function CreateAccountForm({ countries }: Props) {
  const t = useTranslations('accounts.new');
  const industryLabel = useEnumLabel('industries');
  const fieldMessage = useFieldMessage();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const router = useRouter();
  const { key: idempotencyKey, renew } = useIdempotencyKey();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const form = useForm<CreateAccountInput, CreateAccountValues>({ defaultValues: emptyCreateAccountValues(), schema });
  const { register, error, setValue } = form;
  // Stays on after success until the detail page replaces the form, so nothing can be sent twice.
  const [navigating, setNavigating] = useState(false);
  const busy = form.submitting || navigating;

  const onSubmit = form.handleSubmit(async (values) => {
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
    // Every problem on its field: the form says why in general and where to look.
    const sentence = showFailure(form, f, errorsT, FIELDS, RENAMES) ?? `${errorsT(f.code, f.values) ?? f.sentence} ${t('checkHighlighted')}`;
    setFailure({ sentence, requestId: f.requestId ?? null });
  });
  const assets = form.field<PickedAsset[]>('assets');
  const assetsError = error('assets');

  const assetsIds = fieldDescriptionIds('assets');

  return (
    <form onSubmit={onSubmit} onFocus={form.preload} noValidate aria-describedby={failure ? 'create-account-failure' : undefined}>
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
            <Field id="legalName" label={t('company.legalName')} required error={fieldMessage(error('legalName'))} className="md:col-span-2">
              <Input autoComplete="organization" {...register('legalName')} />
            </Field>
            <Field
              id="taxId"
              label={t('company.taxId')}
              required
              hint={t('company.taxIdHint')}
              error={fieldMessage(error('taxId'))}
            >
              <Input
                inputMode="text"
                autoCapitalize="characters"
                spellCheck={false}
                {...register('taxId', {
                  // Show a complete CNPJ in its usual mask, whichever way it was typed.
                  onBlur: (e) => {
                    if (normalizeCnpj(e.target.value)) setValue('taxId', formatCnpj(e.target.value), { validate: true });
                  },
                })}
              />
            </Field>
            <Field id="industry" label={t('company.industry')} required error={fieldMessage(error('industry'))}>
              <Select {...register('industry')}>
                <option value="">{t('company.chooseIndustry')}</option>
                {INDUSTRIES.map((value) => (
                  <option key={value} value={value}>
                    {industryLabel(value)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="incorporateDate" label={t('company.incorporateDate')} required error={fieldMessage(error('incorporateDate'))}>
              <Input type="date" max={todayIsoDate()} {...register('incorporateDate')} />
            </Field>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title={t('address.title')} />
          <CardBody className="grid gap-4 md:grid-cols-2">
            <AddressFields form={form} name="address" countries={countries} />
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
              <AssetsPicker
                value={assets.value ?? []}
                onChange={assets.onChange}
                onBlur={assets.onBlur}
                invalid={Boolean(assetsError)}
                describedBy={assetsError ? assetsIds.errorId : undefined}
                disabled={busy}
              />
              {assetsError ? (
                <p id={assetsIds.errorId} className="text-xs font-medium text-danger-text">
                  {fieldMessage(assetsError) ?? t('assets.check')}
                </p>
              ) : null}
            </div>
          </CardBody>
          <CardFooter>
            {/* Disabled until hydrated: before that a click would submit the plain HTML form as a GET, putting the
                company's data in the URL. */}
            <SubmitButton loading={busy}>{busy ? t('submitting') : t('submit')}</SubmitButton>
          </CardFooter>
        </Card>
      </div>
    </form>
  );
}
