'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import { approveControlChangeAction, cancelControlChangeAction, rejectControlChangeAction } from '../actions';

type Decision = 'approve' | 'reject' | 'cancel';

/**
 * Approve / reject (another admin) or cancel (its requester), each after a confirmation that repeats what the change
 * does. The server decides who may do what again.
 */
export function DecideButtons({ changeId, summary, mine }: { changeId: string; summary: string; mine: boolean }) {
  const t = useTranslations('controlChanges');
  const failureSentence = useFailureSentence();
  const router = useRouter();
  const { toast } = useToast();
  const [open, setOpen] = useState<Decision | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  function close() {
    setOpen(null);
    setFailure(null);
  }

  async function confirm() {
    if (!open) return;
    setPending(true);
    setFailure(null);
    const input = { changeId };
    if (open === 'approve') {
      const outcome = readActionResult(await approveControlChangeAction(input));
      setPending(false);
      if (!outcome.ok) return setFailure(outcome.failure);
      toast({ tone: outcome.data.outcome === 'APPLIED' ? 'success' : undefined, title: outcome.data.outcome === 'APPLIED' ? t('approved') : t('stale') });
    } else {
      const outcome = readActionResult(await (open === 'reject' ? rejectControlChangeAction(input) : cancelControlChangeAction(input)));
      setPending(false);
      if (!outcome.ok) return setFailure(outcome.failure);
      toast({ title: open === 'reject' ? t('rejected') : t('cancelled') });
    }
    setOpen(null);
    router.refresh();
  }

  const titles: Record<Decision, string> = { approve: t('approveTitle'), reject: t('rejectTitle'), cancel: t('cancelTitle') };
  const bodies: Record<Decision, string> = {
    approve: t('approveBody', { summary }),
    reject: t('rejectBody', { summary }),
    cancel: t('cancelBody', { summary }),
  };
  const confirmLabels: Record<Decision, string> = { approve: t('approve'), reject: t('reject'), cancel: t('cancel') };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {mine ? (
        <Button size="sm" variant="secondary" onClick={() => setOpen('cancel')} aria-label={t('cancelLabel', { summary })}>
          {t('cancel')}
        </Button>
      ) : (
        <>
          <Button size="sm" onClick={() => setOpen('approve')} aria-label={t('approveLabel', { summary })}>
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
        tone={open === 'approve' ? 'primary' : 'danger'}
      >
        {open ? <p className="text-fg-muted">{bodies[open]}</p> : null}
        {failure ? (
          <Alert tone="error" className="mt-4">
            {failureSentence(failure)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
