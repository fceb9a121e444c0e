import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { factorSummary, secondFactorPolicy } from '@/lib/auth/factors/second-factor';
import { listPasskeys } from '@/lib/auth/factors/webauthn';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import {
  addPasskeyAction,
  confirmTotpAction,
  passkeyOptionsAction,
  regenerateRecoveryCodesAction,
  removePasskeyAction,
  removeTotpAction,
  renamePasskeyAction,
  startTotpAction,
} from './actions';
import { SecurityPanel } from './_components/security-panel';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('security'))('page.metaTitle') };
}

/** The signed-in user's own second factors: passkeys, the authenticator app, recovery codes. */
export default async function SecurityPage() {
  const user = await requirePage('/account/security');
  const db = await getDb();
  const [passkeys, summary, policy] = await Promise.all([
    listPasskeys(db, user.id),
    factorSummary(db, user.id),
    secondFactorPolicy(db, getEnv().SANDBOX),
  ]);
  const t = await getTranslations('security');
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <IntlScope namespaces={['security']}>
        <SecurityPanel
          passkeys={passkeys.map((p) => ({
            id: p.id,
            name: p.name,
            createdAt: p.createdAt.toISOString(),
            lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
            synced: p.backedUp,
          }))}
          totp={summary.totp}
          recoveryCodesLeft={summary.recoveryCodesLeft}
          amr={user.amr}
          required={policy.required}
          actions={{
            passkeyOptions: passkeyOptionsAction,
            addPasskey: addPasskeyAction,
            startTotp: startTotpAction,
            confirmTotp: confirmTotpAction,
            renamePasskey: renamePasskeyAction,
            removePasskey: removePasskeyAction,
            removeTotp: removeTotpAction,
            regenerateRecoveryCodes: regenerateRecoveryCodesAction,
          }}
        />
      </IntlScope>
    </>
  );
}
