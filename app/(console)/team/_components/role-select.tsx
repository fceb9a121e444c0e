'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { useHydrated } from '@/hooks/use-hydrated';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import { isRole, ROLES, type Role } from '@/lib/auth/permissions';
import { changeRoleAction } from '../actions';
import { roleChangeWeakens } from '@/lib/domain/control-changes/roles';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import { formatDateTime } from '@/lib/i18n/format';
import { useLocale, useTimeZone } from 'next-intl';

/** Picking a role only proposes it; the change happens after the confirmation. */
export function RoleSelect({
  userId,
  userName,
  role,
  lastAdmin,
  delayHours,
}: {
  userId: string;
  userName: string;
  role: Role;
  lastAdmin: boolean;
  delayHours: number;
}) {
  const t = useTranslations('team');
  const tc = useTranslations('controlChanges');
  const locale = useLocale();
  const timeZone = useTimeZone() ?? DEFAULT_TIME_ZONE;
  const roles = useTranslations('shell.roles');
  const failureSentence = useFailureSentence();
  const [proposed, setProposed] = useState<Role | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { toast } = useToast();
  // Before hydration a pick would change the select and open no confirmation: the row would show a role it does not
  // have (and an e2e run that picked that early waited for a dialog that never came: team.spec.ts, fresh-clone CI).
  const hydrated = useHydrated();

  function close() {
    setProposed(null);
    setFailure(null);
  }

  async function confirm() {
    if (!proposed) return;
    setPending(true);
    setFailure(null);
    const outcome = readActionResult(await changeRoleAction({ userId, role: proposed }));
    setPending(false);
    if (!outcome.ok) {
      setFailure(outcome.failure);
      return;
    }
    const pending = outcome.data.pending;
    if (pending) {
      toast({
        title: tc('toastPending'),
        description: pending.effectiveAt
          ? tc('toastPendingDelayed', { when: formatDateTime(pending.effectiveAt, { locale, timeZone }) })
          : tc('toastPendingBody'),
      });
    } else {
      toast({ title: t('roleChange.toast', { name: userName, role: roles(proposed) }), description: t('roleChange.toastBody') });
    }
    setProposed(null);
  }

  return (
    <>
      <Select
        aria-label={t('roleChange.label', { name: userName })}
        value={proposed ?? role}
        disabled={!hydrated}
        onChange={(event) => {
          const next = event.target.value;
          if (isRole(next) && next !== role) setProposed(next);
        }}
        className="h-8"
        wrapperClassName="w-40 min-w-40"
        data-testid="role-select"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {roles(r)}
          </option>
        ))}
      </Select>
      <ConfirmDialog
        open={proposed !== null}
        onClose={close}
        onConfirm={confirm}
        pending={pending}
        title={t('roleChange.title', { name: userName })}
        description={proposed ? `${roles(role)} → ${roles(proposed)}` : undefined}
        confirmLabel={t('roleChange.confirm')}
      >
        {proposed ? <p className="text-fg-muted">{t(`roleDescriptions.${proposed}`)}</p> : null}
        {proposed && roleChangeWeakens(role, proposed) ? (
          <Alert tone="info" title={tc('needsSecondAdmin')} className="mt-3">
            {tc('needsSecondAdminBody', { hours: delayHours })}
          </Alert>
        ) : null}
        {lastAdmin && proposed !== 'admin' ? (
          <p className="mt-3 text-fg-muted">{t('roleChange.lastAdmin', { name: userName })}</p>
        ) : null}
        {failure ? (
          <Alert tone="error" className="mt-4">
            {failureSentence(failure)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
