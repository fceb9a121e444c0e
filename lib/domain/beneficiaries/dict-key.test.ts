import { describe, expect, it } from 'vitest';
import { displayDictKey, normalizeDictKey } from './dict-key';
import { dateOfBirthProblem, holderName } from './holder';

describe('DICT key validation and normalisation per type', () => {
  it.each([
    ['CPF', '529.982.247-25', '52998224725'],
    ['CPF', '52998224725', '52998224725'],
    ['CNPJ', '11.222.333/0001-81', '11222333000181'],
    ['EMAIL', '  Joao.Pereira@Example.COM ', 'joao.pereira@example.com'],
    ['PHONE', '+55 (11) 91234-5678', '+5511912345678'],
    ['PHONE', '+55 21 3234-5678', '+552132345678'],
    ['EVP', '123E4567-E89B-12D3-A456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
  ])('%s %s → %s', (type, key, normalized) => {
    expect(normalizeDictKey(type, key)).toEqual({ ok: true, normalized });
  });

  it.each([
    ['CPF', '529.982.247-24', 'CPF_INVALID'],
    ['CPF', '111.111.111-11', 'CPF_INVALID'],
    ['CNPJ', '11.222.333/0001-82', 'CNPJ_INVALID'],
    ['EMAIL', 'joao@', 'EMAIL_INVALID'],
    ['PHONE', '11912345678', 'PHONE_INVALID'], // no +55
    ['PHONE', '+1 415 555 0100', 'PHONE_INVALID'],
    ['PHONE', '+55 10 91234-5678', 'PHONE_INVALID'], // 10 is not a DDD
    ['EVP', 'not-a-uuid', 'EVP_INVALID'],
    ['EMAIL', '   ', 'KEY_REQUIRED'],
    ['IBAN', 'x', 'KEY_TYPE_INVALID'],
  ])('%s %s → %s', (type, key, code) => {
    expect(normalizeDictKey(type, key)).toEqual({ ok: false, code });
  });

  it('shows stored keys masked', () => {
    expect(displayDictKey('CPF', '52998224725')).toBe('529.982.247-25');
    expect(displayDictKey('CNPJ', '11222333000181')).toBe('11.222.333/0001-81');
    expect(displayDictKey('PHONE', '+5511912345678')).toBe('+55 11 91234-5678');
    expect(displayDictKey('EMAIL', 'a@b.co')).toBe('a@b.co');
  });
});

describe('date of birth: an adult, not in the future', () => {
  const today = new Date('2026-11-23T09:00:00.000Z');
  it('accepts an adult, exactly 18 today included', () => {
    expect(dateOfBirthProblem('1990-05-17', today)).toBeNull();
    expect(dateOfBirthProblem('2008-11-23', today)).toBeNull();
  });
  it('refuses a minor, a future date, an impossible date and an empty one', () => {
    expect(dateOfBirthProblem('2008-11-24', today)).toBe('DOB_UNDERAGE');
    expect(dateOfBirthProblem('2026-11-24', today)).toBe('DOB_IN_FUTURE');
    expect(dateOfBirthProblem('1990-02-30', today)).toBe('DOB_INVALID');
    expect(dateOfBirthProblem('17/05/1990', today)).toBe('DOB_INVALID');
    expect(dateOfBirthProblem('', today)).toBe('DOB_REQUIRED');
  });
  it('a 29 February birthday comes of age on 1 March in a common year', () => {
    expect(dateOfBirthProblem('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe('DOB_UNDERAGE');
    expect(dateOfBirthProblem('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBeNull();
  });
  it('names holders', () => {
    expect(holderName({ type: 'INDIVIDUAL', firstName: 'João', lastName: 'Pereira' })).toBe('João Pereira');
    expect(holderName({ type: 'COMPANY', legalName: 'Acme' })).toBe('Acme');
  });
});
