import { describe, expect, it } from 'vitest';
import { changePasswordSchema } from './change-password-schema';

const issues = (input: unknown) =>
  changePasswordSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('changePasswordSchema', () => {
  it('accepts a long, confirmed, different password', () => {
    expect(issues({ currentPassword: 'old-password-1', newPassword: 'a-brand-new-one-2026', confirmPassword: 'a-brand-new-one-2026' })).toEqual([]);
  });
  it('names the field that is wrong, with the `validation` catalogue key as the message', () => {
    expect(issues({ currentPassword: '', newPassword: 'short', confirmPassword: 'short' })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^currentPassword:/), 'newPassword: passwordTooShort']),
    );
    expect(issues({ currentPassword: 'x', newPassword: 'a-brand-new-one-2026', confirmPassword: 'a-brand-new-one-2027' })).toEqual([
      'confirmPassword: passwordsDiffer',
    ]);
    expect(issues({ currentPassword: 'same-password-123', newPassword: 'same-password-123', confirmPassword: 'same-password-123' })).toEqual([
      'newPassword: passwordUnchanged',
    ]);
  });
});
