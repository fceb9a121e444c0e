import { describe, expect, it } from 'vitest';
import { GUESSABLE_MESSAGE, passwordStrengthProblem } from './password-strength';
import { PERSONAL_INFO_MESSAGE, containsPersonalInfo, personalTokens } from '../domain/team/password-policy';

const ANA = { email: 'ana.silva@acme.test', name: 'Ana Silva' };

describe('passwordStrengthProblem', () => {
  it.each(['password1234', 'aaaaaaaaaaaa', 'qwertyuiop12', '123456789012', 'iloveyou1234'])('refuses %s as guessable', (password) => {
    expect(passwordStrengthProblem(password, ANA)).toBe(GUESSABLE_MESSAGE);
  });

  it.each(['ana.silva.2026!', 'my-SILVA-house-77', 'ana.silva@acme.test1'])('refuses %s: it contains the name or e-mail', (password) => {
    expect(passwordStrengthProblem(password, ANA)).toBe(PERSONAL_INFO_MESSAGE);
  });

  it.each(['a-fresh-password-2026', 'correct horse battery', 'k7mq-2xwd-9hfa-p3tn'])('accepts %s', (password) => {
    expect(passwordStrengthProblem(password, ANA)).toBeNull();
  });
});

describe('personalTokens', () => {
  it('takes the address, its local part and words of 3+ characters', () => {
    expect(personalTokens(ANA)).toEqual(['ana.silva@acme.test', 'ana.silva', 'ana', 'silva']);
    expect(personalTokens({ email: 'jo@x.test', name: 'Jo Li' })).toEqual(['jo@x.test']);
    expect(containsPersonalInfo('Silva-rocks-2026', ANA)).toBe(true);
    expect(containsPersonalInfo('banana-rocks-2026', { email: 'x@y.test', name: 'Bob' })).toBe(false);
  });
});
