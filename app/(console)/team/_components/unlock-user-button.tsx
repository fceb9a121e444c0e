'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { failureSentence, type Failure } from '@/lib/errors';
import { unlockUserAction } from '../actions';

// English literals kept in this one component until the message catalogue is on main; they move to the
// `team` namespace then.
const TEXT = {
  label: 'Unlock',
  aria: (name: string) => `Unlock sign-in for ${name}`,
  done: (name: string) => `${name} can try to sign in again.`,
  doneDetail: 'Their sign-in locks were lifted. This is recorded in the audit log.',
};

/** Shown while the user has an active sign-in lock (too many failed attempts). */
export function UnlockUserButton({ userId, userName }: { userId: string; userName: string }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { toast } = useToast();

  async function unlock() {
    setPending(true);
    setFailure(null);
    const outcome = readActionResult(await unlockUserAction({ userId }));
    setPending(false);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      return;
    }
    toast({ title: TEXT.done(userName), description: TEXT.doneDetail });
  }

  return (
    <span className="inline-flex flex-col items-end gap-2">
      <Button variant="secondary" size="sm" onClick={unlock} disabled={pending} aria-label={TEXT.aria(userName)}>
        {TEXT.label}
      </Button>
      {failure ? (
        <Alert tone="error" className="text-left">
          {failureSentence(failure)}
        </Alert>
      ) : null}
    </span>
  );
}
