import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMoneyHarness, type Client, type Loose, type MoneyHarness } from '../testing/money-harness';

// Contract tests of two beneficiary rules: the COMPANY holder (upstream notes 1.12, an extension of the contract,
// which shows only INDIVIDUAL) and one PIX key per beneficiary.

let h: MoneyHarness;
beforeAll(async () => {
  h = await startMoneyHarness();
});
afterAll(async () => {
  await h.close();
});

const ADDRESS = { addressLine1: 'Av. Brasil, 1500', addressLine2: 'Galpão 3', city: 'Campinas', state: 'SP', country: 'BR', postalCode: '13010-000' };
const COMPANY = {
  type: 'COMPANY',
  legalName: 'Fornecedora de Peças Paulista Ltda',
  tradeName: 'Distribuidora Pirâmide',
  taxId: { value: '11.222.333/0001-81', type: 'CNPJ' },
  address: ADDRESS,
};
const INDIVIDUAL = {
  type: 'INDIVIDUAL',
  firstName: 'João',
  lastName: 'Silva',
  taxId: { value: '529.982.247-25', type: 'CPF' },
  dateOfBirth: '1985-03-15',
  address: ADDRESS,
};
const pix = (dictKeyType: string, dictKey: string, asset = 'BRL') => ({ type: 'PIX', asset, dictKeyType, dictKey });

function create(c: Client, holder: Loose, instruction = pix('EMAIL', 'pagamentos@pecas.example')) {
  return c.call('POST', '/api/beneficiaries', { body: { holder, relationshipType: 'THIRD_PARTY', paymentInstruction: instruction } });
}

function fieldsOf(body: Loose): string[] {
  return (body.details?.errors ?? []).map((e: Loose) => `${e.code} ${e.field}`);
}

