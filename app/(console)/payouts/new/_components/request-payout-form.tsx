'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardFooter } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { readActionResult } from '@/lib/actions/result';
import { isAsset, type Asset } from '@/lib/money/assets';
import { requestPayoutAction } from '../../actions';

export type AccountOption = { id: string; name: string; assets: string[] };
export type InstructionOption = { id: string; asset: string; payable: boolean; label: string };
/** `unpayableLabel`: the disabled option's words when no key can be chosen (none approved, or keys awaiting review). */
export type BeneficiaryOption = { id: string; name: string; unpayableLabel: string; instructions: InstructionOption[] };

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
  const te = useTranslations('payouts.errors');
  const tr = useTranslations('keyReview.errors');
  const sentence = useFailureSentence();
  const locale = useLocale();
  const router = useRouter();
  const { key } = useIdempotencyKey();
  const [pending, start] = useTransition();
  const [navigating, setNavigating] = useState(false);
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const account = accounts.find((a) => a.id === accountId);
  const [sourceAsset, setSourceAsset] = useState(account?.assets.includes('BRL') ? 'BRL' : (account?.assets[0] ?? ''));
  const payable = (b: BeneficiaryOption) => b.instructions.some((i) => i.payable);
  const initial = beneficiaries.find((b) => b.id === initialBeneficiaryId && payable(b));
  const [beneficiaryId, setBeneficiaryId] = useState(initial?.id ?? '');
  const beneficiary = beneficiaries.find((b) => b.id === beneficiaryId);
  const [instructionId, setInstructionId] = useState(initial?.instructions.find((i) => i.payable)?.id ?? '');
  const instruction = beneficiary?.instructions.find((i) => i.id === instructionId);
  const [fixedSide, setFixedSide] = useState<'source' | 'target'>('source');
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<{ sentence: string; requestId: string | null } | null>(null);

  const word = (code: string | undefined) => (code === undefined ? undefined : te.has(code) ? te(code) : tr.has(code) ? tr(code) : code);
  const targetAsset = instruction?.asset ?? '';
  const fixedAsset = fixedSide === 'source' ? sourceAsset : targetAsset;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!accountId) missing.sourceAccountId = 'ACCOUNT_REQUIRED';
    if (!beneficiaryId) missing.beneficiaryId = 'BENEFICIARY_REQUIRED';
    if (!instructionId) missing.instructionId = 'INSTRUCTION_REQUIRED';
    if (!amount) missing.amount = 'AMOUNT_REQUIRED';
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(Object.keys(missing)[0]!)?.focus();
      return;
    }
    setFormError(null);
    start(async () => {
      const r = readActionResult(
        await requestPayoutAction({
          idempotencyKey: key,
          sourceAccountId: accountId,
          sourceAsset: sourceAsset as Asset,
          beneficiaryId,
          instructionId,
          fixedSide,
          amount,
          memo,
        }),
      );
      if (!r.ok) {
        const fe = r.failure.fieldErrors;
        if (Object.keys(fe).length) setErrors(fe);
        setFormError({ sentence: sentence(r.failure), requestId: r.failure.requestId ?? null });
        return;
      }
      setNavigating(true);
      router.push(`/payouts/${r.data.payoutId}`);
    });
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
          <Field id="sourceAccountId" label={t('account')} required error={word(errors.sourceAccountId)}>
            <Select
              value={accountId}
              onChange={(e) => {
                const next = accounts.find((a) => a.id === e.currentTarget.value);
                setAccountId(e.currentTarget.value);
                setSourceAsset(next?.assets.includes('BRL') ? 'BRL' : (next?.assets[0] ?? ''));
              }}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="sourceAsset" label={t('sourceAsset')} required error={word(errors.sourceAsset)}>
            <Select value={sourceAsset} onChange={(e) => setSourceAsset(e.currentTarget.value)}>
              {(account?.assets ?? []).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="beneficiaryId" label={t('beneficiary')} required error={word(errors.beneficiaryId)}>
            <Select
              value={beneficiaryId}
              onChange={(e) => {
                const next = beneficiaries.find((b) => b.id === e.currentTarget.value);
                setBeneficiaryId(e.currentTarget.value);
                setInstructionId(next?.instructions.find((i) => i.payable)?.id ?? '');
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
          <Field id="instructionId" label={t('instruction')} required error={word(errors.instructionId)} hint={t('instructionHint')}>
            <Select value={instructionId} onChange={(e) => setInstructionId(e.currentTarget.value)} disabled={!beneficiary}>
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
                    onChange={() => setFixedSide(side)}
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
              error={word(errors.amount)}
              value={amount}
              onChange={setAmount}
              asset={fixedAsset}
              locale={locale}
            />
          ) : (
            <Field id="amount" label={t('amount', { asset: '—' })} required error={word(errors.amount)}>
              <Input disabled value="" />
            </Field>
          )}
          <Field id="memo" label={t('memo')} hint={t('memoHint')} error={word(errors.memo)}>
            <Input value={memo} maxLength={140} onChange={(e) => setMemo(e.currentTarget.value)} />
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
