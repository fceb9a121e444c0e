'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type Methods = { passkey: boolean; totp: boolean; recovery: boolean };

async function post(path: string, body?: unknown): Promise<{ ok: boolean; data: Record<string, unknown> }> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  return { ok: res.ok, data: ((await res.json().catch(() => ({}))) as Record<string, unknown>) ?? {} };
}

/**
 * Asks for one second factor — a passkey, a code from the authenticator app, or a recovery code — and reports
 * success. Used at sign-in (after the password) and inside the console before a factor is removed; the server
 * decides what a right answer does (lib/auth/factors/sign-in-step.ts).
 */
export function SecondFactorPrompt({ methods, onDone, idPrefix = 'sf' }: { methods: Methods; onDone: () => void; idPrefix?: string }) {
  const t = useTranslations('security');
  const [mode, setMode] = useState<'totp' | 'recovery'>(methods.totp ? 'totp' : 'recovery');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'passkey' | 'code' | null>(null);

  async function usePasskey() {
    setError(null);
    setPending('passkey');
    try {
      const options = await post('/api/second-factor/options');
      if (!options.ok) throw new Error(String(options.data.sentence ?? t('prompt.failed')));
      let response: unknown;
      try {
        response = await startAuthentication({ optionsJSON: options.data as never });
      } catch {
        throw new Error(t('prompt.passkeyCancelled'));
      }
      const verified = await post('/api/second-factor/verify', { method: 'webauthn', response });
      if (!verified.ok) throw new Error(String(verified.data.sentence ?? t('prompt.failed')));
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('prompt.failed'));
      setPending(null);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setError(null);
    if (!code) return setError(mode === 'totp' ? t('prompt.codeRequired') : t('prompt.recoveryRequired'));
    setPending('code');
    try {
      const verified = await post('/api/second-factor/verify', { method: mode, code });
      if (!verified.ok) throw new Error(String(verified.data.sentence ?? t('prompt.failed')));
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('prompt.failed'));
      setPending(null);
    }
  }

  const codeForm = methods.totp || methods.recovery;
  return (
    <div className="space-y-5">
      {error ? (
        <div id={`${idPrefix}-error`}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {methods.passkey ? (
        <Button className="w-full" onClick={usePasskey} loading={pending === 'passkey'} disabled={pending !== null}>
          {t('prompt.usePasskey')}
        </Button>
      ) : null}
      {methods.passkey && codeForm ? <p className="text-center text-xs text-fg-muted">{t('prompt.or')}</p> : null}
      {codeForm ? (
        <form method="post" onSubmit={submitCode} noValidate className="space-y-4" key={mode}>
          <Field
            id={`${idPrefix}-code`}
            label={mode === 'totp' ? t('prompt.codeLabel') : t('prompt.recoveryLabel')}
            hint={mode === 'totp' ? t('prompt.codeHint') : t('prompt.recoveryHint')}
          >
            <Input
              name="code"
              autoComplete="one-time-code"
              inputMode={mode === 'totp' ? 'numeric' : 'text'}
              spellCheck={false}
              autoFocus={!methods.passkey}
              maxLength={mode === 'totp' ? 8 : 16}
            />
          </Field>
          <SubmitButton variant={methods.passkey ? 'secondary' : 'primary'} className="w-full" loading={pending === 'code'} disabled={pending !== null}>
            {t('prompt.verify')}
          </SubmitButton>
        </form>
      ) : null}
      {methods.totp && methods.recovery ? (
        <Button variant="ghost" size="sm" className="w-full" onClick={() => setMode(mode === 'totp' ? 'recovery' : 'totp')}>
          {mode === 'totp' ? t('prompt.useRecovery') : t('prompt.useTotp')}
        </Button>
      ) : null}
    </div>
  );
}
