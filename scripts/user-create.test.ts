import { describe, expect, it } from 'vitest';
import { parseUserArgs } from './user-create';

describe('user:create arguments', () => {
  it('parses the required flags', () => {
    expect(parseUserArgs(['--email', 'a@b.test', '--name', 'Ana Lima', '--role', 'finance', '--password', 'x'.repeat(12)])).toEqual({
      help: false,
      email: 'a@b.test',
      name: 'Ana Lima',
      role: 'finance',
      password: 'x'.repeat(12),
      mustChangePassword: false,
    });
    expect(parseUserArgs(['--email', 'a@b.test', '--name', 'A', '--role', 'viewer', '--must-change-password']).mustChangePassword).toBe(true);
  });
  it('names what is missing or wrong', () => {
    expect(() => parseUserArgs(['--email', 'a@b.test'])).toThrow(/Missing --name, --role/);
    expect(() => parseUserArgs(['--email', 'a@b.test', '--name', 'A', '--role', 'boss'])).toThrow(/--role must be one of admin, compliance, finance, viewer/);
    expect(() => parseUserArgs(['--bogus'])).toThrow();
  });
});
