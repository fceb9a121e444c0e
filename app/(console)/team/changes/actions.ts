'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { actionClient } from '@/lib/actions/safe-action';
import { approveControlChange, cancelControlChange, rejectControlChange } from '@/lib/control-changes/service';

// A malformed id is "no such change" (404) in the service, like an unknown one.
const changeIdSchema = z.object({ changeId: z.string().min(1).max(100) });

/** Another admin approves: the change applies at once, exactly once (lib/control-changes/service.ts). */
export const approveControlChangeAction = actionClient
  .metadata({ name: 'controlChanges.approve', permission: 'team:manage' })
  .inputSchema(changeIdSchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = parsedInput.changeId;
    const { change, outcome } = await approveControlChange(ctx.user, parsedInput.changeId);
    ctx.audit.details = { kind: change.kind, subject: change.subject, before: change.before, after: change.after, requestedBy: change.requestedByEmail, outcome };
    revalidatePath('/team', 'layout');
    return { outcome };
  });

/** Another admin rejects: nothing changes. */
export const rejectControlChangeAction = actionClient
  .metadata({ name: 'controlChanges.reject', permission: 'team:manage' })
  .inputSchema(changeIdSchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = parsedInput.changeId;
    const change = await rejectControlChange(ctx.user, parsedInput.changeId, `rejected by ${ctx.user.email}`);
    ctx.audit.details = { kind: change.kind, subject: change.subject, requestedBy: change.requestedByEmail };
    revalidatePath('/team', 'layout');
    return { status: change.status };
  });

/** The requester withdraws their own change. */
export const cancelControlChangeAction = actionClient
  .metadata({ name: 'controlChanges.cancel', permission: 'team:manage' })
  .inputSchema(changeIdSchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = parsedInput.changeId;
    const change = await cancelControlChange(ctx.user, parsedInput.changeId);
    ctx.audit.details = { kind: change.kind, subject: change.subject };
    revalidatePath('/team', 'layout');
    return { status: change.status };
  });
