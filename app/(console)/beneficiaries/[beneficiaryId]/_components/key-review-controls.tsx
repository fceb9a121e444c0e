'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { KEY_REVIEW_REASON_MAX } from '@/lib/domain/beneficiaries/key-review';
import type { Failure } from '@/lib/errors';
import { approveKeyAction, rejectKeyAction } from '../../actions';

/**
 * Approve or reject one beneficiary key, shown only to who may (not its creator; admin or compliance). The
 * approval dialog lists exactly what is approved — the facts the server recomputes and checks again.
 */
export function KeyReviewControls({
  beneficiaryId,
  instructionId,
  facts,
}: {
  beneficiaryId: string;
  instructionId: string;
  /** Rendered rows: label in the reader's language, canonical value. */
  facts: ReadonlyArray<readonly [string, string]>;
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

  const failureText = (failure: Failure) => (t.has(`errors.${failure.code}`) ? t(`errors.${failure.code}`) : sentence(failure));

  function approve() {
    setError(null);
    start(async () => {
      const r = readActionResult(await approveKeyAction({ beneficiaryId, instructionId }));
      setApproving(false);
      if (!r.ok) {
        setError(failureText(r.failure));
        router.refresh();
        return;
      }
      toast({ tone: 'success', title: t('approved') });
      router.refresh();
    });
  }

  function reject() {
    if (!reason.trim()) return setReasonError(t('errors.KEY_REVIEW_REASON_REQUIRED'));
    setError(null);
    start(async () => {
      const r = readActionResult(await rejectKeyAction({ beneficiaryId, instructionId, reason }));
      if (!r.ok) {
        const field = r.failure.fieldErrors.reason;
        if (field) return setReasonError(t.has(`errors.${field}`) ? t(`errors.${field}`) : field);
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
        <Button onClick={() => setApproving(true)} disabled={pending} data-testid="approve-key">
          {t('approve')}
        </Button>
        <Button variant="secondary" onClick={() => setRejecting(true)} disabled={pending} data-testid="reject-key">
          {t('reject')}
        </Button>
      </div>
      <Dialog
        open={approving}
        onClose={() => setApproving(false)}
        title={t('approveTitle')}
        description={t('approveDescription')}
        dismissible={!pending}
        footer={
          <>
            <Button variant="secondary" onClick={() => setApproving(false)} disabled={pending}>
              {t('back')}
            </Button>
            <Button onClick={approve} disabled={pending}>
              {t('confirmApprove')}
            </Button>
          </>
        }
      >
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm" data-testid="key-facts">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-fg-muted">{label}</dt>
              <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </Dialog>
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
        <Field id={`${idBase}-reason`} label={t('reason')} required error={reasonError}>
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
