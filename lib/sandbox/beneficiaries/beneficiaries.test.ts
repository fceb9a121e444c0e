import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMoneyHarness, type Client, type Loose, type MoneyHarness } from '../testing/money-harness';

let h: MoneyHarness;
beforeAll(async () => {
  h = await startMoneyHarness();
});
afterAll(async () => {
  await h.close();
});

const ADDRESS = { addressLine1: 'Rua Augusta, 500', addressLine2: null, city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01304-001' };
const INDIVIDUAL = {
  type: 'INDIVIDUAL',
  firstName: 'João',
  lastName: 'Silva',
  taxId: { value: '529.982.247-25', type: 'CPF' },
  dateOfBirth: '1985-03-15',
  address: ADDRESS,
};
const pix = (dictKeyType: string, dictKey: string, asset = 'BRL') => ({ type: 'PIX', asset, dictKeyType, dictKey });

async function createBeneficiary(c: Client, instruction = pix('EMAIL', 'joao@example.com')) {
  return c.post('/api/beneficiaries', { holder: INDIVIDUAL, relationshipType: 'THIRD_PARTY', paymentInstruction: instruction });
}

describe('POST /api/beneficiaries', () => {
  it('201 with the holder, a PENDING_REVIEW instruction and the CREATED event', async () => {
    const c = await h.client();
    const b = await createBeneficiary(c);
    expect(b).toEqual({
      id: expect.any(String),
      customerId: c.customer.id,
      holder: { ...INDIVIDUAL, taxId: { value: '52998224725', type: 'CPF' } },
      relationshipType: 'THIRD_PARTY',
      paymentInstructions: [
        {
          id: expect.any(String),
          asset: 'BRL',
          currentState: { status: 'PENDING_REVIEW', createdAt: b.createdAt, reason: null },
          address: { rail: 'PIX_KEY', dictKeyType: 'EMAIL', dictKey: 'joao@example.com' },
          createdAt: b.createdAt,
        },
      ],
      createdAt: b.createdAt,
      updatedAt: b.createdAt,
    });
    expect(await c.get(`/api/beneficiaries/${b.id}`)).toEqual(b);
    const [event] = await h.events(c.customer.id, 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED');
    expect(event.resource_name).toBe('BENEFICIARY');
    expect(event.resource_id).toBe(b.id);
    expect(event.payload).toEqual({
      customerId: c.customer.id,
      holder: { ...INDIVIDUAL, taxId: '52998224725' },
      relationshipType: 'THIRD_PARTY',
      instruction: { asset: 'BRL', address: { type: 'PixKey', rail: 'PIX_KEY', keyType: 'EMAIL', key: 'joao@example.com' } },
      atTime: b.createdAt,
    });
  });

  it('accepts a COMPANY holder and normalises keys (phone)', async () => {
    const c = await h.client();
    const b = await c.post('/api/beneficiaries', {
      holder: { type: 'COMPANY', legalName: 'Fornecedor Ltda', tradeName: null, taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, address: ADDRESS },
      relationshipType: 'SELF_OWNED',
      paymentInstruction: pix('PHONE', '+55 (11) 91234-5678'),
    });
    expect(b.holder).toMatchObject({ type: 'COMPANY', legalName: 'Fornecedor Ltda', taxId: { value: '11222333000181', type: 'CNPJ' } });
    expect(b.paymentInstructions[0].address).toEqual({ rail: 'PIX_KEY', dictKeyType: 'PHONE', dictKey: '+5511912345678' });
  });

  it.each([
    ['CPF', '52998224724'],
    ['CNPJ', '11222333000182'],
    ['EMAIL', 'not-an-email'],
    ['PHONE', '+1 415 555 0100'],
    ['EVP', 'not-a-uuid'],
  ])('422 INVALID_DATA on body:paymentInstruction.dictKey for a bad %s key', async (type, key) => {
    const c = await h.client();
    const res = await c.call('POST', '/api/beneficiaries', { body: { holder: INDIVIDUAL, relationshipType: 'THIRD_PARTY', paymentInstruction: pix(type, key) } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALID_DATA');
    expect(res.body.details.errors).toContainEqual(expect.objectContaining({ code: 'INVALID_PIX_KEY', field: 'body:paymentInstruction.dictKey' }));
  });

  it('validates holder fields (tax id check digits, required fields, enums)', async () => {
    const c = await h.client();
    const res = await c.call('POST', '/api/beneficiaries', {
      body: {
        holder: { ...INDIVIDUAL, taxId: { value: '111.111.111-11', type: 'CPF' }, firstName: undefined },
        relationshipType: 'FRIEND',
        paymentInstruction: { type: 'BOLETO', asset: 'BRL', dictKeyType: 'EVP', dictKey: randomUUID() },
      },
    });
    expect(res.status).toBe(422);
    const fields = res.body.details.errors.map((e: Loose) => `${e.code} ${e.field}`);
    expect(fields).toEqual(expect.arrayContaining([
      'VALIDATE_TAX_ID body:holder.taxId.value',
      'REQUIRED body:holder.firstName',
      'INVALID_ENUM body:relationshipType',
      'INVALID_ENUM body:paymentInstruction.type',
    ]));
  });

  it('POST /{id}/payment-instructions → 201 with the full beneficiary; 404 for a foreign beneficiary', async () => {
    const c = await h.client();
    const b = await createBeneficiary(c);
    const key = randomUUID();
    const res = await c.post(`/api/beneficiaries/${b.id}/payment-instructions`, pix('EVP', key));
    expect(res.paymentInstructions).toHaveLength(2);
    expect(res.paymentInstructions[1]).toMatchObject({ address: { dictKeyType: 'EVP', dictKey: key }, currentState: { status: 'PENDING_REVIEW' } });
    const bad = await c.call('POST', `/api/beneficiaries/${b.id}/payment-instructions`, { body: pix('CPF', '123') });
    expect(bad.status).toBe(422);
    expect(bad.body.details.errors).toContainEqual(expect.objectContaining({ field: 'body:dictKey' }));
    const other = await h.client();
    expect((await other.call('POST', `/api/beneficiaries/${b.id}/payment-instructions`, { body: pix('EVP', key) })).status).toBe(404);
    expect((await other.call('GET', `/api/beneficiaries/${b.id}`)).body.details.resource).toBe('Beneficiary');
  });

  it('GET /api/beneficiaries lists summaries with instructionCount, own only, with cursor pages', async () => {
    const c = await h.client();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createBeneficiary(c)).id);
    await c.post(`/api/beneficiaries/${ids[0]}/payment-instructions`, pix('EVP', randomUUID()));
    const first = await c.get('/api/beneficiaries?limit=2');
    expect(first.data.map((b: Loose) => b.id)).toEqual([ids[2], ids[1]]);
    expect(first.data[0]).toEqual({
      id: ids[2], customerId: c.customer.id, holder: expect.any(Object), relationshipType: 'THIRD_PARTY', instructionCount: 1,
      paymentInstructions: [expect.objectContaining({ asset: 'BRL', currentState: expect.objectContaining({ status: 'PENDING_REVIEW' }) })],
      createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    const second = await c.get(`/api/beneficiaries?limit=2&cursor=${first.meta.nextCursor}`);
    expect(second.data.map((b: Loose) => [b.id, b.instructionCount])).toEqual([[ids[0], 2]]);
    expect(second.meta.nextCursor).toBeNull();
    expect((await (await h.client()).get('/api/beneficiaries')).data).toEqual([]);
  });

  it('GET /api/beneficiaries?name= narrows by holder name, case- and wildcard-safe', async () => {
    const c = await h.client();
    const joao = await createBeneficiary(c);
    const maria = await c.post('/api/beneficiaries', {
      holder: { ...INDIVIDUAL, firstName: 'Maria', lastName: 'Souza_%' },
      relationshipType: 'SELF_OWNED',
      paymentInstruction: pix('EMAIL', 'maria@example.com'),
    });
    expect((await c.get('/api/beneficiaries?name=SILVA')).data.map((b: Loose) => b.id)).toEqual([joao.id]);
    expect((await c.get('/api/beneficiaries?name=ria%20sou')).data.map((b: Loose) => b.id)).toEqual([maria.id]);
    expect((await c.get('/api/beneficiaries?name=_%25')).data.map((b: Loose) => b.id)).toEqual([maria.id]);
    expect((await c.get('/api/beneficiaries?name=%25')).data.map((b: Loose) => b.id)).toEqual([maria.id]);
    expect((await c.get('/api/beneficiaries?name=nobody')).data).toEqual([]);
    expect((await c.call('GET', `/api/beneficiaries?name=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('payment-instruction review', () => {
  it('auto customers: approved a few seconds later; a key containing "reject" is rejected with a reason', async () => {
    const c = await h.client({ auto: true });
    const ok = await createBeneficiary(c, pix('EMAIL', 'ana@example.com'));
    const ko = await createBeneficiary(c, pix('EMAIL', 'reject.me@example.com'));
    const held = await createBeneficiary(c, pix('EMAIL', 'hold.review@example.com'));
    await h.drain();
    expect((await c.get(`/api/beneficiaries/${ok.id}`)).paymentInstructions[0].currentState.status).toBe('PENDING_REVIEW');
    await h.advance(2);
    await h.drain();
    expect((await c.get(`/api/beneficiaries/${ok.id}`)).paymentInstructions[0].currentState).toMatchObject({ status: 'APPROVED', reason: null });
    expect((await c.get(`/api/beneficiaries/${ko.id}`)).paymentInstructions[0].currentState).toMatchObject({
      status: 'REJECTED',
      reason: { code: 'PIX_KEY_REJECTED', message: expect.any(String) },
    });
    // A key containing "hold" waits for a helper's decision, however long.
    await h.advance(600);
    await h.drain();
    expect((await c.get(`/api/beneficiaries/${held.id}`)).paymentInstructions[0].currentState.status).toBe('PENDING_REVIEW');
    const types = (await h.events(c.customer.id)).map((e) => e.type);
    expect(types.filter((t) => t === 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED')).toHaveLength(1);
    expect(types.filter((t) => t === 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED')).toHaveLength(1);
  });

  it('manual customers: nothing moves until the approve/reject helpers; a decided instruction cannot be re-decided', async () => {
    const c = await h.client();
    const b = await createBeneficiary(c);
    const pi = b.paymentInstructions[0].id;
    await h.advance(60);
    await h.drain();
    expect((await c.get(`/api/beneficiaries/${b.id}`)).paymentInstructions[0].currentState.status).toBe('PENDING_REVIEW');
    const rejected = await c.post(`/_sandbox/payment-instructions/${pi}/reject`, { reason: 'Key owner does not match the holder' }, 200);
    expect(rejected.paymentInstructions[0].currentState).toMatchObject({
      status: 'REJECTED',
      reason: { code: 'INSTRUCTION_REJECTED', message: 'Key owner does not match the holder', details: {} },
    });
    const again = await c.call('POST', `/_sandbox/payment-instructions/${pi}/approve`);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_STATUS_CHANGE');
    const [event] = await h.events(c.customer.id, 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED');
    expect(event.payload.instruction).toEqual({ asset: 'BRL', address: { type: 'PixKey', rail: 'PIX_KEY', keyType: 'EMAIL', key: 'joao@example.com' } });
    const other = await h.client();
    expect((await other.call('POST', `/_sandbox/payment-instructions/${pi}/approve`)).status).toBe(404);
  });
});

describe('POST /api/operations/withdrawal', () => {
  async function setup(auto = false) {
    const c = await h.client({ auto });
    const account = await c.activeAccount(['BRL', 'USD']);
    const b = await createBeneficiary(c, pix('CPF', '52998224725'));
    const pi = b.paymentInstructions[0].id;
    const quote = (sourceAsset = 'BRL', targetAsset = 'BRL', sourceAmount = '500.00') =>
      c.post('/api/quotes', { accountId: account, sourceAsset, targetAsset, sourceAmount });
    const body = (quoteId: string, over: Loose = {}) => ({
      accountId: account,
      quoteId,
      beneficiary: { type: 'REFERENCE', id: b.id, paymentInstruction: { type: 'REFERENCE', id: pi } },
      ...over,
    });
    return { c, account, b, pi, quote, body };
  }

  it('400 INLINE_BENEFICIARY_NOT_SUPPORTED (top-level code) for an INLINE beneficiary', async () => {
    const { c, account } = await setup();
    const res = await c.call('POST', '/api/operations/withdrawal', {
      body: { accountId: account, quoteId: randomUUID(), beneficiary: { type: 'INLINE', holder: {}, paymentInstruction: {} } },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INLINE_BENEFICIARY_NOT_SUPPORTED');
    const inlineInstruction = await c.call('POST', '/api/operations/withdrawal', {
      body: { accountId: account, quoteId: randomUUID(), beneficiary: { type: 'REFERENCE', id: randomUUID(), paymentInstruction: { type: 'INLINE' } } },
    });
    expect(inlineInstruction.status).toBe(400);
    expect(inlineInstruction.body.code).toBe('INLINE_INSTRUCTION_NOT_SUPPORTED');
  });

  it('422 PAYMENT_INSTRUCTION_NOT_APPROVED {paymentInstructionId, status} while the instruction is under review', async () => {
    const { c, quote, body, pi } = await setup();
    const q = await quote();
    const res = await c.call('POST', '/api/operations/withdrawal', { body: body(q.id) });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'PAYMENT_INSTRUCTION_NOT_APPROVED',
      message: 'Payment instruction is not approved',
      details: { paymentInstructionId: pi, status: 'PENDING_REVIEW' },
    });
  });

  it('201 with the beneficiary snapshot; settles to COMPLETED with a PIX DEBIT and debits the source once', async () => {
    const { c, account, b, pi, quote, body } = await setup();
    await c.post(`/_sandbox/payment-instructions/${pi}/approve`, undefined, 200);
    await c.credit(account, 'BRL', '800.00');
    const q = await quote();
    const op = await c.post('/api/operations/withdrawal', body(q.id));
    expect(op.intent).toEqual({
      type: 'WITHDRAWAL',
      beneficiary: {
        id: b.id,
        holder: { ...INDIVIDUAL, taxId: { value: '52998224725', type: 'CPF' } },
        paymentInstruction: { id: pi, rail: 'PIX_KEY', keyType: 'CPF', key: '52998224725' },
      },
    });
    expect(op.quote).toMatchObject({ id: q.id, consumedAt: null, effectiveRate: { value: '1.00', base: 'BRL', quote: 'BRL' } });
    expect(op.sourceAmount).toEqual({ value: '500.00', asset: 'BRL', decimals: 2 });
    const done = await c.post(`/_sandbox/operations/${op.id}/complete`, undefined, 200);
    expect(done.currentState.status).toBe('COMPLETED');
    expect(done.transactions).toMatchObject([{ type: 'PIX', direction: 'DEBIT', amount: { value: '500.00', asset: 'BRL' }, currentState: { status: 'CONFIRMED' } }]);
    expect(await c.balance(account, 'BRL')).toBe('300.00');

    const events = (await h.events(c.customer.id)).filter((e) => e.resource_name === 'OPERATION');
    expect(events.map((e) => e.type)).toEqual(['OPERATION_REQUESTED', 'OPERATION_COMPLETED']);
    expect(events[0].payload.intent).toEqual({
      type: 'WITHDRAWAL',
      beneficiary: {
        holder: { name: 'João Silva', taxId: '52998224725', address: ADDRESS },
        instruction: { address: { type: 'PixKey', rail: 'PIX_KEY', keyType: 'CPF', key: '52998224725' } },
      },
    });
    expect(events[0].payload.quote).toBeNull(); // same asset
    expect(events[1].payload.transactions[0]).toMatchObject({ type: 'PIX', direction: 'DEBIT', endToEnd: expect.stringMatching(/^E/) });
  });

  it('without funds it FAILS with INSUFFICIENT_BALANCE (auto customer, by itself)', async () => {
    const { c, pi, quote, body, account } = await setup(true);
    await c.post(`/_sandbox/payment-instructions/${pi}/approve`, undefined, 200);
    const op = await c.post('/api/operations/withdrawal', body((await quote()).id));
    await h.advance(1);
    await h.drain();
    const failed = await c.get(`/api/operations/${op.id}`);
    expect(failed.currentState).toMatchObject({ status: 'FAILED', reason: { code: 'INSUFFICIENT_BALANCE' } });
    expect(await c.balance(account, 'BRL')).toBe('0.00');
  });

  it('limits: the quote must pay out in the instruction asset BRL (422 INVALID_SOURCE_ASSET); unknown instruction 404', async () => {
    const { c, pi, quote, body, b } = await setup();
    await c.post(`/_sandbox/payment-instructions/${pi}/approve`, undefined, 200);
    const q = await quote('BRL', 'USD', '100.00');
    const res = await c.call('POST', '/api/operations/withdrawal', { body: body(q.id) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'INVALID_SOURCE_ASSET', details: { quoteTargetAsset: 'USD', instructionAsset: 'BRL' } });
    const missing = randomUUID();
    const res2 = await c.call('POST', '/api/operations/withdrawal', {
      body: body(q.id, { beneficiary: { type: 'REFERENCE', id: b.id, paymentInstruction: { type: 'REFERENCE', id: missing } } }),
    });
    expect(res2.status).toBe(404);
    expect(res2.body.details).toEqual({ resource: 'PaymentInstruction', parameters: { id: missing } });
  });
});
