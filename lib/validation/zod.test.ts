import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { cnpjSchema, cpfSchema, pixKeySchema, pixKeyShape, refinePixKey, refineTaxId, taxIdSchema, taxIdTypeSchema } from './zod';

describe('validation zod schemas', () => {
  // Issue messages are `validation` catalogue keys; the sentences are in messages/<locale>/validation.json.
  it('cpfSchema / cnpjSchema normalise and explain', () => {
    expect(cpfSchema.parse('529.982.247-25')).toBe('52998224725');
    expect(cpfSchema.safeParse('529.982.247-26').error?.issues[0].message).toBe('cpfCheckDigits');
    expect(cpfSchema.safeParse('').error?.issues[0].message).toBe('cpfRequired');
    expect(cnpjSchema.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(cnpjSchema.safeParse(null).error?.issues[0].message).toBe('cnpjRequired');
  });

  it('taxIdSchema checks the value against its type, error on value', () => {
    expect(taxIdSchema.parse({ value: '11.222.333/0001-81', type: 'CNPJ' })).toEqual({ value: '11222333000181', type: 'CNPJ' });
    expect(taxIdSchema.safeParse({ value: '11.222.333/0001-81', type: 'CPF' }).error?.issues).toMatchObject([{ path: ['value'] }]);
    expect(taxIdSchema.safeParse({ value: '', type: 'CPF' }).error?.issues).toMatchObject([{ path: ['value'], message: 'cpfRequired' }]);
    expect(taxIdSchema.safeParse({ value: '52998224725', type: 'SSN' }).error?.issues).toMatchObject([{ path: ['type'], message: 'taxIdTypeRequired' }]);
  });

  it('pixKeySchema puts key errors on dictKey', () => {
    expect(pixKeySchema.parse({ dictKeyType: 'EMAIL', dictKey: 'A@B.CO' })).toEqual({ dictKeyType: 'EMAIL', dictKey: 'a@b.co' });
    expect(pixKeySchema.safeParse({ dictKeyType: 'PHONE', dictKey: '11912345678' }).error?.issues).toMatchObject([
      { path: ['dictKey'], message: 'pixPhoneFormat' },
    ]);
    expect(pixKeySchema.safeParse({ dictKeyType: 'PHONE', dictKey: '+5520912345678' }).error?.issues[0].message).toBe('pixPhoneDdd|{"ddd":"20"}');
    expect(pixKeySchema.safeParse({ dictKeyType: 'IBAN', dictKey: 'x' }).error?.issues[0].path).toEqual(['dictKeyType']);
  });

  it('refinements compose into larger object schemas', () => {
    const form = z
      .object({ name: z.string().min(1), ...pixKeyShape, holderTaxId: z.object({ value: z.string(), type: taxIdTypeSchema }) })
      .superRefine((v, ctx) => {
        refinePixKey(v, ctx);
        refineTaxId(v.holderTaxId, ctx, ['holderTaxId', 'value']);
      });
    const r = form.safeParse({ name: 'Ana', dictKeyType: 'EVP', dictKey: 'nope', holderTaxId: { value: '123', type: 'CPF' } });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['dictKey', 'holderTaxId.value']);
    expect(form.safeParse({ name: 'Ana', dictKeyType: 'CPF', dictKey: '52998224725', holderTaxId: { value: '52998224725', type: 'CPF' } }).success).toBe(true);
  });
});
