'use server';

import { actionClient } from '@/lib/actions/safe-action';
import { rateLimits } from '@/lib/security/rate-limits';
import { changePassword } from '@/lib/team/users';
import { changePasswordSchema } from '@/lib/domain/team/change-password-schema';

/** Any signed-in user (no permission), including one who must change a one-time password first. */
export const changePasswordAction = actionClient
  .metadata({ name: 'auth.changePassword', allowEnrolment: true })
  .inputSchema(changePasswordSchema)
  .action(async ({ parsedInput, ctx }) => {
    ctx.audit.target = ctx.user.id;
    // Each change checks the current password: without a limit, a stolen session could guess it.
    await rateLimits.passwordChange.enforce(ctx.user.id);
    // Other sessions end (a leaked one-time password stops working); this one stays signed in.
    await changePassword(ctx.user.id, parsedInput.currentPassword, parsedInput.newPassword, {
      keepSessionId: ctx.user.sessionId,
    });
    return { changed: true as const };
  });
