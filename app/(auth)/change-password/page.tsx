import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Alert } from '@/components/ui/alert';
import { requireUser } from '@/lib/auth/session';
import { ChangePasswordForm } from './_components/change-password-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth.changePassword'))('metaTitle') };
}

export default async function ChangePasswordPage() {
  const user = await requireUser(undefined, { allowPasswordChangePending: true });
  const t = await getTranslations('auth.changePassword');
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{t('title')}</h1>
      <p className="mt-1 text-sm text-fg-muted">{t('signedInAs', { email: user.email })}</p>
      {user.mustChangePassword ? (
        <Alert tone="info" className="mt-6" title={t('mustChangeTitle')}>
          {t('mustChangeBody')}
        </Alert>
      ) : null}
      <div className="mt-6 rounded-xl border border-border bg-surface p-6 shadow-sm">
        <IntlScope namespaces={['auth', 'validation', 'errors']}>
          <ChangePasswordForm />
        </IntlScope>
      </div>
      {user.mustChangePassword ? null : (
        <p className="mt-4 text-center text-sm">
          <Link href="/" className="font-medium text-accent-text underline-offset-4 hover:underline">
            {t('backToConsole')}
          </Link>
        </p>
      )}
    </div>
  );
}
