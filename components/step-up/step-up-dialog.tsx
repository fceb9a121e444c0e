'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { StepUpChallenge, StepUpResponse } from '@/lib/domain/step-up/challenge';

/** One signed fact in words: the caller renders each canonical value in the reader's language. */
export type StepUpFactRow = { key: string; label: ReactNode; value: ReactNode };

export type StepUpDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The statement's facts, rendered by the caller, in the statement's order. */
  rows: readonly StepUpFactRow[];
  /** From the caller's "begin" action (beginStepUp); null while it loads. */
  challenge: Pick<StepUpChallenge, 'challengeId' | 'method' | 'options' | 'expiresAt' | 'digest'> | null;
  /** Receives the signed answer; the caller's server action recomputes the statement and consumes it. */
  onSigned: (response: StepUpResponse) => Promise<void> | void;
  /** The caller's refusal sentence (its server action's failure), shown above the buttons. */
  error?: string | null;
  /** The caller's server action is running. */
  pending?: boolean;
};

/**
 * Transaction signing: shows exactly what will be signed, then asks the browser for a passkey assertion over the
 * statement's digest (or, for a user without a passkey, a code from the authenticator app — said to be weaker:
 * the code proves the person, not what they saw). Nothing is approved here; the caller's action decides.
 */
export function StepUpDialog({ open, onClose, title, description, rows, challenge, onSigned, error, pending = false }: StepUpDialogProps) {
  const t = useTranslations('stepUp');
  const format = useFormatter();
  const codeId = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const busy = pending || signing;

  async function signWithPasskey() {
    if (!challenge?.options) return;
    setLocalError(null);
    setSigning(true);
    try {
      // Loaded on demand: only approvers opening this dialog need the WebAuthn client.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      let webauthn: unknown;
      try {
        webauthn = await startAuthentication({ optionsJSON: challenge.options });
      } catch {
        setLocalError(t('passkeyCancelled'));
        return;
      }
      await onSigned({ challengeId: challenge.challengeId, webauthn });
    } finally {
      setSigning(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!challenge) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/[\s-]/g, '');
    if (!/^\d{6}$/.test(code)) {
      setLocalError(t('codeInvalid'));
      return;
    }
    setLocalError(null);
    setSigning(true);
    try {
      await onSigned({ challengeId: challenge.challengeId, totp: code });
    } finally {
      setSigning(false);
    }
  }

  const shownError = localError ?? error ?? null;
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} dismissible={!busy}>
      <div className="space-y-4" data-testid="step-up-dialog">
        <p className="text-fg-muted">{t('intro')}</p>
        <dl className="divide-y divide-border rounded-lg border border-border" data-testid="step-up-facts">
          {rows.map((row) => (
            <div key={row.key} className="grid grid-cols-1 gap-0.5 px-3 py-2 sm:grid-cols-[11rem_1fr] sm:gap-3" data-fact={row.key}>
              <dt className="text-fg-muted">{row.label}</dt>
              <dd className="min-w-0 font-medium break-words text-fg">{row.value}</dd>
            </div>
          ))}
          {challenge ? (
            <div className="grid grid-cols-1 gap-0.5 px-3 py-2 sm:grid-cols-[11rem_1fr] sm:gap-3" data-fact="expiresAt">
              <dt className="text-fg-muted">{t('expiresAt')}</dt>
              <dd className="font-medium text-fg">
                <time dateTime={challenge.expiresAt}>{format.dateTime(new Date(challenge.expiresAt), { dateStyle: 'short', timeStyle: 'medium' })}</time>
              </dd>
            </div>
          ) : null}
        </dl>
        {challenge ? (
          <p className="text-xs break-all text-fg-muted">
            {t('digest')} <code data-testid="step-up-digest">{challenge.digest}</code>
          </p>
        ) : null}
        {shownError ? (
          <div data-testid="step-up-error">
            <Alert tone="error">{shownError}</Alert>
          </div>
        ) : null}
        {!challenge ? (
          <p className="text-fg-muted">{t('preparing')}</p>
        ) : challenge.method === 'webauthn' ? (
          <div className="space-y-2">
            <p>{t('passkeyExplain')}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button onClick={signWithPasskey} loading={busy}>
                {t('signWithPasskey')}
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={submitCode} noValidate className="space-y-3" method="post">
            <Alert tone="warning" title={t('weakerTitle')}>
              {t('weakerExplain')}
            </Alert>
            <Field id={codeId} label={t('codeLabel')} hint={t('codeHint')}>
              <Input name="code" autoComplete="one-time-code" inputMode="numeric" spellCheck={false} maxLength={8} autoFocus />
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('confirmWithCode')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
