'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { InstructionFields } from '@/components/beneficiaries/instruction-fields';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { AddressFields } from '@/components/forms/address-fields';
import { showFailure } from '@/components/forms/show-failure';
import { lazySchema, useForm, type FormSchema } from '@/components/forms/use-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import type { CountryOption } from '@/lib/domain/address/countries';
import { HOLDER_TYPES, isoDate, RELATIONSHIP_TYPES } from '@/lib/domain/beneficiaries/holder';
import type { CreateBeneficiaryFormValues, CreateBeneficiaryValues } from '@/lib/domain/beneficiaries/schema';
import { formatTaxId } from '@/lib/validation/tax-id-format';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { createBeneficiaryAction } from '../../actions';

type FormInput = CreateBeneficiaryFormValues;

// The schema (with zod and the shared address schema) loads when the user first focuses the form, not with the page
// (first-load JS budget, perf-budget.json); the server action validates again.
const schema = lazySchema<CreateBeneficiaryValues>(
  async () => (await import('@/lib/domain/beneficiaries/schema')).createBeneficiarySchema as FormSchema<CreateBeneficiaryValues>,
);

/** Inputs that can show a message; the service's refusals (`holder.taxId.value`, …) land on the same paths. */
const FIELDS = [
  'holder.type',
  'holder.legalName',
  'holder.tradeName',
  'holder.firstName',
  'holder.lastName',
  'holder.taxId.value',
  'holder.dateOfBirth',
  'holder.address.country',
  'holder.address.postalCode',
  'holder.address.addressLine1',
  'holder.address.addressLine2',
  'holder.address.city',
  'holder.address.state',
  'relationshipType',
  'paymentInstruction.asset',
  'paymentInstruction.dictKeyType',
  'paymentInstruction.dictKey',
] as const;

function emptyValues(): FormInput {
  return {
    holder: {
      type: 'INDIVIDUAL',
      firstName: '',
      lastName: '',
      legalName: '',
      tradeName: '',
      taxId: { value: '' },
      dateOfBirth: '',
      address: { addressLine1: '', addressLine2: '', city: '', state: '', country: 'BR', postalCode: '' },
    },
    relationshipType: '' as FormInput['relationshipType'],
    paymentInstruction: { asset: 'BRL', dictKeyType: '' as FormInput['paymentInstruction']['dictKeyType'], dictKey: '' },
  };
}

interface Props {
  countries: readonly CountryOption[];
}

