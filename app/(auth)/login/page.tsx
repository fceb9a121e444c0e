import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Alert } from '@/components/ui/alert';
import { getSessionUser, pathForStage } from '@/lib/auth/session';
import { getEnv } from '@/lib/env';
import { sanitizeCallbackUrl } from '@/lib/security/callback-url';
import { LoginForm } from './_components/login-form';
import { loginError } from './login-error-message';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth.login'))('metaTitle') };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const env = getEnv();
  // Only same-origin relative paths survive: an open redirect after sign-in is a phishing tool.
  const callbackUrl = sanitizeCallbackUrl(first(params.callbackUrl), env.PUBLIC_ORIGIN);

  const session = await getSessionUser();
  if (session) {
    const step = pathForStage(session);
    redirect(step === '/login/second-factor' ? `${step}?callbackUrl=${encodeURIComponent(callbackUrl)}` : (step ?? callbackUrl));
  }
  const t = await getTranslations('auth.login');

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{t('title')}</h1>
      <p className="mt-1 text-sm text-fg-muted">{t('subtitle')}</p>
      {env.SANDBOX === 'on' ? (
        <Alert tone="warning" title={t('sandboxTitle')} className="mt-6">
          {t('sandboxBody')}
        </Alert>
      ) : null}
      <div className="mt-6 rounded-xl border border-border bg-surface p-6 shadow-sm">
        <IntlScope namespaces={['auth', 'errors']}>
          <LoginForm callbackUrl={callbackUrl} initialError={loginError(first(params.error))} />
        </IntlScope>
      </div>
    </div>
  );
}
