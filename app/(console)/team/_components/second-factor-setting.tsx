'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import { setSecondFactorRequiredAction } from '../actions';

/** The switch for "a second factor is required for everyone", with what turning it on does. */
export function SecondFactorSetting({ required, without, delayHours }: { required: boolean; without: number; delayHours: number }) {
  const t = useTranslations('team.secondFactor');
  const tc = useTranslations('controlChanges');
  const failureSentence = useFailureSentence();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function toggle() {
    setPending(true);
    setFailure(null);
    const outcome = readActionResult(await setSecondFactorRequiredAction({ required: !required }));
    setPending(false);
    if (!outcome.ok) return setFailure(outcome.failure);
    if (outcome.data.pending) return toast({ title: tc('toastPending'), description: tc('toastPendingBody') });
    toast({ title: outcome.data.required ? t('turnedOn', { count: outcome.data.signedOut }) : t('turnedOff') });
  }

  return (
    <div className="space-y-3">
      <Button variant={required ? 'secondary' : 'primary'} size="sm" onClick={toggle} loading={pending}>
        {required ? t('turnOff') : t('turnOn')}
      </Button>
      {!required && without > 0 ? <p className="text-xs text-fg-muted">{t('turnOnEffect', { count: without })}</p> : null}
      {required ? <p className="text-xs text-fg-muted">{tc('secondFactorNote', { hours: delayHours })}</p> : null}
      {failure ? <Alert tone="error">{failureSentence(failure)}</Alert> : null}
    </div>
  );
}