/** Compliance registers a person to pay, with a first PIX key (which starts pending review). */
export function CreateBeneficiaryForm({ countries }: Props) {
  const t = useTranslations('beneficiaries');
  const message = useFieldMessage();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const router = useRouter();
  const { key: idempotencyKey, renew } = useIdempotencyKey();
  const [failure, setFailure] = useState<{ sentence: string; requestId: string | null } | null>(null);
  const [navigating, setNavigating] = useState(false);
  // The form holds both kinds' fields (CreateBeneficiaryFormValues); the schema reads the chosen kind's.
  const form = useForm<FormInput, CreateBeneficiaryValues>({ defaultValues: emptyValues(), schema });
  const { register, radio, error, setValue, clearErrors } = form;
  const company = form.values.holder.type === 'COMPANY';
  const taxIdKind = company ? 'CNPJ' : 'CPF';
  const busy = form.submitting || navigating;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    // One key per form instance: a double click or a retry after a lost answer is one beneficiary.
    const outcome = readActionResult(await createBeneficiaryAction({ ...values, idempotencyKey }));
    if (outcome.ok) {
      setNavigating(true);
      renew();
      router.push(`/beneficiaries/${outcome.data.beneficiaryId}`);
      return;
    }
    const f = outcome.failure;
    const sentence = showFailure(form, f, errorsT, FIELDS) ?? `${errorsT(f.code, f.values) ?? f.sentence} ${t('new.checkHighlighted')}`;
    setFailure({ sentence, requestId: f.requestId ?? null });
  });

  return (
    <form onSubmit={onSubmit} onFocus={form.preload} noValidate aria-describedby={failure ? 'create-beneficiary-failure' : undefined}>
      <div className="space-y-6">
        {failure ? (
          <div id="create-beneficiary-failure">
            <Alert tone="error" title={t('new.notCreated')} requestId={failure.requestId}>
              {failure.sentence}
            </Alert>
          </div>
        ) : null}
        <Card>
          <CardHeader title={t('new.holder')} />
          <CardBody className="grid gap-4 md:grid-cols-2">
            <fieldset className="md:col-span-2">
              <legend className="text-sm font-medium text-fg">{t('new.holderType')}</legend>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {HOLDER_TYPES.map((type) => (
                  <label key={type} className="flex items-center gap-2 text-sm text-fg">
                    <input
                      type="radio"
                      className="size-4 accent-[var(--color-accent,currentColor)]"
                      {...radio('holder.type', type, {
                        // The tax id's kind changes with the holder's: a message about the other kind no longer applies.
                        onChange: () => clearErrors('holder.taxId.value'),
                      })}
                    />
                    {t(`holderType.${type}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            {company ? (
              <>
                <Field id="holder.legalName" label={t('new.legalName')} required error={message(error('holder.legalName'))}>
                  <Input autoComplete="off" {...register('holder.legalName')} />
                </Field>
                <Field id="holder.tradeName" label={t('new.tradeName')} hint={t('new.tradeNameHint')} error={message(error('holder.tradeName'))}>
                  <Input autoComplete="off" {...register('holder.tradeName')} />
                </Field>
              </>
            ) : (
              <>
                <Field id="holder.firstName" label={t('new.firstName')} required error={message(error('holder.firstName'))}>
                  <Input autoComplete="off" {...register('holder.firstName')} />
                </Field>
                <Field id="holder.lastName" label={t('new.lastName')} required error={message(error('holder.lastName'))}>
                  <Input autoComplete="off" {...register('holder.lastName')} />
                </Field>
              </>
            )}
            <Field
              id="holder.taxId.value"
              label={company ? t('new.cnpj') : t('new.cpf')}
              required
              hint={company ? t('new.cnpjHint') : t('new.cpfHint')}
              error={message(error('holder.taxId.value'))}
            >
              <Input
                inputMode={company ? 'text' : 'numeric'}
                autoComplete="off"
                {...register('holder.taxId.value', {
                  // A complete CPF or CNPJ is shown in its usual mask, however it was typed.
                  onBlur: (e) => {
                    const chars = e.target.value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
                    if (chars.length === (company ? 14 : 11)) setValue('holder.taxId.value', formatTaxId(chars, taxIdKind), { validate: true });
                  },
                })}
              />
            </Field>
            {company ? null : (
              <Field
                id="holder.dateOfBirth"
                label={t('new.dateOfBirth')}
                required
                hint={t('new.dateOfBirthHint')}
                error={message(error('holder.dateOfBirth'))}
              >
                <Input type="date" max={isoDate(new Date())} {...register('holder.dateOfBirth')} />
              </Field>
            )}
            <Field id="relationshipType" label={t('new.relationship')} required error={message(error('relationshipType'))}>
              <Select {...register('relationshipType')}>
                <option value="">{t('new.chooseRelationship')}</option>
                {RELATIONSHIP_TYPES.map((r) => (
                  <option key={r} value={r}>
                    {t(`relationship.${r}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('new.address')} />
          <CardBody className="grid gap-4 md:grid-cols-2">
            <AddressFields form={form} name="holder.address" countries={countries} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('new.instruction')} description={t('add.description')} />
          <CardBody className="grid gap-4 md:grid-cols-2">
            <InstructionFields form={form} name="paymentInstruction" />
          </CardBody>
          <CardFooter>
            <SubmitButton loading={busy}>{busy ? t('new.submitting') : t('new.submit')}</SubmitButton>
          </CardFooter>
        </Card>
      </div>
    </form>
  );
}
