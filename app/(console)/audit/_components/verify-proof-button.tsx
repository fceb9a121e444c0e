'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import { verifyAuditProofAction } from '../actions';

/** Asks the server to re-check one event's stored signature and says what it found. */
export function VerifyProofButton({ eventId }: { eventId: string }) {
  const t = useTranslations('stepUp.audit');
  const sentence = useFailureSentence();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  function verify() {
    start(async () => {
      const r = readActionResult(await verifyAuditProofAction({ eventId }));
      if (!r.ok) return setResult({ ok: false, text: sentence(r.failure) });
      setResult(r.data.ok ? { ok: true, text: t('valid') } : { ok: false, text: t('invalid', { reason: r.data.reason ?? '—' }) });
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm" variant="secondary" onClick={verify} loading={pending}>
        {t('verify')}
      </Button>
      <p role="status" data-testid="proof-verify-result" data-ok={result ? String(result.ok) : undefined} className={result?.ok ? 'text-sm text-tone-success-fg' : 'text-sm text-tone-danger-fg'}>
        {result?.text ?? ''}
      </p>
    </div>
  );
}
