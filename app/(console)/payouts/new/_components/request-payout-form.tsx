'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition, type FormEvent } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { preloadShowFailure, showFailureLater } from '@/components/forms/show-failure-later';
import { SubmitButton } from '@/components/forms/submit-button';
import { useControlledForm } from '@/components/forms/use-controlled-form';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardFooter } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import {
  defaultSourceAsset,
  firstPayableInstruction,
  isPayable as payable,
  requestPayoutSchema,
  type RequestPayoutValues,
} from '@/lib/domain/payouts/request-payout-form';
import { isAsset, type Asset } from '@/lib/money/assets';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { requestPayoutAction } from '../../actions';

export type AccountOption = { id: string; name: string; assets: string[] };
export type InstructionOption = { id: string; asset: string; payable: boolean; label: string };
/** `unpayableLabel`: the disabled option's words when no key can be chosen (none approved, or keys awaiting review). */
export type BeneficiaryOption = { id: string; name: string; unpayableLabel: string; instructions: InstructionOption[] };

/** Fields a refusal can name, in the order they are on screen. */
const FIELDS = ['sourceAccountId', 'sourceAsset', 'beneficiaryId', 'instructionId', 'fixedSide', 'amount', 'memo'] as const;

/**
 * Finance asks for a payout: only PIX keys APPROVED by the service and by the team's own review can be chosen (a
 * beneficiary without one, and keys pending either review or rejected, are listed disabled with the reason); the amount is fixed in the source or the target asset.
 * The form instance's key becomes the request's id, so a double submit is one request.
 */
