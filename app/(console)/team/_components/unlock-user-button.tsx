'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { unlockUserAction } from '../actions';

/** Shown while the user has an active sign-in lock (too many failed attempts). */
export function UnlockUserButton({ userId, userName }: { userId: string; userName: string }) {
  const t = useTranslations('team.unlock');
  const failureSentence = useFailureSentence();
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
    toast({ title: t('done', { name: userName }), description: t('doneDetail') });
  }

  return (
    <span className="inline-flex flex-col items-end gap-2">
      <Button variant="secondary" size="sm" onClick={unlock} disabled={pending} aria-label={t('aria', { name: userName })}>
        {t('label')}
      </Button>
      {failure ? (
        <Alert tone="error" className="text-left">
          {failureSentence(failure)}
        </Alert>
      ) : null}
    </span>
  );
}
