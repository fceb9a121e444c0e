'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { PasskeyAdder, RecoveryCodesView, TotpSetup, type Enrolled, type EnrolmentActions } from '@/components/security/factor-enrolment';
import { SecondFactorPrompt } from '@/components/security/second-factor-prompt';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { readActionResult } from '@/lib/actions/result';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null; synced: boolean };
type Actions = EnrolmentActions & {
  renamePasskey: (input: { id: string; name: string }) => Promise<unknown>;
  removePasskey: (input: { id: string }) => Promise<unknown>;
  removeTotp: () => Promise<unknown>;
  regenerateRecoveryCodes: () => Promise<unknown>;
};
type Result<T> = Parameters<typeof readActionResult<T>>[0];

export function SecurityPanel({
  passkeys,
  totp,
  recoveryCodesLeft,
  amr,
  required,
  actions,
}: {
  passkeys: Passkey[];
  totp: boolean;
  recoveryCodesLeft: number;
  amr: string;
  required: boolean;
  actions: Actions;
}) {
  const t = useTranslations('security');
  const failureSentence = useFailureSentence();
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  // A change that needs a fresh second factor waits here while the prompt is open, then runs again.
  const [confirming, setConfirming] = useState<null | (() => Promise<void>)>(null);

  const hasFactor = passkeys.length > 0 || totp;

  function added(result: Enrolled) {
    if (result.recoveryCodes) setCodes(result.recoveryCodes);
    setNotice(t('page.added'));
    router.refresh();
  }

  /** Runs a change; one refused for want of a fresh factor opens the prompt and is retried after it. */
  async function guarded<T>(run: () => Promise<unknown>, onOk: (data: T) => void, retried = false): Promise<void> {
    setError(null);
    setNotice(null);
    const outcome = readActionResult((await run()) as Result<T>);
    if (outcome.ok) return onOk(outcome.data);
    if (outcome.failure.code === 'FACTOR_NOT_FRESH' && !retried) {
      setConfirming(() => () => guarded(run, onOk, true));
      return;
    }
    setError(failureSentence(outcome.failure));
  }

  async function rename(event: FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    await guarded(() => actions.renamePasskey({ id, name }), () => {
      setRenaming(null);
      router.refresh();
    });
  }

  return (
    <div className="space-y-6">
      {error ? <Alert tone="error">{error}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {codes ? <RecoveryCodesView codes={codes} /> : null}

      <Card>
        <CardHeader title={t('page.sessionTitle')} description={t(`amr.${amr.replace('+', '_')}` as 'amr.pwd')} />
        {required ? (
          <CardBody>
            <p className="text-sm text-fg-muted">{t('page.required')}</p>
          </CardBody>
        ) : !hasFactor ? (
          <CardBody>
            <Alert tone="warning">{t('page.noFactor')}</Alert>
          </CardBody>
        ) : null}
      </Card>

      <Card>
        <CardHeader title={t('passkeys.title')} description={t('passkeys.description')} />
        <CardBody className="space-y-4">
          {passkeys.length === 0 ? <p className="text-sm text-fg-muted">{t('passkeys.none')}</p> : null}
          <ul className="divide-y divide-border" aria-label={t('passkeys.title')}>
            {passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="passkey-row">
                {renaming === p.id ? (
                  <form method="post" onSubmit={(e) => rename(e, p.id)} className="flex flex-1 flex-wrap items-center gap-2">
                    <Input name="name" defaultValue={p.name} maxLength={60} aria-label={t('passkeys.nameLabel')} className="max-w-xs" autoFocus />
                    <Button type="submit" size="sm">
                      {t('passkeys.save')}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                      {t('passkeys.cancel')}
                    </Button>
                  </form>
                ) : (
                  <div className="min-w-0">
                    <p className="font-medium text-fg [overflow-wrap:anywhere]">
                      {p.name} {p.synced ? <Badge tone="info">{t('passkeys.synced')}</Badge> : null}
                    </p>
                    <p className="text-xs text-fg-muted">
                      {t('passkeys.added')} <DateTimeText value={p.createdAt} /> · {t('passkeys.lastUsed')}{' '}
                      {p.lastUsedAt ? <DateTimeText value={p.lastUsedAt} /> : t('passkeys.never')}
                    </p>
                  </div>
                )}
                {renaming === p.id ? null : (
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setRenaming(p.id)}>
                      {t('passkeys.rename')}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => guarded(() => actions.removePasskey({ id: p.id }), () => {
                        setNotice(t('passkeys.removed', { name: p.name }));
                        router.refresh();
                      })}
                    >
                      {t('passkeys.remove')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <div className="border-t border-border pt-4">
            <PasskeyAdder actions={actions} onAdded={added} defaultName={t('passkeys.defaultName')} />
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title={t('totp.title')} description={t('totp.description')} />
        <CardBody>
          {totp ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Badge tone="success" dot>
                {t('totp.on')}
              </Badge>
              <Button
                size="sm"
                variant="danger"
                onClick={() => guarded(() => actions.removeTotp(), () => {
                  setNotice(t('totp.removed'));
                  router.refresh();
                })}
              >
                {t('totp.remove')}
              </Button>
            </div>
          ) : (
            <TotpSetup actions={actions} onAdded={added} />
          )}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title={t('recovery.title')} description={t('recovery.description')} />
        <CardBody className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-fg" data-testid="recovery-left">
            {t('recovery.left', { count: recoveryCodesLeft })}
          </p>
          {hasFactor ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => guarded<{ recoveryCodes: string[] }>(() => actions.regenerateRecoveryCodes(), (data) => {
                setCodes(data.recoveryCodes);
                router.refresh();
              })}
            >
              {t('recovery.regenerate')}
            </Button>
          ) : null}
        </CardBody>
      </Card>

      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={t('confirm.title')} description={t('confirm.body')}>
        <SecondFactorPrompt
          idPrefix="confirm"
          methods={{ passkey: passkeys.length > 0, totp, recovery: recoveryCodesLeft > 0 }}
          onDone={() => {
            const retry = confirming;
            setConfirming(null);
            void retry?.();
          }}
        />
      </Dialog>
    </div>
  );
}
