import { describe, expect, it } from 'vitest';
import { loginError } from './login-error-message';

describe('loginError', () => {
  it('is null without an error', () => {
    expect(loginError(null)).toBeNull();
    expect(loginError('')).toBeNull();
  });
  it('says the credentials are wrong without naming which', () => {
    expect(loginError('CredentialsSignin')).toEqual({ key: 'incorrect' });
    expect(loginError('Callback')).toEqual({ key: 'incorrect' });
    expect(loginError('LOCKED:abc')).toEqual({ key: 'incorrect' });
    expect(loginError('<script>')).toEqual({ key: 'incorrect' });
  });
  it('says the account is disabled (sent only after the password matched)', () => {
    expect(loginError('AccountDisabled')).toEqual({ key: 'disabled' });
  });
  it('explains a lockout with its duration', () => {
    expect(loginError('LOCKED:15')).toEqual({ key: 'locked', minutes: 15 });
    expect(loginError('LOCKED:1')).toEqual({ key: 'locked', minutes: 1 });
  });
  it('explains a rate limit with its wait, in seconds under a minute', () => {
    expect(loginError('RATE_LIMITED:42')).toEqual({ key: 'rateLimited', minutes: 0, seconds: 42 });
    expect(loginError('RATE_LIMITED:61')).toEqual({ key: 'rateLimited', minutes: 2, seconds: 61 });
    expect(loginError('RATE_LIMITED:soon')).toEqual({ key: 'incorrect' });
  });
  it('asks to sign in when the session is required', () => {
    expect(loginError('SessionRequired')).toEqual({ key: 'sessionRequired' });
  });
});
