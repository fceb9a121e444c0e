'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { applyFailure } from '@/components/forms/apply-failure';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { StepUpDialog, type StepUpFactRow } from '@/components/step-up/step-up-dialog';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { KEY_REVIEW_REASON_MAX } from '@/lib/domain/beneficiaries/key-review';
import type { StepUpChallenge, StepUpResponse } from '@/lib/domain/step-up/challenge';
import { catalogueTranslator, type Failure } from '@/lib/errors';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { approveKeyAction, beginKeyApprovalAction, rejectKeyAction } from '../../actions';

/**
 * Approve or reject one beneficiary key, shown only to who may (not its creator; admin or compliance). Approving is
 * a step-up: the dialog lists exactly what is approved, the passkey (or authenticator code) signs it, and the server
 * recomputes those facts from the service before accepting the signature.
 */
export function KeyReviewControls({
  beneficiaryId,
  instructionId,
  facts,
}: {
  beneficiaryId: string;
  instructionId: string;
  /** The statement's facts in words, in signing order. */
  facts: readonly StepUpFactRow[];
}) {
  const t = useTranslations('keyReview');
  const sentence = useFailureSentence();
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<StepUpChallenge | null>(null);
  const [signError, setSignError] = useState<string | null>(null);

  const errors = catalogueTranslator(useErrorsTranslator());
  const failureText = (failure: Failure) => sentence(failure);

  function openApproval() {
    setError(null);
    setSignError(null);
    setChallenge(null);
    setApproving(true);
    start(async () => {
      const r = readActionResult(await beginKeyApprovalAction({ beneficiaryId, instructionId }));
      if (!r.ok) {
        setApproving(false);
        setError(failureText(r.failure));
        router.refresh();
        return;
      }
      setChallenge(r.data.challenge);
    });
  }

  async function approve(response: StepUpResponse) {
    setSignError(null);
    const r = readActionResult(await approveKeyAction({ beneficiaryId, instructionId, stepUp: response }));
    if (!r.ok) {
      // A refused signature keeps the dialog open with the reason; any other refusal is said on the page.
      if (r.failure.code.startsWith('STEP_UP_')) return setSignError(failureText(r.failure));
      setApproving(false);
      setError(failureText(r.failure));
      router.refresh();
      return;
    }
    setApproving(false);
    toast({ tone: 'success', title: t('approved') });
    router.refresh();
  }

  function reject() {
    // The code, worded as it renders: the errors catalogue may still be on its way (useErrorsTranslator).
    if (!reason.trim()) return setReasonError('KEY_REVIEW_REASON_REQUIRED');
    setError(null);
    start(async () => {
      const r = readActionResult(await rejectKeyAction({ beneficiaryId, instructionId, reason }));
      if (!r.ok) {
        if (applyFailure((_field, message) => setReasonError(message), r.failure, errors, ['reason']) === null) return;
        setRejecting(false);
        setError(failureText(r.failure));
        router.refresh();
        return;
      }
      setRejecting(false);
      toast({ tone: 'success', title: t('rejected') });
      router.refresh();
    });
  }

  const idBase = `key-review-${instructionId}`;
  return (
    <div className="space-y-3">
      {error ? (
        <div data-testid="key-review-error">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={openApproval} disabled={pending} data-testid="approve-key">
          {t('approve')}
        </Button>
        <Button variant="secondary" onClick={() => setRejecting(true)} disabled={pending} data-testid="reject-key">
          {t('reject')}
        </Button>
      </div>
      <StepUpDialog
        open={approving}
        onClose={() => setApproving(false)}
        title={t('approveTitle')}
        description={t('approveDescription')}
        rows={facts}
        challenge={challenge}
        onSigned={approve}
        error={signError}
        pending={pending}
      />
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
        <Field id={`${idBase}-reason`} label={t('reason')} required error={reasonError === undefined ? undefined : (errors(reasonError) ?? reasonError)}>
          <Textarea
            value={reason}
            maxLength={KEY_REVIEW_REASON_MAX}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(undefined);
            }}
          />
        </Field>
      </Dialog>
    </div>
  );
}
