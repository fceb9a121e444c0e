import { describe, expect, it } from 'vitest';
import { createAccountSchema, toCreateAccountBody, todayIsoDate, type CreateAccountInput } from './create-account';

function valid(overrides: Partial<CreateAccountInput> = {}): CreateAccountInput {
  return {
    legalName: 'Acme Comércio Ltda',
    taxId: '11.222.333/0001-81',
    industry: 'INFORMATION_TECHNOLOGY',
    incorporateDate: '2015-03-10',
    address: {
      addressLine1: 'Av. Paulista, 1000',
      addressLine2: '',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      postalCode: '01310-100',
    },
    assets: [
      { code: 'BRL', isVirtual: false },
      { code: 'USDC', isVirtual: true },
    ],
    ...overrides,
  };
}

function errorsOf(input: unknown): Record<string, string> {
  const r = createAccountSchema.safeParse(input);
  if (r.success) return {};
  // The first message per field, as the form shows it.
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('createAccountSchema', () => {
  it('accepts a complete company and normalises the CNPJ', () => {
    const r = createAccountSchema.safeParse(valid());
    expect(r.success).toBe(true);
    expect(r.success && r.data.taxId).toBe('11222333000181');
  });

  it('accepts an unmasked and an alphanumeric CNPJ', () => {
    expect(createAccountSchema.safeParse(valid({ taxId: '11222333000181' })).success).toBe(true);
    expect(createAccountSchema.safeParse(valid({ taxId: '12.ABC.345/01DE-35' })).success).toBe(true);
  });

  it('rejects a CNPJ with wrong check digits (messages are `validation` catalogue keys)', () => {
    expect(errorsOf(valid({ taxId: '11.222.333/0001-82' })).taxId).toBe('cnpjCheckDigits');
    expect(errorsOf(valid({ taxId: '' })).taxId).toBe('cnpjRequired');
  });

  it('requires the legal name, industry and incorporation date', () => {
    const errors = errorsOf(valid({ legalName: '  ', industry: '' as never, incorporateDate: '' }));
    expect(errors.legalName).toBe('legalNameRequired');
    expect(errors.industry).toBe('industryRequired');
    expect(errors.incorporateDate).toBe('incorporateDateRequired');
  });

  it('refuses an incorporation date in the future or that does not exist', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(errorsOf(valid({ incorporateDate: tomorrow })).incorporateDate).toBe('incorporateDateFuture');
    expect(errorsOf(valid({ incorporateDate: '2021-02-30' })).incorporateDate).toBe('dateInvalid');
    expect(createAccountSchema.safeParse(valid({ incorporateDate: todayIsoDate() })).success).toBe(true);
  });

  it('checks the CEP and UF for Brazilian addresses', () => {
    const base = valid().address;
    expect(errorsOf(valid({ address: { ...base, postalCode: '1310-100' } }))['address.postalCode']).toBe('cepFormat');
    expect(createAccountSchema.safeParse(valid({ address: { ...base, postalCode: '01310100' } })).success).toBe(true);
    expect(errorsOf(valid({ address: { ...base, state: 'XX' } }))['address.state']).toBe('ufFormat');
  });

  it('takes other countries postal codes and refuses unknown countries', () => {
    const us = { ...valid().address, country: 'US', state: 'NY', postalCode: '10001' };
    expect(createAccountSchema.safeParse(valid({ address: us })).success).toBe(true);
    expect(errorsOf(valid({ address: { ...us, country: 'ZZ' } }))['address.country']).toBe('countryFromList');
    expect(errorsOf(valid({ address: { ...us, postalCode: '!' } }))['address.postalCode']).toBe('postalCodeFormat');
  });

  it('needs at least one asset, each once, from the asset table', () => {
    expect(errorsOf(valid({ assets: [] })).assets).toBe('assetsRequired');
    expect(
      errorsOf(valid({ assets: [{ code: 'BRL', isVirtual: false }, { code: 'BRL', isVirtual: true }] }))['assets.1.code'],
    ).toBe('assetDuplicate|{"asset":"BRL"}');
    expect(errorsOf(valid({ assets: [{ code: 'XYZ' as never, isVirtual: false }] }))['assets.0.code']).toBe('assetUnsupported');
  });
});

describe('toCreateAccountBody', () => {
  it('builds the contract body: COMPANY owner, CNPJ tax id, canonical CEP, null line 2', () => {
    const parsed = createAccountSchema.parse(
      valid({ address: { ...valid().address, postalCode: '01310100', state: 'sp', addressLine2: '' } }),
    );
    expect(toCreateAccountBody(parsed)).toEqual({
      assets: [
        { code: 'BRL', isVirtual: false },
        { code: 'USDC', isVirtual: true },
      ],
      owner: {
        type: 'COMPANY',
        legalName: 'Acme Comércio Ltda',
        taxId: { value: '11222333000181', type: 'CNPJ' },
        industry: 'INFORMATION_TECHNOLOGY',
        incorporateDate: '2015-03-10',
        address: {
          addressLine1: 'Av. Paulista, 1000',
          addressLine2: null,
          city: 'São Paulo',
          state: 'SP',
          country: 'BR',
          postalCode: '01310-100',
        },
      },
    });
  });
});
