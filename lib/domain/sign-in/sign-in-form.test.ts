import { describe, expect, it } from 'vitest';
import { signInSchema } from './sign-in-form';

describe('sign-in form rules', () => {
  it('asks for both fields, e-mail first', () => {
    expect(signInSchema.safeParse({ email: ' ', password: '' })).toEqual({
      success: false,
      error: { issues: [{ path: ['email'], message: 'EMAIL_REQUIRED' }, { path: ['password'], message: 'PASSWORD_REQUIRED' }] },
    });
  });

  it('refuses what is not an e-mail address', () => {
    const result = signInSchema.safeParse({ email: 'ana@example', password: 'x' });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual(['EMAIL_INVALID']);
  });

  it('trims the e-mail and keeps the password exactly as typed', () => {
    expect(signInSchema.safeParse({ email: ' ana@example.com ', password: ' secret ' })).toEqual({
      success: true,
      data: { email: 'ana@example.com', password: ' secret ' },
    });
  });
});
