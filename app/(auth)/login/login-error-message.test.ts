import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login-error-message';

describe('loginErrorMessage', () => {
  it('is null without an error', () => {
    expect(loginErrorMessage(null)).toBeNull();
    expect(loginErrorMessage('')).toBeNull();
  });
  it('says the credentials are wrong without naming which', () => {
    expect(loginErrorMessage('CredentialsSignin')).toBe('E-mail or password is incorrect.');
    expect(loginErrorMessage('Callback')).toBe('E-mail or password is incorrect.');
  });
  it('says the account is disabled (sent only after the password matched)', () => {
    expect(loginErrorMessage('AccountDisabled')).toBe('This account is disabled. Ask an admin of your company to re-enable it.');
  });
  it('explains a lockout with its duration', () => {
    expect(loginErrorMessage('LOCKED:15')).toMatch(/Too many failed sign-in attempts\. Try again in 15 minutes\./);
    expect(loginErrorMessage('LOCKED:1')).toMatch(/1 minute\./);
  });
});
