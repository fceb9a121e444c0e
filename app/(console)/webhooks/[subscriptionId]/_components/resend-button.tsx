'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { isRetryableFailure } from '@/lib/domain/webhooks/replay';
import { resendAction } from '../../actions';

/**
 * Resend one attempt. Disabled from the click until the answer, so a second click cannot send twice; one
 * idempotency key per click intent, kept when the answer was lost (a retry of that click is the same intent and
 * the service does it once) and renewed once the service answered. A toast says what happened; the new attempt
 * and its status then arrive through the page's log watcher, without a reload.
 */
export function ResendButton({ subscriptionId, logId }: { subscriptionId: string; logId: string }) {
  const t = useTranslations('webhooks');
  const router = useRouter();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const { key, renew } = useIdempotencyKey();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  async function resend() {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      const outcome = readActionResult(await resendAction({ subscriptionId, logId, intentKey: key }));
      if (outcome.ok) {
        renew();
        toast({ title: t('resend.sent'), description: t('resend.sentDescription') });
        router.refresh();
      } else {
        if (!isRetryableFailure(outcome.failure.code)) renew();
        toast({ tone: 'error', title: t('resend.failed'), description: sentence(outcome.failure) });
      }
    } catch {
      // The action's answer was lost (network): the same key goes with the next click.
      toast({ tone: 'error', title: t('resend.failed'), description: sentence({ code: 'NO_RESPONSE', sentence: '' }) });
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <Button size="sm" onClick={resend} loading={pending} disabled={pending} data-testid="resend-button">
      {pending ? t('resend.sending') : t('resend.button')}
    </Button>
  );
}
