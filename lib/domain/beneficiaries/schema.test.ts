import { describe, expect, it } from 'vitest';
import { createBeneficiarySchema, instructionSchema, toCreateBeneficiaryBody } from './schema';

const valid = {
  holder: {
    type: 'INDIVIDUAL',
    firstName: 'João',
    lastName: 'Pereira',
    taxId: { value: '529.982.247-25' },
    dateOfBirth: '1990-05-17',
    address: { addressLine1: 'Rua A, 1', addressLine2: '', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' },
  },
  relationshipType: 'THIRD_PARTY',
  paymentInstruction: { asset: 'BRL', dictKeyType: 'PHONE', dictKey: '+55 (11) 91234-5678' },
};

function issues(input: unknown): Record<string, string> {
  const r = createBeneficiarySchema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('create-beneficiary schema (form and server action)', () => {
  it('reports a bad CPF and an under-age holder while other fields are still empty', () => {
    const found = issues({
      ...valid,
      holder: { ...valid.holder, firstName: '', taxId: { value: '111.444.777-36' }, dateOfBirth: '2015-01-01' },
      relationshipType: '',
    });
    expect(found).toMatchObject({
      'holder.firstName': 'REQUIRED',
      'holder.taxId.value': 'CPF_INVALID',
      'holder.dateOfBirth': 'DOB_UNDERAGE',
      relationshipType: 'RELATIONSHIP_REQUIRED',
    });
  });

  it('accepts a valid individual and builds the service body, normalised', () => {
    const r = createBeneficiarySchema.safeParse(valid);
    expect(r.success).toBe(true);
    const body = toCreateBeneficiaryBody(r.data!);
    expect(body.holder.taxId).toEqual({ type: 'CPF', value: '52998224725' });
    expect(body.holder.address.addressLine2).toBeNull();
    expect(body.paymentInstruction).toEqual({ type: 'PIX', asset: 'BRL', dictKeyType: 'PHONE', dictKey: '+5511912345678' });
  });

  it('puts each refusal on its field, as a code', () => {
    expect(
      issues({
        ...valid,
        holder: { ...valid.holder, firstName: ' ', taxId: { value: '529.982.247-24' }, dateOfBirth: '2015-01-01' },
        relationshipType: 'FRIEND',
        paymentInstruction: { asset: 'BRL', dictKeyType: 'CPF', dictKey: '123' },
      }),
    ).toMatchObject({
      'holder.firstName': 'REQUIRED',
      relationshipType: 'RELATIONSHIP_REQUIRED',
    });
    // Cross-field checks run once the shape is valid.
    expect(
      issues({ ...valid, holder: { ...valid.holder, taxId: { value: '529.982.247-24' }, dateOfBirth: '2999-01-01' } }),
    ).toEqual({ 'holder.taxId.value': 'CPF_INVALID', 'holder.dateOfBirth': 'DOB_IN_FUTURE' });
    expect(issues({ ...valid, paymentInstruction: { asset: 'BRL', dictKeyType: 'EVP', dictKey: 'nope' } })).toEqual({
      'paymentInstruction.dictKey': 'EVP_INVALID',
    });
  });

  it('validates a single instruction the same way', () => {
    expect(instructionSchema.safeParse({ asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'x@' }).success).toBe(false);
    expect(instructionSchema.safeParse({ asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'x@example.com' }).success).toBe(true);
  });

  const company = {
    ...valid,
    holder: {
      type: 'COMPANY',
      legalName: 'Fornecedora Pirâmide Ltda',
      tradeName: '',
      taxId: { value: '11.222.333/0001-81' },
      address: valid.holder.address,
      // What the form still holds from the person's fields when the user switched to a company: not read.
      firstName: 'Left over',
      dateOfBirth: '2015-01-01',
    },
  };

  it('a company needs a legal name and a CNPJ with valid check digits; no date of birth is asked', () => {
    expect(issues({ ...company, holder: { ...company.holder, legalName: ' ', taxId: { value: '11.222.333/0001-82' } } })).toEqual({
      'holder.legalName': 'REQUIRED',
      'holder.taxId.value': 'CNPJ_INVALID',
    });
    expect(issues({ ...company, holder: { ...company.holder, taxId: { value: '' }, tradeName: 'x'.repeat(201) } })).toEqual({
      'holder.taxId.value': 'CNPJ_REQUIRED',
      'holder.tradeName': 'TOO_LONG|{"max":200}',
    });
    // A CPF is not a company's tax id.
    expect(issues({ ...company, holder: { ...company.holder, taxId: { value: '529.982.247-25' } } })).toEqual({ 'holder.taxId.value': 'CNPJ_INVALID' });
    expect(issues({ ...valid, holder: { ...valid.holder, type: 'TRUST' } })).toEqual({ 'holder.type': 'HOLDER_TYPE_REQUIRED' });
  });

  it('builds the COMPANY body: CNPJ as 14 characters, a blank trade name as null, nothing of the person', () => {
    const r = createBeneficiarySchema.safeParse(company);
    expect(r.success).toBe(true);
    expect(toCreateBeneficiaryBody(r.data!).holder).toEqual({
      type: 'COMPANY',
      legalName: 'Fornecedora Pirâmide Ltda',
      tradeName: null,
      taxId: { type: 'CNPJ', value: '11222333000181' },
      address: { ...valid.holder.address, addressLine2: null },
    });
    const named = createBeneficiarySchema.safeParse({ ...company, holder: { ...company.holder, tradeName: ' Pirâmide ' } });
    expect(toCreateBeneficiaryBody(named.data!).holder).toMatchObject({ tradeName: 'Pirâmide' });
  });
});
