'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PasskeyAdder, RecoveryCodesView, TotpSetup, type Enrolled, type EnrolmentActions } from '@/components/security/factor-enrolment';
import { Button } from '@/components/ui/button';
import { SignOutButton } from '@/components/shell/sign-out-button';

export function EnrolPanel({ actions, alreadyDone }: { actions: EnrolmentActions; alreadyDone: boolean }) {
  const t = useTranslations('security');
  const [done, setDone] = useState<Enrolled | null>(alreadyDone ? { recoveryCodes: null, finishedSignIn: true } : null);

  if (done) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-fg">{t('enrol.done')}</p>
        {done.recoveryCodes ? <RecoveryCodesView codes={done.recoveryCodes} /> : null}
        {/* A full load: the session cookie was replaced. */}
        {/* eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load reads the new session cookie everywhere */}
        <Button className="w-full" onClick={() => window.location.assign('/')}>
          {t('enrol.continue')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <section className="space-y-3">
        <h2 className="text-base font-semibold text-fg">{t('passkeys.title')}</h2>
        <p className="text-sm text-fg-muted">{t('passkeys.description')}</p>
        <PasskeyAdder actions={actions} onAdded={setDone} defaultName={t('passkeys.defaultName')} />
      </section>
      <section className="space-y-3 border-t border-border pt-5">
        <h2 className="text-base font-semibold text-fg">{t('totp.title')}</h2>
        <p className="text-sm text-fg-muted">{t('totp.description')}</p>
        <TotpSetup actions={actions} onAdded={setDone} />
      </section>
      <div className="border-t border-border pt-3">
        <SignOutButton label={t('signIn.startOver')} />
      </div>
    </div>
  );
}
