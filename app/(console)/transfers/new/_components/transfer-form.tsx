'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition, type FormEvent } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { preloadShowFailure, showFailureLater } from '@/components/forms/show-failure-later';
import { useControlledForm } from '@/components/forms/use-controlled-form';
import { amountText } from '@/components/money/amount-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator, type Translator } from '@/lib/errors';
import { outcomeUnknown, reviewTransfer, type ReviewedTransfer } from '@/lib/domain/transfers/review';
import { transferProblems, type TransferProblem } from '@/lib/domain/transfers/rules';
import {
  amountRefusalProblem,
  isAmountRefusal,
  transferChoice,
  transferFailureCode,
  transferSchema,
  type TransferFormValues,
  type ValidTransfer,
} from '@/lib/domain/transfers/transfer-form';
import type { Amount } from '@/lib/money/amount-core';
import type { Asset } from '@/lib/money/assets';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { createTransferAction } from '../actions';

export interface TransferAccountView {
  id: string;
  name: string;
  status: string;
  /** The status in the reader's words (worded by the page). */
  statusLabel: string;
  /** Each asset's available balance, and that balance as the page worded it for the reader. */
  assets: Array<{ asset: string; status: string; available: Amount | null; availableText: string | null }>;
}

/** Fields a service refusal can name, in the order they are on screen. */
const FIELDS = ['sourceAccountId', 'targetAccountId', 'asset', 'amount'] as const;

/** A refusal on screen: the form-level sentence (null when every problem is on its field) and the reference. */
interface FormFailure {
  sentence: string | null;
  requestId: string | null;
}

/**
 * From / to two of the company's accounts, one asset, an amount. What the form can know is refused before sending
 * (same account, target not ACTIVE, asset not enabled on both, the amount: lib/domain/transfers); the service's
 * refusals reach their field or the form's sentence through showFailure, worded by the `errors` catalogue.
 *
 * Money moves only after a review, as on /convert: "Review transfer" freezes the figures and shows from, to, the
 * amount debited and credited and the fee; "Confirm transfer" sends them; "Back to edit" unfreezes them. One
 * idempotency key per reviewed intent (lib/domain/transfers/review): a double click, a retry after a lost answer
 * and a second review of the same figures are one transfer; changed figures are another. 201 → the operation's page.
 */
