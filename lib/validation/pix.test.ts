import { describe, expect, it } from 'vitest';
import { DICT_KEY_TYPES, PIX_EMAIL_MAX_LENGTH, validatePixKey } from './pix';

describe('validatePixKey', () => {
  it('lists the five DICT key types', () => {
    expect(DICT_KEY_TYPES).toEqual(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP']);
  });

  it('validates CPF and CNPJ keys by check digits and normalises them', () => {
    expect(validatePixKey('CPF', '529.982.247-25')).toEqual({ ok: true, normalized: '52998224725' });
    expect(validatePixKey('CPF', '529.982.247-26').ok).toBe(false);
    expect(validatePixKey('CNPJ', '11.222.333/0001-81')).toEqual({ ok: true, normalized: '11222333000181' });
    expect(validatePixKey('CNPJ', '12.abc.345/01de-35')).toEqual({ ok: true, normalized: '12ABC34501DE35' });
    expect(validatePixKey('CNPJ', '11.222.333/0001-80').ok).toBe(false);
    // A CPF is not a CNPJ key.
    expect(validatePixKey('CNPJ', '52998224725').ok).toBe(false);
  });

  it('validates e-mail keys, lower-cased, at most 77 characters', () => {
    expect(validatePixKey('EMAIL', ' Ana.Silva+pix@Example.COM.br ')).toEqual({ ok: true, normalized: 'ana.silva+pix@example.com.br' });
    const local = 'a'.repeat(PIX_EMAIL_MAX_LENGTH - '@example.com'.length);
    expect(validatePixKey('EMAIL', `${local}@example.com`).ok).toBe(true);
    expect(validatePixKey('EMAIL', `${local}a@example.com`)).toEqual({ ok: false, key: 'pixEmailTooLong', values: { max: 77 }, message: expect.stringMatching(/at most 77/) });
    for (const bad of ['ana', 'ana@', '@example.com', 'ana@example', 'ana..silva@example.com', '.ana@example.com', 'ana.@example.com', 'ana silva@example.com', 'ana@-example.com', 'ana@example..com', 'ana@exa_mple.com', 'ana@example.c0m']) {
      expect(validatePixKey('EMAIL', bad).ok, bad).toBe(false);
    }
  });

  it('validates +55 phone keys with a real DDD, mobile or landline', () => {
    expect(validatePixKey('PHONE', '+5511912345678')).toEqual({ ok: true, normalized: '+5511912345678' });
    expect(validatePixKey('PHONE', '+55 (21) 98765-4321')).toEqual({ ok: true, normalized: '+5521987654321' });
    expect(validatePixKey('PHONE', '+55 61 3333-4444')).toEqual({ ok: true, normalized: '+556133334444' });
    expect(validatePixKey('PHONE', '11912345678')).toEqual({ ok: false, key: 'pixPhoneFormat', message: expect.stringMatching(/\+55/) });
    expect(validatePixKey('PHONE', '+1 415 555 0100').ok).toBe(false);
    expect(validatePixKey('PHONE', '+5520912345678')).toEqual({ ok: false, key: 'pixPhoneDdd', values: { ddd: '20' }, message: '20 is not a Brazilian area code (DDD).' });
    expect(validatePixKey('PHONE', '+5523912345678').ok).toBe(false); // 23 is not assigned
    expect(validatePixKey('PHONE', '+5501912345678').ok).toBe(false);
    expect(validatePixKey('PHONE', '+5511812345678').ok).toBe(false); // 9 digits must start with 9
    expect(validatePixKey('PHONE', '+551191234567').ok).toBe(false); // 8 digits starting with 9 is neither
    expect(validatePixKey('PHONE', '+55119123456789').ok).toBe(false);
    expect(validatePixKey('PHONE', '+55 11 91234-567a').ok).toBe(false);
  });

  it('validates EVP keys as UUIDs, lower-cased', () => {
    expect(validatePixKey('EVP', '123E4567-E89B-12D3-A456-426614174000')).toEqual({ ok: true, normalized: '123e4567-e89b-12d3-a456-426614174000' });
    expect(validatePixKey('EVP', '123e4567e89b12d3a456426614174000').ok).toBe(false);
    expect(validatePixKey('EVP', '123e4567-e89b-12d3-a456-42661417400g').ok).toBe(false);
  });

  it('asks for a key when empty and for a type when unknown', () => {
    expect(validatePixKey('EMAIL', '  ')).toEqual({ ok: false, key: 'pixKeyRequired', message: 'Enter the PIX key.' });
    expect(validatePixKey('BOLETO' as never, 'x')).toEqual({ ok: false, key: 'pixKeyTypeRequired', message: 'Choose the PIX key type.' });
  });
});