describe('COMPANY holder (extension, upstream 1.12)', () => {
  it('201 with legalName, tradeName, the CNPJ as digits and the address; read back, listed, found by trade name, in the event', async () => {
    const c = await h.client();
    const res = await create(c, COMPANY);
    expect(res.status).toBe(201);
    const b = res.body;
    expect(b.holder).toEqual({ ...COMPANY, taxId: { value: '11222333000181', type: 'CNPJ' } });
    expect(await c.get(`/api/beneficiaries/${b.id}`)).toEqual(b);

    const byTrade = await c.get('/api/beneficiaries?name=pir%C3%A2mide');
    expect(byTrade.data.map((x: Loose) => x.id)).toEqual([b.id]);
    const byLegal = await c.get('/api/beneficiaries?name=Fornecedora');
    expect(byLegal.data.map((x: Loose) => x.id)).toEqual([b.id]);

    const [event] = await h.events(c.customer.id, 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED');
    expect(event.payload.holder).toEqual({ ...COMPANY, taxId: '11222333000181' });
  });

  it('tradeName is optional: absent or blank is null', async () => {
    const c = await h.client();
    const { tradeName: _omitted, ...withoutTrade } = COMPANY;
    const absent = await create(c, withoutTrade);
    expect(absent.status).toBe(201);
    expect(absent.body.holder.tradeName).toBeNull();
    const blank = await create(c, { ...COMPANY, tradeName: '   ' }, pix('EMAIL', 'outra@pecas.example'));
    expect(blank.status).toBe(201);
    expect(blank.body.holder.tradeName).toBeNull();
  });

  it('a company is identified by a CNPJ: a CPF is refused on holder.taxId.type (422 INVALID_DATA)', async () => {
    const c = await h.client();
    const res = await create(c, { ...COMPANY, taxId: { value: '529.982.247-25', type: 'CPF' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALID_DATA');
    expect(fieldsOf(res.body)).toContain('INVALID_ENUM body:holder.taxId.type');
    expect((await c.get('/api/beneficiaries')).data).toHaveLength(0);
  });

  it('CNPJ check digits, legalName and address are checked on their fields', async () => {
    const c = await h.client();
    const res = await create(c, { ...COMPANY, legalName: '  ', taxId: { value: '11.222.333/0001-82', type: 'CNPJ' }, address: undefined });
    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)).toEqual(
      expect.arrayContaining(['REQUIRED body:holder.legalName', 'VALIDATE_TAX_ID body:holder.taxId.value', 'REQUIRED body:holder.address']),
    );
    const long = await create(c, { ...COMPANY, tradeName: 'x'.repeat(201) });
    expect(fieldsOf(long.body)).toContain('INVALID_LENGTH body:holder.tradeName');
  });
});

describe('one PIX key per beneficiary', () => {
  it('adding a key the beneficiary already has (typed differently) is 422 DUPLICATE_PIX_KEY on body:dictKey; nothing added, no event', async () => {
    const c = await h.client();
    const b = (await create(c, INDIVIDUAL, pix('PHONE', '+5511912345678'))).body;
    const before = (await h.events(c.customer.id, 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED')).length;
    const res = await c.call('POST', `/api/beneficiaries/${b.id}/payment-instructions`, { body: pix('PHONE', '+55 (11) 91234-5678') });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'INVALID_DATA',
      message: expect.any(String),
      details: {
        errors: [
          {
            code: 'DUPLICATE_PIX_KEY',
            message: expect.stringMatching(/already has this PIX key/),
            field: 'body:dictKey',
            params: { dictKeyType: 'PHONE', paymentInstructionId: b.paymentInstructions[0].id, status: 'PENDING_REVIEW' },
          },
        ],
      },
    });
    expect((await c.get(`/api/beneficiaries/${b.id}`)).paymentInstructions).toHaveLength(1);
    expect(await h.events(c.customer.id, 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED')).toHaveLength(before);
  });

  it('also once APPROVED; a REJECTED key may be added again; another beneficiary may hold the same key', async () => {
    const c = await h.client();
    const b = (await create(c, INDIVIDUAL, pix('EMAIL', 'joao@example.com'))).body;
    await c.post(`/_sandbox/payment-instructions/${b.paymentInstructions[0].id}/approve`, undefined, 200);
    const approved = await c.call('POST', `/api/beneficiaries/${b.id}/payment-instructions`, { body: pix('EMAIL', 'JOAO@example.com') });
    expect(approved.status).toBe(422);
    expect(approved.body.details.errors[0]).toMatchObject({ code: 'DUPLICATE_PIX_KEY', params: { status: 'APPROVED' } });

    const withEvp = await c.post(`/api/beneficiaries/${b.id}/payment-instructions`, pix('EVP', '123e4567-e89b-42d3-a456-426614174000'));
    await c.post(`/_sandbox/payment-instructions/${withEvp.paymentInstructions[1].id}/reject`, { reason: 'Key owner differs' }, 200);
    const again = await c.post(`/api/beneficiaries/${b.id}/payment-instructions`, pix('EVP', '123e4567-e89b-42d3-a456-426614174000'));
    expect(again.paymentInstructions.map((i: Loose) => i.currentState.status)).toEqual(['APPROVED', 'REJECTED', 'PENDING_REVIEW']);

    const other = await create(c, { ...INDIVIDUAL, firstName: 'Maria' }, pix('EMAIL', 'joao@example.com'));
    expect(other.status).toBe(201);
  });

  it('two concurrent adds of one new key (different idempotency keys): exactly one is created', async () => {
    const c = await h.client();
    const b = (await create(c, COMPANY)).body;
    const results = await Promise.all(
      [0, 1, 2].map(() => c.call('POST', `/api/beneficiaries/${b.id}/payment-instructions`, { body: pix('CNPJ', '11222333000181') })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    const keys = (await c.get(`/api/beneficiaries/${b.id}`)).paymentInstructions.map((i: Loose) => i.address.dictKey);
    expect(keys).toEqual(['pagamentos@pecas.example', '11222333000181']);
  });
});
