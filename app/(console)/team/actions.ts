'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { setSecondFactorRequired } from '@/lib/auth/factors/second-factor';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { actionClient } from '@/lib/actions/safe-action';
import { unlockUser } from '@/lib/auth/lockout';
import { changeRole, createUser, getUser, setDisabled } from '@/lib/team/users';
import { proposeControlChange, type ControlChange } from '@/lib/control-changes/service';
import { ROLE_WHILE_PENDING, roleChangeWeakens } from '@/lib/domain/control-changes';
import { DomainError } from '@/lib/errors';
import { addUserSchema, changeRoleSchema, setDisabledSchema, unlockUserSchema } from '@/lib/domain/team/schema';
import { generateOneTimePassword } from '@/lib/team/one-time-password';

/** What the browser learns about a change that now waits for a second admin. */
export type PendingNote = { id: string; effectiveAt: string | null };
function pendingNote(change: ControlChange): PendingNote {
  return { id: change.id, effectiveAt: change.effectiveAt?.toISOString() ?? null };
}

/**
 * Creates the user with a one-time password that is returned once (to the admin's screen) and never stored in clear.
 * A role that can approve payouts or manage the team needs a second admin: the user is created as a viewer at once
 * (so the password can be handed over) and the role itself becomes a pending control change.
 */
export const addUserAction = actionClient
  .metadata({ name: 'team.addUser', permission: 'team:manage' })
  .inputSchema(addUserSchema)
  .action(async ({ parsedInput, ctx }) => {
    const oneTimePassword = generateOneTimePassword();
    const weakening = roleChangeWeakens(ROLE_WHILE_PENDING, parsedInput.role);
    const role = weakening ? ROLE_WHILE_PENDING : parsedInput.role;
    const user = await createUser({ ...parsedInput, role, password: oneTimePassword, mustChangePassword: true });
    ctx.audit.target = user.id;
    let pending: PendingNote | null = null;
    if (weakening) {
      const proposal = await proposeControlChange(
        ctx.user,
        'team.add-user',
        { userId: user.id, email: user.email, name: user.name, role: parsedInput.role },
        { before: { userId: user.id, email: user.email, name: user.name, role } },
      );
      pending = proposal.pending ? pendingNote(proposal.pending) : null;
    }
    ctx.audit.details = { email: user.email, role: user.role, requestedRole: parsedInput.role, pendingChange: pending?.id ?? null };
    revalidatePath('/team');
    return { user: { id: user.id, name: user.name, email: user.email, role: user.role }, oneTimePassword, requestedRole: parsedInput.role, pending };
  });

/**
 * Takes effect on the user's next request: the session reads the role from the users table each time. A promotion to
 * a role that can approve payouts or manage the team becomes a pending change another admin decides.
 */
export const changeRoleAction = actionClient
  .metadata({ name: 'team.changeRole', permission: 'team:manage' })
  .inputSchema(changeRoleSchema)
  .action(async ({ parsedInput, ctx }) => {
    const current = await getUser(parsedInput.userId);
    if (!current) throw new DomainError('NOT_FOUND', { httpStatus: 404 });
    if (!current.disabledAt && roleChangeWeakens(current.role, parsedInput.role)) {
      const proposal = await proposeControlChange(ctx.user, 'team.change-role', {
        userId: current.id,
        email: current.email,
        name: current.name,
        role: parsedInput.role,
      });
      if (proposal.pending) {
        ctx.audit.details = { role: current.role, requestedRole: parsedInput.role, pendingChange: proposal.pending.id };
        revalidatePath('/team');
        return { id: current.id, role: current.role, pending: pendingNote(proposal.pending) };
      }
    }
    const user = await changeRole(ctx.user, parsedInput.userId, parsedInput.role);
    ctx.audit.details = { role: user.role };
    revalidatePath('/team');
    return { id: user.id, role: user.role, pending: null };
  });

/** Disabling ends every session of that user at once. */
export const setDisabledAction = actionClient
  .metadata({ name: 'team.setDisabled', permission: 'team:manage' })
  .inputSchema(setDisabledSchema)
  .action(async ({ parsedInput, ctx }) => {
    const user = await setDisabled(ctx.user, parsedInput.userId, parsedInput.disabled);
    ctx.audit.details = { disabled: parsedInput.disabled };
    revalidatePath('/team');
    return { id: user.id, disabled: user.disabledAt !== null };
  });

/** Lifts the user's sign-in locks (per address and global) at once; audited like every team mutation. */
export const unlockUserAction = actionClient
  .metadata({ name: 'team.unlockUser', permission: 'team:manage' })
  .inputSchema(unlockUserSchema)
  .action(async ({ parsedInput, ctx }) => {
    const { email, activeLocks } = await unlockUser(parsedInput.userId);
    ctx.audit.details = { email, activeLocks };
    revalidatePath('/team');
    return { id: parsedInput.userId, unlocked: activeLocks > 0 };
  });

/**
 * The team's "a second factor is required for everyone". Turning it on ends the sessions of everyone without a
 * factor (their next sign-in takes them to enrolment) and needs the admin's own factor first.
 */
export const setSecondFactorRequiredAction = actionClient
  .metadata({ name: 'team.setSecondFactorRequired', permission: 'team:manage' })
  .inputSchema(z.object({ required: z.boolean() }))
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = 'team';
    // Turning it off weakens sign-in for everyone: a second admin decides (lib/control-changes).
    const proposal = await proposeControlChange(ctx.user, 'team.second-factor', { required: parsedInput.required });
    if (proposal.pending) {
      ctx.audit.details = { required: parsedInput.required, pendingChange: proposal.pending.id };
      revalidatePath('/team');
      return { required: !parsedInput.required, signedOut: 0, pending: pendingNote(proposal.pending) };
    }
    const { signedOut } = await setSecondFactorRequired(await getDb(), ctx.user, parsedInput.required, now());
    ctx.audit.details = { required: parsedInput.required, signedOut };
    revalidatePath('/team');
    return { required: parsedInput.required, signedOut, pending: null };
  });
