'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { failureSentence, type Failure } from '@/lib/errors';
import { isRole, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '@/lib/auth/permissions';
import { changeRoleAction } from '../actions';

/** Picking a role only proposes it; the change happens after the confirmation. */
export function RoleSelect({ userId, userName, role, lastAdmin }: { userId: string; userName: string; role: Role; lastAdmin: boolean }) {
  const [proposed, setProposed] = useState<Role | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { toast } = useToast();

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
    toast({ title: `${userName} is now ${ROLE_LABELS[proposed]}.`, description: 'The change applies on their next request.' });
    setProposed(null);
  }

  return (
    <>
      <Select
        aria-label={`Role for ${userName}`}
        value={proposed ?? role}
        onChange={(event) => {
          const next = event.target.value;
          if (isRole(next) && next !== role) setProposed(next);
        }}
        className="h-8"
        wrapperClassName="w-36 min-w-36"
        data-testid="role-select"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </Select>
      <ConfirmDialog
        open={proposed !== null}
        onClose={close}
        onConfirm={confirm}
        pending={pending}
        title={`Change ${userName}’s role?`}
        description={proposed ? `${ROLE_LABELS[role]} → ${ROLE_LABELS[proposed]}` : undefined}
        confirmLabel="Change role"
      >
        {proposed ? <p className="text-fg-muted">{ROLE_DESCRIPTIONS[proposed]}</p> : null}
        {lastAdmin && proposed !== 'admin' ? (
          <p className="mt-3 text-fg-muted">{userName} is the only active admin, so this change will be refused.</p>
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
