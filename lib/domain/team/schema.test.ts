import { describe, expect, it } from 'vitest';
import { addUserSchema, changeRoleSchema, setDisabledSchema } from './schema';

const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('team schemas', () => {
  it('addUser trims and lower-cases the e-mail and keeps the role', () => {
    const parsed = addUserSchema.parse({ name: '  Rita Reviewer ', email: ' Rita@Example.COM ', role: 'compliance' });
    expect(parsed).toEqual({ name: 'Rita Reviewer', email: 'rita@example.com', role: 'compliance' });
  });

  it('addUser names each bad field', () => {
    expect(fields(addUserSchema.safeParse({ name: ' ', email: 'nope', role: 'owner' }))).toEqual({
      name: 'nameRequired',
      email: 'emailInvalid',
      role: 'roleRequired',
    });
  });

  it('changeRole and setDisabled need a user id and a valid value', () => {
    expect(changeRoleSchema.safeParse({ userId: 'u1', role: 'viewer' }).success).toBe(true);
    expect(fields(changeRoleSchema.safeParse({ userId: '', role: 'root' }))).toEqual({
      userId: 'userIdMissing',
      role: 'roleRequired',
    });
    expect(setDisabledSchema.safeParse({ userId: 'u1', disabled: 'yes' }).success).toBe(false);
    expect(setDisabledSchema.safeParse({ userId: 'u1', disabled: true }).success).toBe(true);
  });
});
