import { describe, expect, it } from 'vitest';
import { loginError } from './login-error-message';

describe('loginError', () => {
  it('is null without an error', () => {
    expect(loginError(null)).toBeNull();
    expect(loginError('')).toBeNull();
  });
  it('says the credentials are wrong without naming which', () => {
    expect(loginError('CredentialsSignin')).toEqual({ code: 'SIGN_IN_INCORRECT' });
    expect(loginError('Callback')).toEqual({ code: 'SIGN_IN_INCORRECT' });
    expect(loginError('LOCKED:abc')).toEqual({ code: 'SIGN_IN_INCORRECT' });
    expect(loginError('<script>')).toEqual({ code: 'SIGN_IN_INCORRECT' });
  });
  it('says the account is disabled (sent only after the password matched)', () => {
    expect(loginError('AccountDisabled')).toEqual({ code: 'SIGN_IN_DISABLED' });
  });
  it('explains a lockout with its duration', () => {
    expect(loginError('LOCKED:15')).toEqual({ code: 'SIGN_IN_LOCKED', values: { minutes: 15 } });
    expect(loginError('LOCKED:1')).toEqual({ code: 'SIGN_IN_LOCKED', values: { minutes: 1 } });
  });
  it('explains a rate limit with its wait, in seconds under a minute', () => {
    expect(loginError('RATE_LIMITED:42')).toEqual({ code: 'SIGN_IN_RATE_LIMITED', values: { minutes: 0, seconds: 42 } });
    expect(loginError('RATE_LIMITED:61')).toEqual({ code: 'SIGN_IN_RATE_LIMITED', values: { minutes: 2, seconds: 61 } });
    expect(loginError('RATE_LIMITED:soon')).toEqual({ code: 'SIGN_IN_INCORRECT' });
  });
  it('asks to sign in when the session is required', () => {
    expect(loginError('SessionRequired')).toEqual({ code: 'SIGN_IN_SESSION_REQUIRED' });
  });
});
