'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card';
import { Field, fieldDescriptionIds } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { AddressFields } from '@/components/forms/address-fields';
import type { CountryOption } from '@/lib/domain/address/countries';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { applyFieldErrors, placeFieldErrors } from '@/components/forms/apply-field-errors';
import { useHydrated } from '@/hooks/use-hydrated';
import { readActionResult } from '@/lib/actions/result';
import {
  createAccountSchema,
  emptyCreateAccountValues,
  todayIsoDate,
  type CreateAccountInput,
  type CreateAccountValues,
} from '@/lib/domain/accounts/create-account';
import { INDUSTRIES, INDUSTRY_LABELS } from '@/lib/domain/accounts/industries';
import { formatCnpj, normalizeCnpj } from '@/lib/validation/cnpj';
import { createAccountAction } from '../actions';
import { AssetsPicker } from './assets-picker';

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

/** The company-owner create form: validates with the shared schema on blur and on submit. */
export function CreateAccountForm({ countries }: { countries: readonly CountryOption[] }) {
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
    const placed = applyFieldErrors(f, FIELDS, { setError, setFocus }, RENAMES);
    const { unplaced } = placeFieldErrors(f.fieldErrors, FIELDS, RENAMES);
    setFailure({
      sentence: placed && !unplaced.length ? `${f.sentence} Check the highlighted fields.` : [f.sentence, ...unplaced].join(' '),
      requestId: f.requestId ?? null,
    });
  });

  const assetsIds = fieldDescriptionIds('assets');

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={failure ? 'create-account-failure' : undefined}>
      <div className="space-y-6">
        {failure ? (
          <div id="create-account-failure">
            <Alert tone="error" title="The account was not created" requestId={failure.requestId}>
              {failure.sentence}
            </Alert>
          </div>
        ) : null}

        <Card>
          <CardHeader title="Company" description="The company that owns the account, as registered." />
          <CardBody className="grid gap-4 md:grid-cols-2">
            <Field id="legalName" label="Legal name" required error={errors.legalName?.message} className="md:col-span-2">
              <Input autoComplete="organization" {...register('legalName')} />
            </Field>
            <Field
              id="taxId"
              label="CNPJ"
              required
              hint="14 characters, with or without punctuation, e.g. 11.222.333/0001-81."
              error={errors.taxId?.message}
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
            <Field id="industry" label="Industry" required error={errors.industry?.message}>
              <Select {...register('industry')}>
                <option value="">Choose an industry</option>
                {INDUSTRIES.map((value) => (
                  <option key={value} value={value}>
                    {INDUSTRY_LABELS[value]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="incorporateDate" label="Incorporation date" required error={errors.incorporateDate?.message}>
              <Input type="date" max={todayIsoDate()} {...register('incorporateDate')} />
            </Field>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Registered address" />
          <CardBody className="grid gap-4 md:grid-cols-2">
            <AddressFields form={form} name="address" countries={countries} />
          </CardBody>
        </Card>

        <Card>
          <CardHeader
            title="Assets"
            description="Choose at least one. Virtual accounts give each of your own customers separate receiving details."
          />
          <CardBody>
            <div role="group" aria-labelledby="assets-label" className="space-y-2">
              <p id="assets-label" className="sr-only">
                Assets
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
                  {errors.assets.message ?? errors.assets.root?.message ?? 'Check the chosen assets.'}
                </p>
              ) : null}
            </div>
          </CardBody>
          <CardFooter>
            <Button type="submit" loading={busy} disabled={!hydrated}>
              {busy ? 'Creating account…' : 'Create account'}
            </Button>
          </CardFooter>
        </Card>
      </div>
    </form>
  );
}
