'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Button } from '@/components/ui/button';
import { readActionResult } from '@/lib/actions/result';
import { receiveEventsAction } from './actions';

/** The admin's "Receive events in this console" (subscribes the service to every event for this console). */
export function ReceiveEventsButton() {
  const t = useTranslations('operations.overview');
  const failureSentence = useFailureSentence();
  const router = useRouter();
  const { key, renew } = useIdempotencyKey();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  return (
    <div className="mt-2 space-y-1">
      <Button
        variant="primary"
        size="sm"
        loading={pending}
        onClick={() =>
          start(async () => {
            const outcome = readActionResult(await receiveEventsAction({ intentKey: key }));
            if (outcome.ok) {
              renew();
              setMessage({ tone: 'ok', text: t('received') });
              router.refresh();
            } else {
              setMessage({ tone: 'error', text: failureSentence(outcome.failure) });
            }
          })
        }
      >
        {pending ? t('receiving') : t('receive')}
      </Button>
      <p role={message?.tone === 'error' ? 'alert' : 'status'} className="text-sm">
        {message?.text}
      </p>
    </div>
  );
}
