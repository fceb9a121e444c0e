'use server';

import { z } from 'zod';
import { actionClient } from '@/lib/actions/safe-action';
import {
  addPasskey,
  clientDetails,
  confirmTotp,
  regenerateRecoveryCodes,
  removePasskey,
  removeUserTotp,
  renameUserPasskey,
  startPasskeyRegistration,
  startTotp,
} from '@/lib/auth/factors/manage';
import { PASSKEY_NAME_MAX } from '@/lib/auth/factors/webauthn';

// Every signed-in user manages their own factors (no permission). The enrolment page (/enrol) uses the four that
// add a factor, which is why those run for a session the team's requirement holds at enrolment.

const passkeyName = z.string().trim().min(1, 'required').max(PASSKEY_NAME_MAX, 'tooLong');
const credentialId = z.string().min(1).max(1024);

export const passkeyOptionsAction = actionClient
  .metadata({ name: 'auth.passkeyOptions', allowEnrolment: true })
  .action(async ({ ctx }) => {
    ctx.audit.target = ctx.user.email;
    return startPasskeyRegistration(ctx.user);
  });

export const addPasskeyAction = actionClient
  .metadata({ name: 'auth.addPasskey', allowEnrolment: true })
  .inputSchema(z.object({ name: passkeyName, response: z.unknown() }))
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = ctx.user.email;
    ctx.audit.details = { name: parsedInput.name, ...(await clientDetails()) };
    const added = await addPasskey(ctx.user, parsedInput);
    ctx.audit.details.factorId = added.id;
    return added;
  });

export const startTotpAction = actionClient
  .metadata({ name: 'auth.startTotp', allowEnrolment: true })
  .action(async ({ ctx }) => {
    ctx.audit.target = ctx.user.email;
    return startTotp(ctx.user);
  });

export const confirmTotpAction = actionClient
  .metadata({ name: 'auth.addTotp', allowEnrolment: true })
  .inputSchema(z.object({ code: z.string().trim().min(1, 'required').max(20) }))
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = ctx.user.email;
    ctx.audit.details = await clientDetails();
    return confirmTotp(ctx.user, parsedInput.code);
  });

export const renamePasskeyAction = actionClient
  .metadata({ name: 'auth.renamePasskey' })
  .inputSchema(z.object({ id: credentialId, name: passkeyName }))
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.details = { name: parsedInput.name, ...(await clientDetails()) };
    await renameUserPasskey(ctx.user, parsedInput.id, parsedInput.name);
    return { renamed: true as const };
  });

export const removePasskeyAction = actionClient
  .metadata({ name: 'auth.removePasskey' })
  .inputSchema(z.object({ id: credentialId }))
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.details = await clientDetails();
    const gone = await removePasskey(ctx.user, parsedInput.id);
    ctx.audit.details.name = gone.name;
    return { removed: true as const };
  });

export const removeTotpAction = actionClient
  .metadata({ name: 'auth.removeTotp' })
  .action(async ({ ctx }) => {
    ctx.audit.target = ctx.user.email;
    ctx.audit.details = await clientDetails();
    await removeUserTotp(ctx.user);
    return { removed: true as const };
  });

export const regenerateRecoveryCodesAction = actionClient
  .metadata({ name: 'auth.regenerateRecoveryCodes' })
  .action(async ({ ctx }) => {
    ctx.audit.target = ctx.user.email;
    ctx.audit.details = await clientDetails();
    return { recoveryCodes: await regenerateRecoveryCodes(ctx.user) };
  });
