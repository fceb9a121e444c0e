import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { requireUser } from '@/lib/auth/session';
import { addPasskeyAction, confirmTotpAction, passkeyOptionsAction, startTotpAction } from '@/app/(console)/account/security/actions';
import { EnrolPanel } from './_components/enrol-panel';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('security'))('enrol.metaTitle') };
}

/**
 * The team requires a second factor and this user has none: after the password, this page is the only one that
 * opens (proxy, guards and actions all send such a session here) until a passkey or an authenticator app is set up.
 */
export default async function EnrolPage() {
  const user = await requireUser(undefined, { allowEnrolment: true });
  const t = await getTranslations('security');
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{t('enrol.title')}</h1>
      <p className="mt-1 text-sm text-fg-muted">{t('enrol.subtitle', { email: user.email })}</p>
      <div className="mt-6 rounded-xl border border-border bg-surface p-6 shadow-sm">
        <IntlScope namespaces={['security']}>
          <EnrolPanel
            actions={{ passkeyOptions: passkeyOptionsAction, addPasskey: addPasskeyAction, startTotp: startTotpAction, confirmTotp: confirmTotpAction }}
            alreadyDone={user.stage === 'complete'}
          />
        </IntlScope>
      </div>
    </div>
  );
}
