'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { actionClient } from '@/lib/actions/safe-action';
import { clientDetails } from '@/lib/auth/factors/manage';
import { stepUpRefusalDetails } from '@/lib/auth/step-up/service';
import { cancelControlChange, rejectControlChange } from '@/lib/control-changes/service';
import { approveControlChangeWithStepUp, beginControlChangeStepUp } from '@/lib/control-changes/step-up';

// A malformed id is "no such change" (404) in the service, like an unknown one.
const changeIdSchema = z.object({ changeId: z.string().min(1).max(100) });
// The step-up answer is checked whole by consumeStepUp; here only its outer shape and size.
const stepUpSchema = z
  .object({ challengeId: z.string().min(1).max(100), webauthn: z.unknown().optional(), totp: z.string().max(12).optional() })
  .optional();
const approveSchema = changeIdSchema.extend({ stepUp: stepUpSchema });

/** What the approving admin will sign: a challenge over the change as stored (lib/control-changes/step-up.ts). */
export const beginControlChangeStepUpAction = actionClient
  .metadata({ name: 'controlChanges.beginStepUp', permission: 'team:manage' })
  .inputSchema(changeIdSchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = parsedInput.changeId;
    ctx.audit.details = await clientDetails();
    const challenge = await beginControlChangeStepUp(ctx.user, parsedInput.changeId);
    ctx.audit.details = { ...ctx.audit.details, challengeId: challenge.challengeId, method: challenge.method, digest: challenge.digest, expiresAt: challenge.expiresAt };
    return challenge;
  });

/**
 * Another admin approves with a step-up over the change: the change applies at once, exactly once, and the audit
 * keeps the proof of what they signed (lib/control-changes/step-up.ts).
 */
export const approveControlChangeAction = actionClient
  .metadata({ name: 'controlChanges.approve', permission: 'team:manage' })
  .inputSchema(approveSchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = parsedInput.changeId;
    ctx.audit.details = await clientDetails();
    let approved: Awaited<ReturnType<typeof approveControlChangeWithStepUp>>;
    try {
      approved = await approveControlChangeWithStepUp(ctx.user, parsedInput.changeId, parsedInput.stepUp);
    } catch (error) {
      ctx.audit.details = { ...ctx.audit.details, ...stepUpRefusalDetails(error) };
      throw error;
    }
    const { change, outcome, proof } = approved;
    ctx.audit.details = {
      ...ctx.audit.details,
      kind: change.kind,
      subject: change.subject,
      before: change.before,
      after: change.after,
      requestedBy: change.requestedByEmail,
      outcome,
      stepUp: proof,
    };
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
