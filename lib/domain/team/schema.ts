// zod/mini, not classic zod: addUserSchema ships to the browser with the add-user form (zodResolver).
import * as z from 'zod/mini';
import { emailSchema } from '@/lib/domain/team/password-policy';
import { ROLES } from '@/lib/auth/permissions';

// One schema per team mutation, shared by the forms and the server actions. Messages are `validation` catalogue keys.

const roleSchema = z.enum(ROLES, { error: 'roleRequired' });
const userIdSchema = z.string().check(z.trim(), z.minLength(1, 'userIdMissing'), z.maxLength(100));

export const addUserSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'nameRequired'), z.maxLength(100, 'tooLong100')),
  email: emailSchema,
  role: roleSchema,
});
export type AddUserInput = z.input<typeof addUserSchema>;

export const changeRoleSchema = z.object({ userId: userIdSchema, role: roleSchema });

export const setDisabledSchema = z.object({ userId: userIdSchema, disabled: z.boolean() });

export const unlockUserSchema = z.object({ userId: userIdSchema });
