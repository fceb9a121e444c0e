'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { failureSentence, type Failure } from '@/lib/errors';
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
      title: next ? `${userName} is disabled.` : `${userName} can sign in again.`,
      description: next ? 'Their sessions have ended.' : undefined,
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
        aria-label={`${next ? 'Disable' : 'Re-enable'} ${userName}`}
        className={next ? 'text-danger-text hover:text-danger-text' : undefined}
      >
        {next ? 'Disable' : 'Re-enable'}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        pending={pending}
        tone={next ? 'danger' : 'primary'}
        title={next ? `Disable ${userName}?` : `Re-enable ${userName}?`}
        confirmLabel={next ? 'Disable user' : 'Re-enable user'}
      >
        <p className="text-fg-muted">
          {next
            ? `${userName} is signed out everywhere at once and cannot sign in until re-enabled. Their history stays in the audit log.`
            : `${userName} will be able to sign in again with their current password.`}
        </p>
        {next && lastAdmin ? (
          <p className="mt-3 text-fg-muted">{userName} is the only active admin, so this will be refused.</p>
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
