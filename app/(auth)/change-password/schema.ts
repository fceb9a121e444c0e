import * as z from 'zod/mini';
import { passwordSchema } from '@/lib/domain/team/password-policy';

// Shared by the form (instant feedback) and the action (the authority).
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, 'Enter your current password.')),
    newPassword: passwordSchema,
    confirmPassword: z.string().check(z.minLength(1, 'Repeat the new password.')),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'The two new passwords do not match.',
    }),
    z.refine((v) => v.newPassword !== v.currentPassword, {
      path: ['newPassword'],
      message: 'Choose a password different from the current one.',
    }),
  );

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
