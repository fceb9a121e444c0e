import { describe, expect, it } from 'vitest';
import { formatUboTaxId, toAddUboBody, uboFormSchema, uboTaxIdType } from './ubo-form';

const address = { addressLine1: 'Rua A, 1', addressLine2: '', city: 'São Paulo', state: 'sp', country: 'BR', postalCode: '01310100' };

describe('UBO tax id as typed', () => {
  it('masks a CPF up to 11 digits and a CNPJ beyond', () => {
    expect(formatUboTaxId('5298')).toBe('529.8');
    expect(formatUboTaxId('52998224725')).toBe('529.982.247-25');
    expect(uboTaxIdType('529.982.247-25')).toBe('CPF');
    expect(formatUboTaxId('112223330001')).toBe('11.222.333/0001');
    expect(formatUboTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(uboTaxIdType('12ABC34501DE')).toBe('CNPJ');
  });
});

describe('uboFormSchema', () => {
  it('accepts a valid owner and builds the contract body', () => {
    const r = uboFormSchema([40]).safeParse({ name: ' Maria Silva ', taxId: '529.982.247-25', address, ownershipPercentage: '60' });
    expect(r.success).toBe(true);
    expect(toAddUboBody(r.data!)).toEqual({
      name: 'Maria Silva',
      taxId: { value: '52998224725', type: 'CPF' },
      address: { addressLine1: 'Rua A, 1', addressLine2: null, city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' },
      ownershipPercentage: 60,
    });
  });
  it('puts check-digit and ownership problems on their fields', () => {
    const r = uboFormSchema([80]).safeParse({ name: 'M', taxId: '529.982.247-26', address, ownershipPercentage: '30' });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toMatchObject({
      name: 'OWNER_NAME_REQUIRED',
      taxId: 'cpfCheckDigits',
      ownershipPercentage: 'OWNERSHIP_TOTAL_EXCEEDS_100|{"remaining":"20"}',
    });
  });
  it('checks a CNPJ owner and the 25 % minimum', () => {
    const r = uboFormSchema([]).safeParse({ name: 'Holding Ltda', taxId: '11.222.333/0001-81', address, ownershipPercentage: '24,5' });
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['ownershipPercentage', 'OWNERSHIP_BELOW_MINIMUM|{"remaining":"100"}']]);
  });
});
