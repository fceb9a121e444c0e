'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { readActionResult } from '@/lib/actions/result';
import { applyFailure } from '@/components/forms/apply-failure';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { catalogueTranslator } from '@/lib/errors';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';

/** Server actions handed down by the page (components never import a route). */
export type EnrolmentActions = {
  passkeyOptions: () => Promise<unknown>;
  addPasskey: (input: { name: string; response: unknown }) => Promise<unknown>;
  startTotp: () => Promise<unknown>;
  confirmTotp: (input: { code: string }) => Promise<unknown>;
};

export type Enrolled = { recoveryCodes: string[] | null; finishedSignIn: boolean };

type Result<T> = Parameters<typeof readActionResult<T>>[0];

/** Names a new passkey and asks the browser to create it. */
export function PasskeyAdder({ actions, onAdded, defaultName }: { actions: EnrolmentActions; onAdded: (r: Enrolled) => void; defaultName: string }) {
  const t = useTranslations('security');
  const errors = catalogueTranslator(useErrorsTranslator());
  const failureSentence = useFailureSentence();
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    setError(null);
    setNameError(undefined);
    if (!name) return setNameError(t('passkeys.nameRequired'));
    setPending(true);
    try {
      const options = readActionResult((await actions.passkeyOptions()) as Result<Record<string, unknown>>);
      if (!options.ok) throw new Error(failureSentence(options.failure));
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: options.data as never });
      } catch {
        throw new Error(t('passkeys.cancelled'));
      }
      const added = readActionResult((await actions.addPasskey({ name, response })) as Result<Enrolled>);
      if (!added.ok) {
        if (applyFailure((_field, message) => setNameError(message), added.failure, errors, ['name']) === null) return;
        throw new Error(failureSentence(added.failure));
      }
      (event.target as HTMLFormElement).reset();
      onAdded(added.data);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field id="passkey-name" label={t('passkeys.nameLabel')} hint={t('passkeys.nameHint')} error={nameError}>
        <Input name="name" defaultValue={defaultName} maxLength={60} />
      </Field>
      <Button type="submit" loading={pending}>
        {t('passkeys.add')}
      </Button>
    </form>
  );
}

/** Authenticator app: a QR (and the secret as text), then the first code to prove it was scanned. */
export function TotpSetup({ actions, onAdded }: { actions: EnrolmentActions; onAdded: (r: Enrolled) => void }) {
  const t = useTranslations('security');
  const failureSentence = useFailureSentence();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function begin() {
    setError(null);
    setPending(true);
    const started = readActionResult((await actions.startTotp()) as Result<{ secret: string; qr: string }>);
    setPending(false);
    if (!started.ok) return setError(failureSentence(started.failure));
    setSetup(started.data);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setError(null);
    if (!code) return setError(t('prompt.codeRequired'));
    setPending(true);
    const confirmed = readActionResult((await actions.confirmTotp({ code })) as Result<Enrolled>);
    setPending(false);
    if (!confirmed.ok) return setError(failureSentence(confirmed.failure));
    setSetup(null);
    onAdded(confirmed.data);
  }

  if (!setup) {
    return (
      <div className="space-y-3">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button variant="secondary" onClick={begin} loading={pending}>
          {t('totp.setUp')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <p className="text-sm text-fg-muted">{t('totp.scan')}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn on the server, nothing to optimise */}
      <img src={setup.qr} alt={t('totp.qrAlt')} width={180} height={180} className="rounded-md border border-border bg-white" />
      <div className="flex flex-wrap items-center gap-2">
        <code className="rounded bg-surface-muted px-2 py-1 text-xs break-all" data-testid="totp-secret">
          {setup.secret}
        </code>
        <CopyButton value={setup.secret} srLabel={t('totp.copySecret')} />
      </div>
      <form method="post" onSubmit={confirm} noValidate className="space-y-3">
        <Field id="totp-confirm-code" label={t('prompt.codeLabel')} hint={t('totp.confirmHint')}>
          <Input name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={8} />
        </Field>
        <SubmitButton loading={pending}>
          {t('totp.confirm')}
        </SubmitButton>
      </form>
    </div>
  );
}

/** The ten codes, shown this once. */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const t = useTranslations('security');
  return (
    <div className="space-y-3" data-testid="recovery-codes">
      <Alert tone="warning" title={t('recovery.shownOnceTitle')}>
        {t('recovery.shownOnceBody')}
      </Alert>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label={t('recovery.listLabel')}>
        {codes.map((code) => (
          <li key={code} className="rounded border border-border bg-surface-muted px-2 py-1 text-center tabular">
            {code}
          </li>
        ))}
      </ul>
      <CopyButton value={codes.join('\n')} label={t('recovery.copyAll')} />
    </div>
  );
}