export function RequestPayoutForm({
  accounts,
  beneficiaries,
  initialBeneficiaryId,
}: {
  accounts: AccountOption[];
  beneficiaries: BeneficiaryOption[];
  initialBeneficiaryId?: string;
}) {
  const t = useTranslations('payouts.new');
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const locale = useLocale();
  const router = useRouter();
  const { key } = useIdempotencyKey();
  const [pending, start] = useTransition();
  const [navigating, setNavigating] = useState(false);
  const initial = beneficiaries.find((b) => b.id === initialBeneficiaryId && payable(b));
  // Messages on submit only, kept until the next submit (the choices below reset one another).
  const form = useControlledForm<RequestPayoutValues>({
    defaultValues: {
      sourceAccountId: accounts[0]?.id ?? '',
      sourceAsset: defaultSourceAsset(accounts[0]?.assets),
      beneficiaryId: initial?.id ?? '',
      instructionId: firstPayableInstruction(initial),
      fixedSide: 'source',
      amount: '',
      memo: '',
    },
    schema: requestPayoutSchema,
    mode: 'onSubmit',
  });
  const { values, setValue, error } = form;
  const { sourceAccountId: accountId, sourceAsset, beneficiaryId, instructionId, fixedSide, amount, memo } = values;
  const account = accounts.find((a) => a.id === accountId);
  const beneficiary = beneficiaries.find((b) => b.id === beneficiaryId);
  const instruction = beneficiary?.instructions.find((i) => i.id === instructionId);
  const [formError, setFormError] = useState<{ sentence: string; requestId: string | null } | null>(null);

  // A field's message: a code of the form's rules (the `errors` catalogue), or a refusal already worded by showFailure.
  const word = (message: string | undefined) => (message === undefined ? undefined : (errorsT(message) ?? message));
  const targetAsset = instruction?.asset ?? '';
  const fixedAsset = fixedSide === 'source' ? sourceAsset : targetAsset;
  function submit(event: FormEvent) {
    // The controls are controlled here (each choice resets the next): the first missing one is focused by its id.
    const checked = requestPayoutSchema.safeParse(values);
    if (!checked.success) form.setFocus(checked.error.issues[0]!.path[0]!);
    form.handleSubmit((request) => {
      setFormError(null);
      preloadShowFailure();
      start(async () => {
        const r = readActionResult(
          await requestPayoutAction({ ...request, idempotencyKey: key, sourceAsset: request.sourceAsset as Asset }),
        );
        if (!r.ok) {
          const f = r.failure;
          // Each problem on its field, and the form says why in any case.
          const sentence = (await showFailureLater(form, f, errorsT, FIELDS)) ?? errorsT(f.code, f.values) ?? f.sentence;
          setFormError({ sentence, requestId: f.requestId ?? null });
          return;
        }
        setNavigating(true);
        router.push(`/payouts/${r.data.payoutId}`);
      });
    })(event);
  }

  const busy = pending || navigating;
  return (
    <form onSubmit={submit} noValidate>
      <Card>
        <CardBody className="grid gap-5 md:grid-cols-2">
          {formError ? (
            <Alert tone="error" title={t('notRequested')} requestId={formError.requestId} className="md:col-span-2">
              {formError.sentence}
            </Alert>
          ) : null}
          <Field id="sourceAccountId" label={t('account')} required error={word(error('sourceAccountId'))}>
            <Select
              value={accountId}
              onChange={(e) => {
                const next = accounts.find((a) => a.id === e.currentTarget.value);
                setValue('sourceAccountId', e.currentTarget.value);
                setValue('sourceAsset', defaultSourceAsset(next?.assets));
              }}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="sourceAsset" label={t('sourceAsset')} required error={word(error('sourceAsset'))}>
            <Select value={sourceAsset} onChange={(e) => setValue('sourceAsset', e.currentTarget.value)}>
              {(account?.assets ?? []).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="beneficiaryId" label={t('beneficiary')} required error={word(error('beneficiaryId'))}>
            <Select
              value={beneficiaryId}
              onChange={(e) => {
                const next = beneficiaries.find((b) => b.id === e.currentTarget.value);
                setValue('beneficiaryId', e.currentTarget.value);
                setValue('instructionId', firstPayableInstruction(next));
              }}
            >
              <option value="">{t('chooseBeneficiary')}</option>
              {beneficiaries.map((b) => (
                <option key={b.id} value={b.id} disabled={!payable(b)}>
                  {payable(b) ? b.name : b.unpayableLabel}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="instructionId" label={t('instruction')} required error={word(error('instructionId'))} hint={t('instructionHint')}>
            <Select
              value={instructionId}
              onChange={(e) => setValue('instructionId', e.currentTarget.value)}
              disabled={!beneficiary}
            >
              <option value="">{t('chooseInstruction')}</option>
              {(beneficiary?.instructions ?? []).map((i) => (
                <option key={i.id} value={i.id} disabled={!i.payable}>
                  {i.label}
                </option>
              ))}
            </Select>
          </Field>
          <fieldset className="md:col-span-2">
            <legend className="text-sm font-medium text-fg">{t('fixedSide')}</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {(['source', 'target'] as const).map((side) => (
                <label key={side} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="fixedSide"
                    value={side}
                    checked={fixedSide === side}
                    onChange={() => setValue('fixedSide', side)}
                    className="accent-accent"
                  />
                  {t(side === 'source' ? 'fixedSource' : 'fixedTarget', { asset: (side === 'source' ? sourceAsset : targetAsset) || '—' })}
                </label>
              ))}
            </div>
          </fieldset>
          {isAsset(fixedAsset) ? (
            <MoneyField
              id="amount"
              label={t('amount', { asset: fixedAsset })}
              required
              error={word(error('amount'))}
              value={amount}
              onChange={(next) => setValue('amount', next)}
              asset={fixedAsset}
              locale={locale}
            />
          ) : (
            <Field id="amount" label={t('amount', { asset: '—' })} required error={word(error('amount'))}>
              <Input disabled value="" />
            </Field>
          )}
          <Field id="memo" label={t('memo')} hint={t('memoHint')} error={word(error('memo'))}>
            <Input value={memo} maxLength={140} onChange={(e) => setValue('memo', e.currentTarget.value)} />
          </Field>
        </CardBody>
        <CardFooter>
          {/* Its own hydration flag: the flip right after hydration re-renders the button, not this form. */}
          <SubmitButton loading={busy}>{busy ? t('submitting') : t('submit')}</SubmitButton>
        </CardFooter>
      </Card>
    </form>
  );
}
