import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { IntlScope } from '@/components/i18n/intl-scope';
import { getSessionUser, pathForStage } from '@/lib/auth/session';
import { factorSummary } from '@/lib/auth/factors/second-factor';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { sanitizeCallbackUrl } from '@/lib/security/callback-url';
import { SecondFactorStep } from './_components/second-factor-step';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('security'))('signIn.metaTitle') };
}

/** After the password: a passkey, an authenticator code or a recovery code finishes the sign-in. */
export default async function SecondFactorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const raw = Array.isArray(params.callbackUrl) ? params.callbackUrl[0] : params.callbackUrl;
  const callbackUrl = sanitizeCallbackUrl(raw, getEnv().PUBLIC_ORIGIN);
  const user = await getSessionUser();
  if (!user) redirect('/login');
  if (user.stage !== 'second-factor') redirect(pathForStage(user) ?? callbackUrl);
  const summary = await factorSummary(await getDb(), user.id);
  const t = await getTranslations('security');
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{t('signIn.title')}</h1>
      <p className="mt-1 text-sm text-fg-muted">{t('signIn.subtitle', { email: user.email })}</p>
      <div className="mt-6 rounded-xl border border-border bg-surface p-6 shadow-sm">
        <IntlScope namespaces={['security']}>
          <SecondFactorStep
            methods={{ passkey: summary.passkeys > 0, totp: summary.totp, recovery: summary.recoveryCodesLeft > 0 }}
            callbackUrl={callbackUrl}
            startOver={t('signIn.startOver')}
          />
        </IntlScope>
      </div>
    </div>
  );
}
