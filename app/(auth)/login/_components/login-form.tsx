'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useForm } from '@/components/forms/use-form';
import { signInSchema, type SignInValues } from '@/lib/domain/sign-in/sign-in-form';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import type { LoginError } from '../login-error-message';

/**
 * Posts to next-auth's credentials callback with plain fetch (no next-auth/react in the bundle), then does a
 * full navigation: a client-side push could reuse a prefetched signed-out redirect. Submitted before the scripts run
 * (JavaScript off, a loaded machine), the form itself POSTs to /api/auth/sign-in, which signs in the same way: the
 * password never goes into a URL. `callbackUrl` comes sanitised from the page (lib/security/callback-url.ts), so the
 * browser goes there as it is; a refusal is worded by ../login-error-message.ts, fetched when one comes.
 */
export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string; initialError: LoginError | null }) {
  const t = useTranslations('auth');
  const errorsT = useErrorsTranslator();
  const [error, setError] = useState<LoginError | null>(initialError);
  // Nothing is said before the first submit (a sign-in secret), then each change is checked.
  const form = useForm<SignInValues>({ defaultValues: { email: '', password: '' }, schema: signInSchema, mode: 'onSubmit' });
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const password = form.register('password');
  // Stays on from the request until the next page replaces this one (or the refusal is shown).
  const [pending, setPending] = useState(false);

  // The form checks the fields and focuses the first refused one; the server says whether they match.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setError(null);
    form.handleSubmit(signIn)(event);
  }

  async function signIn({ email, password }: SignInValues) {
    setPending(true);
    // Fetched while the sign-in is on its way: only a refusal needs its wording.
    const wording = import('../login-error-message');
    wording.catch(() => undefined);
    try {
      const csrf = (await (await fetch('/api/auth/csrf', { cache: 'no-store' })).json()) as { csrfToken: string };
      const res = await fetch('/api/auth/callback/credentials', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password, csrfToken: csrf.csrfToken, callbackUrl, json: 'true' }),
      });
      const data = (await res.json().catch(() => ({}))) as { url?: string };
      const failure = data.url ? new URL(data.url, window.location.origin).searchParams.get('error') : 'Unknown';
      if (failure || !res.ok) {
        const { loginError } = await wording;
        setError(loginError(failure ?? 'CredentialsSignin'));
        setPending(false);
        passwordRef.current?.select();
        passwordRef.current?.focus();
        return;
      }
      // A full load picks up the new session cookie everywhere.
      window.location.assign(callbackUrl);
    } catch {
      setError({ code: 'SIGN_IN_UNREACHABLE' });
      setPending(false);
    }
  }

  const fieldText = (code: string | undefined) => (code ? errorsT(code) : undefined);

  return (
    <form
      method="post"
      action="/api/auth/sign-in"
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-describedby={error ? 'login-error' : undefined}
    >
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {error ? (
        <div id="login-error">
          <Alert tone="error">{errorsT(error.code, 'values' in error ? error.values : undefined)}</Alert>
        </div>
      ) : null}
      <Field id="email" label={t('login.email')} error={fieldText(form.error('email'))}>
        <Input {...form.register('email')} type="email" autoComplete="username" inputMode="email" autoFocus spellCheck={false} />
      </Field>
      <Field id="password" label={t('login.password')} error={fieldText(form.error('password'))}>
        <Input
          {...password}
          ref={(element) => {
            passwordRef.current = element;
            return password.ref(element);
          }}
          type="password"
          autoComplete="current-password"
        />
      </Field>
      <Button type="submit" className="w-full" loading={pending || form.submitting}>
        {pending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