export function TransferForm({ accounts }: { accounts: TransferAccountView[] }) {
  const t = useTranslations('transfers');
  const locale = useLocale();
  const router = useRouter();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  // Refusals whose general sentence would not say which account: worded for a transfer (errors.json TRANSFER_*).
  const transferT: Translator = (code, values) => errorsT(transferFailureCode(code), values);
  const sources = accounts.filter((a) => a.status === 'ACTIVE');
  const [schema] = useState(() => transferSchema(accounts));
  // Messages only on "Review transfer" (and each change after it), as the amount is checked against the asset in use.
  const form = useControlledForm<TransferFormValues, ValidTransfer>({
    defaultValues: {
      sourceAccountId: sources[0]?.id ?? '',
      targetAccountId: accounts.find((a) => a.id !== sources[0]?.id && a.status === 'ACTIVE')?.id ?? '',
      asset: '',
      amount: '',
    },
    schema,
    mode: 'onSubmit',
  });
  const { values, error, setValue, clearErrors } = form;
  const sourceId = values.sourceAccountId;
  const targetId = values.targetAccountId;
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [pending, start] = useTransition();
  const [navigating, setNavigating] = useState(false);
  /** The intent under review (figures frozen), or null while editing. */
  const [review, setReview] = useState<{ intent: ReviewedTransfer; amount: Amount } | null>(null);
  /** The last intent reviewed, kept after "Back to edit" so the same figures reviewed again keep their key. */
  const lastReviewed = useRef<ReviewedTransfer | null>(null);
  // A double click reaches the handler twice before React re-renders the button disabled: send once per key.
  const sentWith = useRef<string | null>(null);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const reviewing = review !== null;
  useEffect(() => {
    if (reviewing) reviewHeading.current?.focus();
  }, [reviewing]);

  const { source, target, assets, chosen, availableText } = transferChoice(accounts, values);
  if (!source || accounts.length < 2) return <Alert tone="info">{t('noAccounts')}</Alert>;

  const problems: TransferProblem[] = target && chosen ? transferProblems(source, target, chosen) : [];
  const accountName = (id: string) => accounts.find((a) => a.id === id)?.name ?? id;
  const statusLabel = (status: string) => accounts.find((a) => a.status === status)?.statusLabel ?? status;
  const problemText = (p: TransferProblem) =>
    errorsT(p.code, {
      ...('status' in p ? { status: statusLabel(p.status) } : {}),
      ...('accountId' in p ? { asset: p.asset, account: accountName(p.accountId) } : {}),
    }) ?? p.code;
  const targetProblem =
    sourceId === targetId
      ? problemText({ field: 'targetAccountId', code: 'SAME_ACCOUNT' })
      : target && target.status !== 'ACTIVE'
        ? problemText({ field: 'targetAccountId', code: 'TARGET_NOT_ACTIVE', status: target.status })
        : undefined;
  const assetProblem = targetProblem ? undefined : problems.find((p) => p.field === 'asset');
  const noAsset = !targetProblem && assets.length === 0;
  const blocked = !!targetProblem || !!assetProblem || noAsset || !chosen;
  const amountError = error('amount');
  // The form's own refusal is a code of the `errors` catalogue; a service refusal arrives worded.
  const amountProblem = isAmountRefusal(amountError) ? amountRefusalProblem(amountError, chosen ?? '', availableText ?? '') : null;
  const amountMessage = amountProblem ? (errorsT(amountProblem.code, amountProblem.values) ?? amountError) : amountError;
  const serverTargetError = error('targetAccountId');

  function startReview(event: FormEvent) {
    if (blocked || pending || navigating) return event.preventDefault();
    setFailure(null);
    clearErrors();
    form.handleSubmit(({ sourceAccountId, targetAccountId, asset, amount }) => {
      const figures = { sourceAccountId, targetAccountId, asset, amount: amount.value };
      const intent = reviewTransfer(lastReviewed.current, figures, () => crypto.randomUUID());
      lastReviewed.current = intent;
      setReview({ intent, amount });
    })(event);
  }

  function backToEdit() {
    if (pending || navigating) return;
    // A refusal stays on screen (on its field when it names one) while the figures are corrected.
    setReview(null);
  }

  function confirm() {
    if (!review || pending || navigating || sentWith.current === review.intent.idempotencyKey) return;
    const { intent } = review;
    sentWith.current = intent.idempotencyKey;
    setFailure(null);
    clearErrors();
    preloadShowFailure();
    start(async () => {
      const result = readActionResult(
        await createTransferAction({
          sourceAccountId: intent.sourceAccountId,
          targetAccountId: intent.targetAccountId,
          asset: intent.asset as Asset,
          amount: intent.amount,
          idempotencyKey: intent.idempotencyKey,
        }),
      );
      if (!result.ok) {
        const f = result.failure;
        setFailure({ sentence: await showFailureLater(form, f, transferT, FIELDS), requestId: f.requestId ?? null });
        sentWith.current = null;
        if (!outcomeUnknown(f)) {
          // Refused: nothing was created, so confirming again is a new attempt with a new key (not a replayed refusal).
          const renewed = { ...intent, idempotencyKey: crypto.randomUUID() };
          lastReviewed.current = renewed;
          setReview((r) => (r ? { ...r, intent: renewed } : r));
        }
        return;
      }
      setNavigating(true);
      router.push(`/operations/${encodeURIComponent(result.data.operationId)}`);
    });
  }

  return (
    <Card className="max-w-xl">
      <CardBody>
        <form
          className="space-y-4"
          noValidate
          onSubmit={startReview}
        >
          {failure?.sentence && !reviewing ? (
            <Alert tone="error" requestId={failure.requestId}>
              {failure.sentence}
            </Alert>
          ) : null}
          {/* Frozen while under review: what is confirmed is exactly what was reviewed. */}
          <fieldset disabled={reviewing} className="space-y-4">
            <Field id="transfer-source" label={t('form.source')}>
              <Select value={sourceId} onChange={(e) => setValue('sourceAccountId', e.target.value)}>
                {sources.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="transfer-target" label={t('form.target')} error={targetProblem ?? serverTargetError}>
              <Select value={targetId} onChange={(e) => setValue('targetAccountId', e.target.value)}>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.status === 'ACTIVE' ? a.name : t('form.inactive', { name: a.name })}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id="transfer-asset"
              label={t('form.asset')}
              error={assetProblem ? problemText(assetProblem) : noAsset ? t('form.noCommonAsset') : undefined}
            >
              <Select value={chosen ?? ''} onChange={(e) => setValue('asset', e.target.value)} disabled={assets.length === 0}>
                {assets.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </Select>
            </Field>
            <MoneyField
              id="transfer-amount"
              label={t('form.amount', { asset: chosen ?? '' })}
              hint={availableText ? t('form.available', { amount: availableText }) : t('form.availableUnknown')}
              error={amountMessage}
              required
              value={values.amount}
              asset={chosen ?? 'BRL'}
              locale={locale}
              onChange={(value) => {
                setValue('amount', value);
                clearErrors('amount');
              }}
            />
          </fieldset>
          {reviewing ? null : (
            <Button type="submit" variant="primary" disabled={blocked}>
              {t('form.review')}
            </Button>
          )}
        </form>
        {review ? (
          <section aria-labelledby="transfer-review-title" className="mt-6 space-y-4 border-t border-border pt-4" data-testid="transfer-review">
            <h2 id="transfer-review-title" ref={reviewHeading} tabIndex={-1} className="text-base font-semibold text-fg outline-none">
              {t('review.title')}
            </h2>
            <dl className="grid grid-cols-[minmax(6rem,1fr)_auto] gap-x-6 gap-y-2 text-sm">
              <dt className="text-fg-muted">{t('review.from')}</dt>
              <dd className="text-right font-medium [overflow-wrap:anywhere]" data-testid="review-from">
                {accountName(review.intent.sourceAccountId)}
              </dd>
              <dt className="text-fg-muted">{t('review.to')}</dt>
              <dd className="text-right font-medium [overflow-wrap:anywhere]" data-testid="review-to">
                {accountName(review.intent.targetAccountId)}
              </dd>
              <dt className="text-fg-muted">{t('review.debited')}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="review-amount" data-value={review.amount.value}>
                {amountText(review.amount, locale)}
              </dd>
              <dt className="text-fg-muted">{t('review.credited')}</dt>
              <dd className="text-right font-semibold tabular-nums">{amountText(review.amount, locale)}</dd>
              <dt className="text-fg-muted">{t('review.fee')}</dt>
              <dd className="text-right" data-testid="review-fee">
                {t('review.noFee')}
              </dd>
            </dl>
            <p className="text-sm text-fg-muted">{t('review.explain')}</p>
            {failure ? (
              <Alert tone="error" requestId={failure.requestId}>
                {failure.sentence ?? amountMessage ?? serverTargetError}
              </Alert>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button variant="primary" onClick={confirm} loading={pending || navigating}>
                {pending || navigating ? t('form.submitting') : t('review.confirm')}
              </Button>
              <Button variant="secondary" onClick={backToEdit} disabled={pending || navigating}>
                {t('review.back')}
              </Button>
            </div>
          </section>
        ) : null}
      </CardBody>
    </Card>
  );
}
