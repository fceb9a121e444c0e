'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { amountText } from '@/components/money/amount-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { applyFailure } from '@/components/forms/apply-failure';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import { formatRateText as formatRate } from '@/lib/money/rate-format';
import { formatBps } from '@/lib/domain/quotes/display';
import { StepUpDialog } from '@/components/step-up/step-up-dialog';
import { statementRows } from '@/components/step-up/fact-rows';
import type { StepUpChallenge, StepUpResponse } from '@/lib/domain/step-up/challenge';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { approvePayoutAction, beginPayoutStepUpAction, cancelPayoutAction, previewQuoteAction, rejectPayoutAction } from '../../actions';

type Preview = {
  quoteId: string;
  quote: { rate: { value: string; base: string; quote: string }; sourceAmount: { value: string; asset: string }; targetAmount: { value: string; asset: string } };
  driftBps: string;
  needsAcknowledgement: boolean;
};

/**
 * What the signed-in user may do with this request. The buttons only appear for who may press them; every
 * action is re-checked on the server (the requester's approve is refused there too).
 */
export function ApprovalPanel({
  payoutId,
  canApprove,
  canReject,
  canCancel,
  isRequester,
  status,
  coolOffNotice,
  sourceAccountName,
}: {
  payoutId: string;
  /** Shown next to the signed source account id in the step-up dialog. */
  sourceAccountName?: string;
  canApprove: boolean;
  /** Set while the user cools off as a new approver (lib/domain/payouts/cool-off.ts): shown instead of Approve. */
  coolOffNotice?: string | null;
  canReject: boolean;
  canCancel: boolean;
  isRequester: boolean;
  status: string;
}) {
  const t = useTranslations('payouts.approve');
  const tc = useTranslations('payouts.coolOff');
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const ts = useTranslations('stepUp');
  const locale = useLocale();
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signing, setSigning] = useState<StepUpChallenge | null>(null);
  const [signError, setSignError] = useState<string | null>(null);

  const sentence = useFailureSentence();

  if (!canApprove && !canReject && !canCancel) {
    if (status !== 'APPROVING') return null;
    return (
      <Card>
        <CardBody>
          <p className="text-sm text-fg-muted" data-testid="no-actions">
            {isRequester ? t('waitingForOthers') : t('readOnly')}
          </p>
        </CardBody>
      </Card>
    );
  }

  function fetchQuote() {
    setError(null);
    start(async () => {
      const r = readActionResult(await previewQuoteAction({ payoutId }));
      if (!r.ok) return setError(sentence(r.failure));
      setPreview(r.data as Preview);
      setAcknowledged(false);
    });
  }

  /** Approve → the server states what will be signed → the dialog shows it and asks for the passkey (or code). */
  function approve() {
    if (!preview) return;
    setError(null);
    setSignError(null);
    start(async () => {
      const r = readActionResult(await beginPayoutStepUpAction({ payoutId, previewQuoteId: preview.quoteId, acknowledged }));
      if (!r.ok) return setError(sentence(r.failure));
      setSigning(r.data as StepUpChallenge);
    });
  }

  async function approveSigned(stepUp: StepUpResponse) {
    if (!preview) return;
    setSignError(null);
    const r = readActionResult(await approvePayoutAction({ payoutId, previewQuoteId: preview.quoteId, acknowledged, stepUp }));
    if (!r.ok) return setSignError(sentence(r.failure));
    setSigning(null);
    toast({ tone: 'success', title: r.data.status === 'APPROVING' ? t('approvedPartial') : t('approvedFinal') });
    setPreview(null);
    router.refresh();
  }

  function reject() {
    // The code, worded as it renders: the errors catalogue may still be on its way (useErrorsTranslator).
    if (!reason.trim()) return setReasonError('REASON_REQUIRED');
    start(async () => {
      const r = readActionResult(await rejectPayoutAction({ payoutId, reason }));
      if (!r.ok) {
        // A problem with the reason stays in the dialog, on its field; anything else closes it and is said above.
        let onReason = false;
        applyFailure(
          (_field, message) => {
            onReason = true;
            setReasonError(message);
          },
          r.failure,
          errorsT,
          ['reason'],
        );
        if (onReason) return;
        setRejecting(false);
        return setError(sentence(r.failure));
      }
      setRejecting(false);
      toast({ tone: 'success', title: t('rejected') });
      router.refresh();
    });
  }

  function cancel() {
    start(async () => {
      const r = readActionResult(await cancelPayoutAction({ payoutId }));
      setCancelling(false);
      if (!r.ok) return setError(sentence(r.failure));
      toast({ tone: 'success', title: t('cancelled') });
      router.refresh();
    });
  }

  return (
    <Card>
      <CardHeader title={t('title')} />
      <CardBody className="space-y-4">
        {isRequester && status === 'APPROVING' ? (
          <p className="text-sm text-fg-muted" data-testid="no-actions">
            {t('waitingForOthers')}
          </p>
        ) : null}
        {error ? (
          <Alert tone="error">{error}</Alert>
        ) : null}
        {canApprove && coolOffNotice ? (
          <div data-testid="approver-cool-off">
            <Alert tone="warning" title={tc('title')}>
              {coolOffNotice}
            </Alert>
          </div>
        ) : null}
        {canApprove && !coolOffNotice && !preview ? (
          <Button onClick={fetchQuote} disabled={pending} className="w-full">
            {t('getFreshQuote')}
          </Button>
        ) : null}
        {canApprove && preview ? (
          <div className="space-y-3 text-sm" data-testid="fresh-quote">
            <p>{t('freshQuote')}</p>
            <dl className="grid grid-cols-2 gap-2">
              <dt className="text-fg-muted">{t('youSend')}</dt>
              <dd className="tabular-nums">{amountText(preview.quote.sourceAmount, locale)}</dd>
              <dt className="text-fg-muted">{t('theyReceive')}</dt>
              <dd className="tabular-nums">{amountText(preview.quote.targetAmount, locale)}</dd>
              <dt className="text-fg-muted">{t('rate')}</dt>
              <dd className="tabular-nums">
                {t('rateValue', { base: preview.quote.rate.base, rate: formatRate(preview.quote.rate.value, locale), quote: preview.quote.rate.quote })}
              </dd>
              <dt className="text-fg-muted">{t('drift')}</dt>
              <dd className="tabular-nums" data-testid="drift-bps">
                {t('bps', { bps: formatBps(preview.driftBps, locale, true) })}
              </dd>
            </dl>
            {preview.needsAcknowledgement ? (
              <Checkbox
                id="ack-drift"
                checked={acknowledged}
                onChange={(e) => setAcknowledged(e.currentTarget.checked)}
                label={t('acknowledge', { bps: formatBps(preview.driftBps, locale, true) })}
              />
            ) : null}
            <Button onClick={approve} disabled={pending || (preview.needsAcknowledgement && !acknowledged)} className="w-full">
              {t('approve')}
            </Button>
          </div>
        ) : null}
        {canReject ? (
          <Button variant="secondary" onClick={() => setRejecting(true)} disabled={pending} className="w-full">
            {t('reject')}
          </Button>
        ) : null}
        {canCancel ? (
          <Button variant="secondary" onClick={() => setCancelling(true)} disabled={pending} className="w-full">
            {t('cancel')}
          </Button>
        ) : null}
      </CardBody>
      <Dialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        title={t('rejectTitle')}
        description={t('rejectDescription')}
        dismissible={!pending}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)} disabled={pending}>
              {t('back')}
            </Button>
            <Button variant="danger" onClick={reject} disabled={pending}>
              {t('confirmReject')}
            </Button>
          </>
        }
      >
        <Field id="reject-reason" label={t('reason')} required error={reasonError === undefined ? undefined : (errorsT(reasonError) ?? reasonError)}>
          <Textarea value={reason} maxLength={500} onChange={(e) => { setReason(e.currentTarget.value); setReasonError(undefined); }} />
        </Field>
      </Dialog>
      <StepUpDialog
        open={signing !== null}
        onClose={() => {
          setSigning(null);
          setSignError(null);
        }}
        title={ts('payoutTitle')}
        description={ts('payoutDescription')}
        rows={signing ? statementRows(signing.statement, ts, locale, { sourceAccountName }) : []}
        challenge={signing}
        onSigned={approveSigned}
        error={signError}
      />
      <ConfirmDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        onConfirm={cancel}
        title={t('cancelTitle')}
        description={t('cancelDescription')}
        confirmLabel={t('confirmCancel')}
        cancelLabel={t('back')}
        tone="danger"
        pending={pending}
      />
    </Card>
  );
}
