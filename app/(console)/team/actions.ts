'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { setSecondFactorRequired } from '@/lib/auth/factors/second-factor';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { actionClient } from '@/lib/actions/safe-action';
import { unlockUser } from '@/lib/auth/lockout';
import { changeRole, createUser, setDisabled } from '@/lib/team/users';
import { addUserSchema, changeRoleSchema, setDisabledSchema, unlockUserSchema } from '@/lib/domain/team/schema';
import { generateOneTimePassword } from '@/lib/team/one-time-password';

/** Creates the user with a one-time password that is returned once (to the admin's screen) and never stored in clear. */
export const addUserAction = actionClient
  .metadata({ name: 'team.addUser', permission: 'team:manage' })
  .inputSchema(addUserSchema)
  .action(async ({ parsedInput, ctx }) => {
    const oneTimePassword = generateOneTimePassword();
    const user = await createUser({ ...parsedInput, password: oneTimePassword, mustChangePassword: true });
    ctx.audit.target = user.id;
    ctx.audit.details = { email: user.email, role: user.role };
    revalidatePath('/team');
    return { user: { id: user.id, name: user.name, email: user.email, role: user.role }, oneTimePassword };
  });

/** Takes effect on the user's next request: the session reads the role from the users table each time. */
export const changeRoleAction = actionClient
  .metadata({ name: 'team.changeRole', permission: 'team:manage' })
  .inputSchema(changeRoleSchema)
  .action(async ({ parsedInput, ctx }) => {
    const user = await changeRole(ctx.user, parsedInput.userId, parsedInput.role);
    ctx.audit.details = { role: user.role };
    revalidatePath('/team');
    return { id: user.id, role: user.role };
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
    const { signedOut } = await setSecondFactorRequired(await getDb(), ctx.user, parsedInput.required, now());
    ctx.audit.details = { required: parsedInput.required, signedOut };
    revalidatePath('/team');
    return { required: parsedInput.required, signedOut };
  });
