import { describe, expect, it } from 'vitest';
import { passwordSchema } from '@/lib/domain/team/password-policy';
import { generateOneTimePassword } from './one-time-password';

describe('generateOneTimePassword', () => {
  it('passes the password policy and uses only unambiguous characters', () => {
    for (let i = 0; i < 200; i++) {
      const pw = generateOneTimePassword();
      expect(pw).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
      expect(passwordSchema.safeParse(pw).success).toBe(true);
    }
  });
  it('does not repeat', () => {
    const seen = new Set(Array.from({ length: 500 }, generateOneTimePassword));
    expect(seen.size).toBe(500);
  });
});
