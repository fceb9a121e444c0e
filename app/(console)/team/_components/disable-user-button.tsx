'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import { setDisabledAction } from '../actions';

export function DisableUserButton({
  userId,
  userName,
  disabled,
  lastAdmin,
}: {
  userId: string;
  userName: string;
  disabled: boolean;
  lastAdmin: boolean;
}) {
  const t = useTranslations('team.disable');
  const failureSentence = useFailureSentence();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { toast } = useToast();
  const next = !disabled;

  async function confirm() {
    setPending(true);
    setFailure(null);
    const outcome = readActionResult(await setDisabledAction({ userId, disabled: next }));
    setPending(false);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      return;
    }
    setOpen(false);
    toast({
      title: next ? t('disabledToast', { name: userName }) : t('reenabledToast', { name: userName }),
      description: next ? t('disabledToastBody') : undefined,
    });
  }

  return (
    <>
      <Button
        variant={next ? 'ghost' : 'secondary'}
        size="sm"
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
        aria-label={next ? t('disableLabel', { name: userName }) : t('reenableLabel', { name: userName })}
        className={next ? 'text-danger-text hover:text-danger-text' : undefined}
      >
        {next ? t('disable') : t('reenable')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        pending={pending}
        tone={next ? 'danger' : 'primary'}
        title={next ? t('disableTitle', { name: userName }) : t('reenableTitle', { name: userName })}
        confirmLabel={next ? t('disableConfirm') : t('reenableConfirm')}
      >
        <p className="text-fg-muted">
          {next ? t('disableBody', { name: userName }) : t('reenableBody', { name: userName })}
        </p>
        {next && lastAdmin ? (
          <p className="mt-3 text-fg-muted">{t('lastAdmin', { name: userName })}</p>
        ) : null}
        {failure ? (
          <Alert tone="error" className="mt-4">
            {failureSentence(failure)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
