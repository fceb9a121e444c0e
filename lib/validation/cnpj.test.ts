import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCnpj, isValidCnpj, normalizeCnpj, validateCnpj } from './cnpj';
import { oracleCnpjCheckDigits } from './test-oracles';

const digit = fc.constantFrom(...'0123456789'.split(''));
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));

describe('CNPJ (numeric)', () => {
  it('accepts well-known valid CNPJs, masked or plain', () => {
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '11.444.777/0001-61', '11444777000161']) {
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
    expect(oracleCnpjCheckDigits('112223330001')).toBe('81');
    expect(validateCnpj('11.222.333/0001-81')).toEqual({ ok: true, normalized: '11222333000181' });
  });

  it('rejects wrong check digits, all-same and bad shapes', () => {
    for (const cnpj of ['11.222.333/0001-82', '11222333000118', '12.345.678/0001-00']) {
      expect(validateCnpj(cnpj)).toEqual({ ok: false, key: 'cnpjCheckDigits', message: expect.stringMatching(/check digits/) });
    }
    for (let d = 0; d <= 9; d += 1) expect(isValidCnpj(String(d).repeat(14))).toBe(false);
    for (const bad of ['', '1122233300018', '112223330001811', '11.222.333.0001-81', '11-222-333/0001-81', '11222333/000181', '11.222.333/0001-8A']) {
      expect(validateCnpj(bad)).toEqual({ ok: false, key: expect.stringMatching(/^cnpj(Length|Invalid)$/), message: expect.stringMatching(/14 characters|not valid/) });
    }
  });
});

describe('CNPJ (alphanumeric, from July 2026)', () => {
  it('accepts the Receita Federal example 12.ABC.345/01DE-35', () => {
    // Values: 1,2,A=17,B=18,C=19,3,4,5,0,1,D=20,E=21 → DV1 sum 459 → 459 mod 11 = 8 → 3; DV2 sum 424 → 6 → 5.
    expect(oracleCnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(validateCnpj('12.abc.345/01de-35')).toEqual({ ok: true, normalized: '12ABC34501DE35' });
  });

  it('rejects wrong check digits and letters in the check-digit positions', () => {
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DF-35')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501D!35')).toBe(false);
  });

  it('generated alphanumeric CNPJs with independently computed check digits are valid', () => {
    fc.assert(
      fc.property(fc.string({ unit: alnum, minLength: 12, maxLength: 12 }), (base) => {
        const cnpj = base + oracleCnpjCheckDigits(base);
        fc.pre(!/^(\d)\1{13}$/.test(cnpj));
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(formatCnpj(cnpj))).toBe(true);
        expect(normalizeCnpj(formatCnpj(cnpj.toLowerCase()))).toBe(cnpj);
      }),
    );
  });

  it('agrees with the oracle on arbitrary 14-character strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: alnum, minLength: 12, maxLength: 12 }), fc.string({ unit: digit, minLength: 2, maxLength: 2 }), (base, dv) => {
        const s = base + dv;
        const expected = !/^(\d)\1{13}$/.test(s) && dv === oracleCnpjCheckDigits(base);
        expect(isValidCnpj(s)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatCnpj', () => {
  it('masks fully and progressively', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('1122')).toBe('11.22');
    expect(formatCnpj('112223330')).toBe('11.222.333/0');
    expect(formatCnpj('')).toBe('');
  });
});
