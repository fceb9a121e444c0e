import * as z from 'zod/mini';
import { passwordSchema } from '@/lib/domain/team/password-policy';

// Shared by the form (instant feedback) and the action (the authority). Messages are `validation` catalogue keys.
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, 'currentPasswordRequired')),
    newPassword: passwordSchema,
    confirmPassword: z.string().check(z.minLength(1, 'repeatPasswordRequired')),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'passwordsDiffer',
    }),
    z.refine((v) => v.newPassword !== v.currentPassword, {
      path: ['newPassword'],
      message: 'passwordUnchanged',
    }),
  );

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
