'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { StepUpDialog, type StepUpFactRow } from '@/components/step-up/step-up-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import type { StepUpChallenge, StepUpResponse } from '@/lib/domain/step-up/challenge';
import type { Failure } from '@/lib/errors';
import { approveControlChangeAction, beginControlChangeStepUpAction, cancelControlChangeAction, rejectControlChangeAction } from '../actions';

type Decision = 'reject' | 'cancel';

/** A line of what is signed, in words: a plain value, or a row of the change before and after. */
export type SignRow = { key: string; label: string; value: string } | { key: string; label: string; before: string; after: string };

/**
 * Approve / reject (another admin) or cancel (its requester), each after a confirmation that repeats what the change
 * does. The server decides who may do what again.
 */
export function DecideButtons({ changeId, summary, mine, signRows }: { changeId: string; summary: string; mine: boolean; signRows: SignRow[] }) {
  const t = useTranslations('controlChanges');
  const [signing, setSigning] = useState<StepUpChallenge | null>(null);
  const [signError, setSignError] = useState<string | null>(null);
  const rows: StepUpFactRow[] = signRows.map((row) => ({
    key: row.key,
    label: row.label,
    value:
      'value' in row ? (
        row.value
      ) : (
        <>
          <span className="block text-fg-muted">
            {t('columns.before')}: {row.before}
          </span>
          <span className={row.before === row.after ? 'block text-fg' : 'block font-semibold text-fg'}>
            {t('columns.after')}: {row.after}
          </span>
        </>
      ),
  }));
  const failureSentence = useFailureSentence();
  const router = useRouter();
  const { toast } = useToast();
  const [open, setOpen] = useState<Decision | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [beginFailure, setBeginFailure] = useState<Failure | null>(null);

  function close() {
    setOpen(null);
    setFailure(null);
  }

  async function confirm() {
    if (!open) return;
    setPending(true);
    setFailure(null);
    const input = { changeId };
    const outcome = readActionResult(await (open === 'reject' ? rejectControlChangeAction(input) : cancelControlChangeAction(input)));
    setPending(false);
    if (!outcome.ok) return setFailure(outcome.failure);
    toast({ title: open === 'reject' ? t('rejected') : t('cancelled') });
    setOpen(null);
    router.refresh();
  }

  /** Approve → the server states what will be signed → the step-up dialog shows it and asks for the passkey (or code). */
  async function approve() {
    setBeginFailure(null);
    setPending(true);
    const outcome = readActionResult(await beginControlChangeStepUpAction({ changeId }));
    setPending(false);
    if (!outcome.ok) return setBeginFailure(outcome.failure);
    setSigning(outcome.data as StepUpChallenge);
  }

  async function approveSigned(stepUp: StepUpResponse) {
    setSignError(null);
    const outcome = readActionResult(await approveControlChangeAction({ changeId, stepUp }));
    if (!outcome.ok) return setSignError(failureSentence(outcome.failure));
    setSigning(null);
    toast({ tone: outcome.data.outcome === 'APPLIED' ? 'success' : undefined, title: outcome.data.outcome === 'APPLIED' ? t('approved') : t('stale') });
    router.refresh();
  }

  const titles: Record<Decision, string> = { reject: t('rejectTitle'), cancel: t('cancelTitle') };
  const bodies: Record<Decision, string> = {
    reject: t('rejectBody', { summary }),
    cancel: t('cancelBody', { summary }),
  };
  const confirmLabels: Record<Decision, string> = { reject: t('reject'), cancel: t('cancel') };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {mine ? (
        <Button size="sm" variant="secondary" onClick={() => setOpen('cancel')} aria-label={t('cancelLabel', { summary })}>
          {t('cancel')}
        </Button>
      ) : (
        <>
          <Button size="sm" onClick={approve} disabled={pending} aria-label={t('approveLabel', { summary })}>
            {t('approve')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setOpen('reject')} aria-label={t('rejectLabel', { summary })}>
            {t('reject')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={open !== null}
        onClose={close}
        onConfirm={confirm}
        pending={pending}
        title={open ? titles[open] : ''}
        confirmLabel={open ? confirmLabels[open] : undefined}
        cancelLabel={open === 'cancel' ? t('keep') : undefined}
        tone="danger"
      >
        {open ? <p className="text-fg-muted">{bodies[open]}</p> : null}
        {failure ? (
          <Alert tone="error" className="mt-4">
            {failureSentence(failure)}
          </Alert>
        ) : null}
      </ConfirmDialog>
      {beginFailure ? (
        <Alert tone="error" className="w-full">
          {failureSentence(beginFailure)}
        </Alert>
      ) : null}
      <StepUpDialog
        open={signing !== null}
        onClose={() => {
          setSigning(null);
          setSignError(null);
        }}
        title={t('sign.title')}
        description={t('sign.description', { summary })}
        rows={rows}
        challenge={signing}
        onSigned={approveSigned}
        error={signError}
      />
    </div>
  );
}
