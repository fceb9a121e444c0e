import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf, normalizeCpf, validateCpf } from './cpf';
import { oracleCpfCheckDigits } from './test-oracles';

const digit = fc.constantFrom(...'0123456789'.split(''));

describe('CPF', () => {
  it('accepts well-known valid CPFs, masked or plain', () => {
    for (const cpf of ['529.982.247-25', '52998224725', '111.444.777-35', '11144477735', ' 529.982.247-25 ']) {
      expect(isValidCpf(cpf), cpf).toBe(true);
    }
    expect(validateCpf('529.982.247-25')).toEqual({ ok: true, normalized: '52998224725' });
  });

  it('the oracle agrees with the published examples', () => {
    expect(oracleCpfCheckDigits('529982247')).toBe('25');
    expect(oracleCpfCheckDigits('111444777')).toBe('35');
  });

  it('rejects wrong check digits, all-same digits and bad shapes', () => {
    for (const cpf of ['529.982.247-24', '52998224752', '111.444.777-53', '123.456.789-00']) {
      expect(validateCpf(cpf)).toEqual({ ok: false, key: 'cpfCheckDigits', message: expect.stringMatching(/check digits/) });
    }
    for (let d = 0; d <= 9; d += 1) expect(isValidCpf(String(d).repeat(11))).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
    for (const bad of ['', '5299822472', '529982247255', '529.982.24725', '529-982-247.25', '529 982 247 25', 'abc.def.ghi-jk', '５２９９８２２４７２５']) {
      expect(validateCpf(bad)).toEqual({ ok: false, key: expect.stringMatching(/^cpf(Length|Invalid)$/), message: expect.stringMatching(/11 digits|not valid/) });
    }
  });

  it('generated CPFs with independently computed check digits are valid', () => {
    fc.assert(
      fc.property(fc.string({ unit: digit, minLength: 9, maxLength: 9 }), (base) => {
        const cpf = base + oracleCpfCheckDigits(base);
        fc.pre(!/^(\d)\1{10}$/.test(cpf));
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(formatCpf(cpf))).toBe(true);
      }),
    );
  });

  it('agrees with the oracle on arbitrary 11-digit strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: digit, minLength: 11, maxLength: 11 }), (s) => {
        const expected = !/^(\d)\1{10}$/.test(s) && s.slice(9) === oracleCpfCheckDigits(s.slice(0, 9));
        expect(isValidCpf(s)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('normalises and formats', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(normalizeCpf('529.98224725')).toBeNull();
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('529.982.247-25 extra 99')).toBe('529.982.247-25');
  });
});
