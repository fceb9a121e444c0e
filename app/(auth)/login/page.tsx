import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { getCurrentUser } from '@/lib/auth/session';
import { getEnv } from '@/lib/env';
import { sanitizeCallbackUrl } from '@/lib/security/callback-url';
import { LoginForm } from './_components/login-form';
import { loginErrorMessage } from './login-error-message';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const env = getEnv();
  // Only same-origin relative paths survive: an open redirect after sign-in is a phishing tool.
  const callbackUrl = sanitizeCallbackUrl(first(params.callbackUrl), env.PUBLIC_ORIGIN);

  if (await getCurrentUser()) redirect(callbackUrl);

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-fg">Sign in</h1>
      <p className="mt-1 text-sm text-fg-muted">Payments &amp; FX Console</p>
      {env.SANDBOX === 'on' ? (
        <Alert tone="warning" title="Sandbox" className="mt-6">
          This console is connected to the embedded sandbox: no real money moves. Demo sign-ins are listed in the README.
        </Alert>
      ) : null}
      <div className="mt-6 rounded-xl border border-border bg-surface p-6 shadow-sm">
        <LoginForm callbackUrl={callbackUrl} initialError={loginErrorMessage(first(params.error))} />
      </div>
    </div>
  );
}
