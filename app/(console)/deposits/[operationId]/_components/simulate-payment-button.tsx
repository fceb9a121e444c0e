'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import { simulateDepositPaymentAction } from '../actions';

/** Sandbox only (the page renders it only with SANDBOX=on): pays the deposit through the sandbox's test helper. */
export function SimulatePaymentButton({ operationId }: { operationId: string }) {
  const t = useTranslations('deposits.simulate');
  const failureSentence = useFailureSentence();
  const router = useRouter();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="space-y-2 rounded-md border border-dashed border-sandbox-fg/40 bg-sandbox-bg/40 p-3" data-testid="simulate-payment">
      <p className="text-xs font-semibold tracking-wide text-fg uppercase">{t('label')}</p>
      <p className="text-xs text-fg-muted">{t('hint')}</p>
      <Button
        variant="secondary"
        loading={pending}
        onClick={() => {
          setFailure(null);
          start(async () => {
            const result = readActionResult(await simulateDepositPaymentAction({ operationId }));
            if (!result.ok) setFailure(result.failure);
            router.refresh();
          });
        }}
      >
        {pending ? t('pending') : t('button')}
      </Button>
      {failure ? (
        <Alert tone="error" requestId={failure.requestId ?? null}>
          {/* The alert shows the reference on its own line: the sentence without it. */}
          {failureSentence({ ...failure, requestId: null })}
        </Alert>
      ) : null}
    </div>
  );
}
