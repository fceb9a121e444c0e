'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { lazySchema, useForm } from '@/components/forms/use-form';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { amountText } from '@/components/money/amount-text';
import { StepUpDialog, type StepUpFactRow } from '@/components/step-up/step-up-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import type { StepUpChallenge, StepUpResponse } from '@/lib/domain/step-up/challenge';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { useHydrated } from '@/hooks/use-hydrated';
import { approveBatchAction, beginBatchStepUpAction, cancelBatchAction, rejectBatchAction } from '../../actions';

type RejectValues = { batchId: string; reason: string };
const rejectSchema = lazySchema<RejectValues>(async () => (await import('@/lib/domain/payout-batches/schema')).rejectBatchSchema);

/** The signed facts in the reader's words: totals through Intl, ids and the digest as signed. */
function factRows(statement: StepUpChallenge['statement'], t: ReturnType<typeof useTranslations<'payoutBatches.approve'>>, locale: string, accountName: string): StepUpFactRow[] {
  return statement.facts.map(([key, value]) => {
    const total = /^(total|referenceTotal)\.(\w+)$/.exec(key);
    if (total) return { key, label: t(`fact.${total[1] as 'total' | 'referenceTotal'}`, { asset: total[2]! }), value: amountText({ value, asset: total[2]! }, locale) };
    const label = key === 'batch' || key === 'sourceAccount' || key === 'rowCount' || key === 'rowsDigest' ? t(`fact.${key}`) : key;
    const shown = key === 'sourceAccount' ? `${accountName} (${value})` : value;
    return { key, label, value: <span className={key === 'rowCount' ? 'tabular-nums' : 'font-mono text-xs break-all'}>{shown}</span> };
  });
}

/**
 * Approve (signed with the step-up), reject, or cancel what is not yet sent. The buttons show only to who may
 * press them; every action is checked again on the server.
 */
export function BatchDecision({
  batchId,
  accountName,
  canApprove,
  canReject,
  canCancel,
  cancelWaiting,
  isRequester,
}: {
  batchId: string;
  accountName: string;
  canApprove: boolean;
  canReject: boolean;
  canCancel: boolean;
  /** The whole batch waits for approval (cancel = cancel the batch), else cancel = the rest of it. */
  cancelWaiting: boolean;
  isRequester: boolean;
}) {
  const t = useTranslations('payoutBatches.approve');
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const locale = useLocale();
  const router = useRouter();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [signing, setSigning] = useState<StepUpChallenge | null>(null);
  const [signError, setSignError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const reject = useForm<RejectValues>({ defaultValues: { batchId, reason: '' }, schema: rejectSchema, mode: 'onSubmit' });
  // The card is in the server's HTML before its code (lazy-batch-decision.tsx): a click before hydration would be lost.
  const idle = useHydrated() && !pending;

  // Nothing to decide and nothing to say (a finished batch): no card.
  if (!canApprove && !canReject && !canCancel && !(isRequester && cancelWaiting)) return null;

  function approve() {
    setError(null);
    setSignError(null);
    start(async () => {
      const r = readActionResult(await beginBatchStepUpAction({ batchId }));
      if (!r.ok) return setError(sentence(r.failure));
      setSigning(r.data as StepUpChallenge);
    });
  }

  async function approveSigned(stepUp: StepUpResponse) {
    setSignError(null);
    const r = readActionResult(await approveBatchAction({ batchId, stepUp }));
    if (!r.ok) return setSignError(sentence(r.failure));
    setSigning(null);
    toast({ tone: 'success', title: r.data.status === 'APPROVED' ? t('approvedFinal') : t('approvedPartial') });
    router.refresh();
  }

  const onReject = reject.handleSubmit(async (values) => {
    const r = readActionResult(await rejectBatchAction(values));
    if (!r.ok) {
      setRejecting(false);
      return setError(sentence(r.failure));
    }
    setRejecting(false);
    toast({ tone: 'success', title: t('rejected') });
    router.refresh();
  });

  function cancel() {
    start(async () => {
      const r = readActionResult(await cancelBatchAction({ batchId }));
      setCancelling(false);
      if (!r.ok) return setError(sentence(r.failure));
      toast({ tone: 'success', title: t('cancelled', { count: r.data.cancelledRows }) });
      router.refresh();
    });
  }

  const reasonError = reject.error('reason');
  return (
    <Card data-testid="batch-decision">
      <CardHeader title={t('title')} />
      <CardBody className="space-y-3">
        {isRequester && cancelWaiting ? (
          <p className="text-sm text-fg-muted" data-testid="no-actions">
            {t('waitingForOthers')}
          </p>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {canApprove ? (
          <Button onClick={approve} disabled={!idle} className="w-full" data-testid="batch-approve">
            {t('approve')}
          </Button>
        ) : null}
        {canReject ? (
          <Button variant="secondary" onClick={() => setRejecting(true)} disabled={!idle} className="w-full">
            {t('reject')}
          </Button>
        ) : null}
        {canCancel ? (
          <Button variant="secondary" onClick={() => setCancelling(true)} disabled={!idle} className="w-full">
            {cancelWaiting ? t('cancelWaiting') : t('cancel')}
          </Button>
        ) : null}
      </CardBody>
      <Dialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        title={t('rejectTitle')}
        description={t('rejectDescription')}
        dismissible={!reject.submitting}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)} disabled={reject.submitting}>
              {t('back')}
            </Button>
            <Button variant="danger" onClick={onReject} disabled={reject.submitting}>
              {t('confirmReject')}
            </Button>
          </>
        }
      >
        <Field id="batch-reject-reason" label={t('reason')} required error={reasonError ? (errorsT(reasonError) ?? reasonError) : undefined}>
          <Textarea maxLength={500} {...reject.register('reason')} />
        </Field>
      </Dialog>
      <StepUpDialog
        open={signing !== null}
        onClose={() => {
          setSigning(null);
          setSignError(null);
        }}
        title={t('signTitle')}
        description={t('signDescription')}
        rows={signing ? factRows(signing.statement, t, locale, accountName) : []}
        challenge={signing}
        onSigned={approveSigned}
        error={signError}
      />
      <ConfirmDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        onConfirm={cancel}
        title={t('cancelTitle')}
        description={t('cancelBody')}
        confirmLabel={t('confirmCancel')}
        cancelLabel={t('back')}
        tone="danger"
        pending={pending}
      />
    </Card>
  );
}
