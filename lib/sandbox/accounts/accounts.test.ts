import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKit, type TestCustomer, type TestKit } from '../testing/kit';

let kit: TestKit;
beforeAll(async () => {
  kit = await createTestKit();
});
afterAll(async () => {
  await kit?.close();
});

const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };
const CNPJ = '11.222.333/0001-81';
const CPF_A = '529.982.247-25';
const CPF_B = '111.444.777-35';
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function accountBody(assets: string[], overrides: Record<string, unknown> = {}) {
  return {
    assets: assets.map((code) => ({ code, isVirtual: code === 'USD' })),
    owner: { type: 'COMPANY', legalName: 'Acme Ltda', taxId: { value: CNPJ, type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', incorporateDate: '2019-05-01', address, ...overrides },
  };
}

async function createAccount(c: TestCustomer, assets = ['BRL', 'USDT'], overrides: Record<string, unknown> = {}) {
  const r = await kit.req('POST', '/api/accounts', { token: c.token, body: accountBody(assets, overrides) });
  expect(r.status).toBe(201);
  return r.body;
}

async function addUbo(c: TestCustomer, accountId: string, body: Record<string, unknown> = {}) {
  return kit.req('POST', `/api/accounts/${accountId}/ubos`, {
    token: c.token,
    body: { name: 'Mariana Lima', taxId: { value: CPF_A, type: 'CPF' }, address, ownershipPercentage: 50, ...body },
  });
}

function upload(c: TestCustomer, body: unknown, file: Uint8Array<ArrayBuffer> | null = PDF, fileName = 'doc.pdf', key?: string) {
  const form = new FormData();
  if (body !== undefined) form.set('body', typeof body === 'string' ? body : JSON.stringify(body));
  if (file) form.set('file', new Blob([file]), fileName);
  return kit.req('POST', '/api/documents', { token: c.token, form, key });
}

async function uploadAll(c: TestCustomer, accountId: string, uboId: string, fileName = 'doc.pdf') {
  for (const documentType of ['ARTICLES_OF_ASSOCIATION', 'INCORPORATION_CERT', 'UTILITY_BILL']) {
    expect((await upload(c, { documentType, holder: { type: 'ACCOUNT', referenceId: accountId } }, PDF, fileName)).status).toBe(204);
  }
  expect((await upload(c, { documentType: 'PASSPORT', holder: { type: 'UBO', referenceId: uboId } }, PNG, 'passport.png')).status).toBe(204);
}

/** Independent CRC16-CCITT (0x1021, init 0xFFFF) to check the BR Code. */
function crc16Hex(s: string): string {
  let crc = 0xffff;
  for (const b of Buffer.from(s)) {
    for (let i = 0; i < 8; i++) {
      const bit = ((b >> (7 - i)) & 1) ^ ((crc >> 15) & 1);
      crc = (crc << 1) & 0xffff;
      if (bit) crc ^= 0x1021;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const get = async (c: TestCustomer, id: string) => (await kit.req('GET', `/api/accounts/${id}`, { token: c.token })).body;
const fresh = async (c: TestCustomer) =>
  (await kit.req('POST', '/api/oauth/client/token', { body: { clientId: c.clientId, clientSecret: c.clientSecret } })).body.accessToken as string;

describe('POST /api/accounts', () => {
  it('opens an ACTION_REQUIRED account with requirements computed from its assets', async () => {
    const c = await kit.customer();
    const a = await createAccount(c, ['BRL', 'USD', 'USDT']);
    expect(a).toMatchObject({
      customer: { id: c.customerId },
      owner: { type: 'COMPANY', legalName: 'Acme Ltda', taxId: { value: '11222333000181', type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', ubos: [] },
      currentState: { status: 'ACTION_REQUIRED' },
      sourceAccountId: null,
      tags: [{ key: null, value: 'sandbox' }],
    });
    expect(a.assets).toEqual([
      { asset: 'BRL', allowsVirtualAccounts: false, status: 'ONBOARDING' },
      { asset: 'USD', allowsVirtualAccounts: true, status: 'ONBOARDING' },
      { asset: 'USDT', allowsVirtualAccounts: false, status: 'ONBOARDING' },
    ]);
    expect(a.states).toEqual([a.currentState]);
    const due = a.requirements.currentlyDue.map((i: { type: string; documentType: string | null; options: string[] }) => i.documentType ?? i.options.join('|') ?? i.type);
    expect(due).toEqual(['ARTICLES_OF_ASSOCIATION', 'INCORPORATION_CERT', 'PROOF_OF_ADDRESS|UTILITY_BILL', '']);
    expect(a.requirements.currentlyDue[3].type).toBe('UBO_VERIFICATION');
    expect(a.requirements).toMatchObject({ pendingVerification: [], errors: [], satisfied: [] });
  });

  it('asks crypto-only accounts for no company documents', async () => {
    const c = await kit.customer();
    const a = await createAccount(c, ['USDC', 'USDT']);
    expect(a.requirements.currentlyDue.map((i: { type: string }) => i.type)).toEqual(['UBO_VERIFICATION']);
  });

  it('reports every invalid field with its location', async () => {
    const c = await kit.customer();
    const r = await kit.req('POST', '/api/accounts', {
      token: c.token,
      body: {
        assets: [],
        owner: {
          type: 'PERSON', legalName: '', taxId: { value: '11.222.333/0001-82', type: 'CNPJ' }, industry: 'SPACE',
          incorporateDate: '2999-01-01', address: { addressLine1: 'x', city: 'y', state: 'z', country: 'XX' },
        },
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('INVALID_DATA');
    const fields = Object.fromEntries(r.body.details.errors.map((e: { field: string; code: string }) => [e.field, e.code]));
    expect(fields).toEqual({
      'body:assets': 'MIN_ITEMS',
      'body:owner.type': 'INVALID_ENUM',
      'body:owner.legalName': 'REQUIRED',
      'body:owner.taxId.value': 'VALIDATE_TAX_ID',
      'body:owner.industry': 'INVALID_ENUM',
      'body:owner.incorporateDate': 'INVALID_DATE',
      'body:owner.address.country': 'INVALID_ENUM',
      'body:owner.address.postalCode': 'REQUIRED',
    });
  });

  it('rejects unknown and duplicate asset codes; CPF as a company tax id', async () => {
    const c = await kit.customer();
    const unknown = await kit.req('POST', '/api/accounts', { token: c.token, body: accountBody(['BRL', 'DOGE']) });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'UNSUPPORTED_ASSET', details: { asset: 'DOGE' } });
    const dup = await kit.req('POST', '/api/accounts', { token: c.token, body: accountBody(['BRL', 'USD', 'BRL']) });
    expect(dup.status).toBe(400);
    expect(dup.body.details.errors[0]).toMatchObject({ code: 'DUPLICATE_ASSET', field: 'body:assets[2].code' });
    const cpf = await kit.req('POST', '/api/accounts', { token: c.token, body: accountBody(['BRL'], { taxId: { value: CPF_A, type: 'CPF' } }) });
    expect(cpf.status).toBe(400);
    expect(cpf.body.details.errors[0].field).toBe('body:owner.taxId.type');
  });

  it('accepts an alphanumeric CNPJ with valid check digits', async () => {
    const c = await kit.customer();
    const a = await createAccount(c, ['BRL'], { taxId: { value: '12.ABC.345/01DE-35', type: 'CNPJ' } });
    expect(a.owner.taxId.value).toBe('12ABC34501DE35');
  });
});

describe('GET /api/accounts', () => {
  let c: TestCustomer;
  const ids: string[] = [];
  beforeAll(async () => {
    c = await kit.customer();
    for (let i = 0; i < 27; i++) {
      const assets = i % 3 === 0 ? ['BRL', 'USD'] : i % 3 === 1 ? ['EUR'] : ['USDT'];
      ids.push((await createAccount(c, assets, { legalName: `Company ${String(i).padStart(2, '0')}${i === 7 ? ', Filial (SP)' : ''}` })).id);
    }
    await kit.req('POST', `/_sandbox/accounts/${ids[0]}/activate`, { token: c.token });
    await kit.req('POST', `/_sandbox/accounts/${ids[1]}/activate`, { token: c.token });
  });
  const list = async (qs: string) => kit.req('GET', `/api/accounts?${qs}`, { token: c.token });
  const names = (r: { body: { data: { owner: { legalName: string } }[] } }) => r.body.data.map((a) => a.owner.legalName);

  it('pages through more than 25 accounts', async () => {
    const seen: string[] = [];
    let r = await list('limit=10');
    for (;;) {
      seen.push(...r.body.data.map((a: { id: string }) => a.id));
      if (!r.body.meta.nextCursor) break;
      r = await list(`limit=10&cursor=${r.body.meta.nextCursor}`);
    }
    expect(seen).toHaveLength(27);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('filters by status, asset, name, tax id, state history, dates and tags', async () => {
    expect(names(await list('filters=status[eq]=ACTIVE')).sort()).toEqual(['Company 00', 'Company 01']);
    expect((await list('filters=currentState.status[eq]=ACTION_REQUIRED&limit=100')).body.data).toHaveLength(25);
    expect((await list('filters=assets.asset[eq]=USD&limit=100')).body.data).toHaveLength(9);
    expect((await list('filters=assets.asset[in]=EUR|USDT&limit=100')).body.data).toHaveLength(18);
    expect(names(await list('filters=assets.status[eq]=ACTIVE;assets.asset[eq]=EUR'))).toEqual(['Company 01']);
    expect(names(await list('filters=owner.legalName[like]=filial \\(sp'))).toEqual(['Company 07, Filial (SP)']);
    expect(names(await list(`filters=${encodeURIComponent('owner.legalName[eq]=Company 07\\, Filial \\(SP\\)')}`))).toEqual(['Company 07, Filial (SP)']);
    expect((await list('filters=owner.taxId.value[eq]=11222333000181&limit=100')).body.data).toHaveLength(27);
    expect(names(await list('filters=owner.legalName[text]=FILIAL'))).toEqual(['Company 07, Filial (SP)']);
    expect((await list('filters=sourceAccountId[in]=null|00000000-0000-4000-8000-000000000000&limit=100')).body.data).toHaveLength(27);
    expect((await list('filters=assets.asset[nin]=USDT|EUR&limit=100')).body.data).toHaveLength(9);
    expect((await list('filters=updatedAt[gt]=2000-01-01T00:00:00Z;status[ne]=ACTIVE&limit=100')).body.data).toHaveLength(25);
    expect(names(await list('filters=states.status[last]=ACTIVE')).sort()).toEqual(['Company 00', 'Company 01']);
    expect((await list('filters=states.status[last_ne]=ACTIVE&limit=100')).body.data).toHaveLength(25);
    expect((await list('filters=states.status[eq]=REVIEWING&limit=100')).body.data).toHaveLength(2);
    expect(names(await list(`filters=or(id[eq]=${ids[3]},id[eq]=${ids[4]})`)).sort()).toEqual(['Company 03', 'Company 04']);
    expect((await list('filters=createdAt[gte]=2000-01-01;sourceAccountId[eq]=null&limit=100')).body.data).toHaveLength(27);
    expect((await list('filters=createdAt[lt]=2000-01-01')).body.data).toHaveLength(0);
    expect((await list('filters=tags.value[eq]=sandbox&limit=100')).body.data).toHaveLength(27);
    const paged = await list('filters=assets.asset[eq]=USD&limit=5');
    const rest = await list(`filters=assets.asset[eq]=USD&limit=5&cursor=${paged.body.meta.nextCursor}`);
    expect(paged.body.data.length + rest.body.data.length).toBe(9);
  });

  it('400 INVALID_FILTER_FORMAT for unknown fields, operators or syntax', async () => {
    for (const f of ['balance[eq]=1', 'status[approx]=A', 'status[eq]=NOPE', 'and(status[eq]=ACTIVE', 'owner.legalName[last]=x']) {
      const r = await list(`filters=${encodeURIComponent(f)}`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('INVALID_FILTER_FORMAT');
    }
  });

  it('404 for unknown ids, 400 for malformed ones', async () => {
    const id = randomUUID();
    const r = await kit.req('GET', `/api/accounts/${id}`, { token: c.token });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(`Account with given parameters [id:${id}] not found`);
    const bad = await kit.req('GET', '/api/accounts/nope', { token: c.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0]).toMatchObject({ code: 'INVALID_UUID', field: 'path:accountId' });
  });
});

describe('UBOs', () => {
  it('adds a PENDING UBO with its own identity requirement', async () => {
    const c = await kit.customer();
    const a = await createAccount(c);
    const r = await addUbo(c, a.id);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Mariana Lima', taxId: { value: '52998224725', type: 'CPF' }, ownershipPercentage: 50, currentState: { status: 'PENDING' } });
    const after = await get(c, a.id);
    expect(after.owner.ubos).toHaveLength(1);
    expect(after.requirements.pendingVerification.map((i: { type: string }) => i.type)).toEqual(['UBO_VERIFICATION']);
    const idItem = after.requirements.currentlyDue.find((i: { uboId: string | null }) => i.uboId === r.body.id);
    expect(idItem).toMatchObject({ type: 'DOCUMENT_GROUP', group: 'IDENTITY_VERIFICATION', options: ['PASSPORT', 'ID_CARD', 'DRIVER_LICENSE'] });
    const listed = await kit.req('GET', `/api/accounts/${a.id}/ubos`, { token: c.token });
    expect(listed.body.data.map((u: { id: string }) => u.id)).toEqual([r.body.id]);
    const one = await kit.req('GET', `/api/accounts/${a.id}/ubos/${r.body.id}`, { token: c.token });
    expect(one.body.id).toBe(r.body.id);
  });

  it('enforces CPF check digits, unique tax ids, 25 % ownership', async () => {
    const c = await kit.customer();
    const a = await createAccount(c);
    const bad = await addUbo(c, a.id, { taxId: { value: '529.982.247-26', type: 'CPF' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0]).toMatchObject({ code: 'VALIDATE_TAX_ID', field: 'body:taxId.value' });
    const low = await addUbo(c, a.id, { ownershipPercentage: 24.9 });
    expect(low.status).toBe(422);
    expect(low.body.code).toBe('INSUFFICIENT_OWNERSHIP');
    expect((await addUbo(c, a.id)).status).toBe(201);
    const dup = await addUbo(c, a.id, { taxId: { value: '52998224725', type: 'CPF' }, name: 'Other name' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE_UBO', details: { taxId: '52998224725' } });
    const over = await addUbo(c, a.id, { taxId: { value: CPF_B, type: 'CPF' }, ownershipPercentage: 60 });
    expect(over.status).toBe(422);
  });

  it('sums ownership in decimals: 25 + 43.27 + 31.73 is exactly 100 (floating point says 100.00000000000001)', async () => {
    const c = await kit.customer();
    const a = await createAccount(c);
    expect((await addUbo(c, a.id, { ownershipPercentage: 25 })).status).toBe(201);
    expect((await addUbo(c, a.id, { taxId: { value: CPF_B, type: 'CPF' }, ownershipPercentage: 43.27 })).status).toBe(201);
    const third = await addUbo(c, a.id, { taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, name: 'Holding Ltda', ownershipPercentage: 31.73 });
    expect(third.status).toBe(201);
    const fourth = await addUbo(c, a.id, { taxId: { value: '390.533.447-05', type: 'CPF' }, name: 'João', ownershipPercentage: 25 });
    expect(fourth.status).toBe(422);
    expect(fourth.body).toMatchObject({ code: 'OWNERSHIP_EXCEEDS_100', details: { totalOwnershipPercentage: 125 } });
  });

  it('refuses changes while the account is under review; 404 on another customer’s account', async () => {
    const c = await kit.customer();
    const a = await createAccount(c);
    const ubo = await addUbo(c, a.id);
    await uploadAll(c, a.id, ubo.body.id);
    expect((await kit.req('POST', `/api/accounts/${a.id}/review`, { token: c.token })).status).toBe(202);
    const r = await addUbo(c, a.id, { taxId: { value: CPF_B, type: 'CPF' } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'ACCOUNT_NOT_MODIFIABLE', details: { accountId: a.id } });
    const other = await kit.customer();
    expect((await addUbo(other, a.id)).status).toBe(404);
  });
});

describe('POST /api/documents', () => {
  it('moves the matching item to pendingVerification and answers 204', async () => {
    const c = await kit.customer();
    const a = await createAccount(c);
    const r = await upload(c, { documentType: 'ARTICLES_OF_ASSOCIATION', holder: { type: 'ACCOUNT', referenceId: a.id } });
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    const after = await get(c, a.id);
    expect(after.requirements.pendingVerification).toHaveLength(1);
    expect(after.requirements.pendingVerification[0]).toMatchObject({ documentType: 'ARTICLES_OF_ASSOCIATION', metadata: { documentType: 'ARTICLES_OF_ASSOCIATION' } });
    expect(after.requirements.currentlyDue.map((i: { documentType: string | null }) => i.documentType)).not.toContain('ARTICLES_OF_ASSOCIATION');
    const group = await upload(c, { documentType: 'PROOF_OF_ADDRESS', holder: { type: 'ACCOUNT', referenceId: a.id } });
    expect(group.status).toBe(204);
    const again = await upload(c, { documentType: 'UTILITY_BILL', holder: { type: 'ACCOUNT', referenceId: a.id } });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('DOCUMENT_NOT_DUE');
    const stored = await kit.pg.query<{ sha256: string; size_bytes: number; detected_type: string }>('SELECT sha256, size_bytes, detected_type FROM sandbox.documents WHERE account_id = $1', [a.id]);
    expect(stored.rows[0]).toMatchObject({ size_bytes: PDF.length, detected_type: 'application/pdf' });
    expect(stored.rows[0].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('validates the multipart parts and the file', async () => {
    const c = await kit.customer();
    const a = await createAccount(c);
    const body = { documentType: 'INCORPORATION_CERT', holder: { type: 'ACCOUNT', referenceId: a.id } };
    const noFile = await upload(c, body, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ code: 'MISSING_MULTIPART_FIELD', details: { fieldName: 'file' } });
    const noBody = await upload(c, undefined);
    expect(noBody.body).toMatchObject({ code: 'MISSING_MULTIPART_FIELD', details: { fieldName: 'body' } });
    const empty = await upload(c, body, new Uint8Array(0));
    expect(empty.body).toMatchObject({ code: 'EMPTY_FILE', details: { fieldName: 'file' } });
    const text = await upload(c, body, new TextEncoder().encode('hello, I am not a PDF'), 'x.pdf');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', details: { detected: 'application/octet-stream' } });
    const big = new Uint8Array(10_000_001);
    big.set(PDF);
    const tooBig = await upload(c, body, big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ code: 'FILE_TOO_LARGE', details: { fileSizeBytes: 10_000_001, maxSizeBytes: 10_000_000 } });
    const max = new Uint8Array(10_000_000);
    max.set(PDF);
    expect((await upload(c, body, max)).status).toBe(204);
    const badJson = await upload(c, '{"documentType":');
    expect(badJson.body.code).toBe('INVALID_DATA');
    const badType = await upload(c, { documentType: 'SELFIE_VIDEO', holder: { type: 'ACCOUNT', referenceId: 'x' } });
    expect(badType.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['body:documentType', 'body:holder.referenceId']);
  });

  it('needs a side for ID cards, and the right holder', async () => {
    const c = await kit.customer();
    const a = await createAccount(c, ['USDT']);
    const ubo = await addUbo(c, a.id);
    const noSide = await upload(c, { documentType: 'ID_CARD', holder: { type: 'UBO', referenceId: ubo.body.id } }, PNG);
    expect(noSide.body.details.errors[0]).toMatchObject({ code: 'REQUIRED', field: 'body:documentSubType' });
    const wrongHolder = await upload(c, { documentType: 'PASSPORT', holder: { type: 'ACCOUNT', referenceId: a.id } }, PNG);
    expect(wrongHolder.body.code).toBe('DOCUMENT_NOT_DUE');
    const ok = await upload(c, { documentType: 'ID_CARD', documentSubType: 'FRONT_SIDE', holder: { type: 'UBO', referenceId: ubo.body.id } }, PNG);
    expect(ok.status).toBe(204);
    const unknownUbo = await upload(c, { documentType: 'PASSPORT', holder: { type: 'UBO', referenceId: randomUUID() } }, PNG);
    expect(unknownUbo.status).toBe(404);
    expect(unknownUbo.body.details.resource).toBe('UBO');
    const other = await kit.customer();
    const foreign = await upload(other, { documentType: 'ARTICLES_OF_ASSOCIATION', holder: { type: 'ACCOUNT', referenceId: a.id } });
    expect(foreign.status).toBe(404);
  });
});

describe('two-sided documents', () => {
  it('keeps the item due until both sides of an ID card are in, naming the side still missing', async () => {
    const c = await kit.customer({ auto: false });
    const a = await createAccount(c, ['USDT']);
    const ubo = (await addUbo(c, a.id)).body;
    const holder = { type: 'UBO', referenceId: ubo.id };
    const idItem = async () => {
      const acc = await get(c, a.id);
      return {
        due: acc.requirements.currentlyDue.find((i: { uboId: string | null }) => i.uboId === ubo.id),
        pending: acc.requirements.pendingVerification.find((i: { uboId: string | null }) => i.uboId === ubo.id),
      };
    };
    expect((await upload(c, { documentType: 'ID_CARD', documentSubType: 'BACK_SIDE', holder, metadata: { country: 'BR' } }, PNG)).status).toBe(204);
    let item = await idItem();
    expect(item.pending).toBeUndefined();
    expect(item.due).toMatchObject({ type: 'DOCUMENT_GROUP', documentType: 'ID_CARD', documentSubType: 'FRONT_SIDE', options: ['PASSPORT', 'ID_CARD', 'DRIVER_LICENSE'] });
    // The back again replaces the back; still the front is missing.
    expect((await upload(c, { documentType: 'ID_CARD', documentSubType: 'BACK_SIDE', holder }, PNG)).status).toBe(204);
    expect((await idItem()).due).toMatchObject({ documentSubType: 'FRONT_SIDE' });
    const review = await kit.req('POST', `/api/accounts/${a.id}/review`, { token: c.token });
    expect(review.body).toMatchObject({ code: 'MISSING_DOCUMENTS_FOR_REVIEW', details: { missingDocumentTypes: ['ID_CARD'] } });
    expect((await upload(c, { documentType: 'ID_CARD', documentSubType: 'FRONT_SIDE', holder, metadata: { country: 'BR' } }, PNG)).status).toBe(204);
    item = await idItem();
    expect(item.due).toBeUndefined();
    expect(item.pending).toMatchObject({ documentType: null, documentSubType: null, metadata: { country: 'BR', documentType: 'ID_CARD' } });
    expect(item.pending.metadata.frontSideDocumentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.pending.metadata.backSideDocumentId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await kit.req('POST', `/api/accounts/${a.id}/review`, { token: c.token })).status).toBe(202);
  });

  it('switching to a passport after one side answers the item at once; a rejected side sends the item back', async () => {
    const c = await kit.customer({ auto: true });
    const a = await createAccount(c, ['USDT']);
    const ubo = (await addUbo(c, a.id)).body;
    const holder = { type: 'UBO', referenceId: ubo.id };
    expect((await upload(c, { documentType: 'DRIVER_LICENSE', documentSubType: 'FRONT_SIDE', holder }, PNG)).status).toBe(204);
    expect((await upload(c, { documentType: 'PASSPORT', holder }, PNG, 'passport.png')).status).toBe(204);
    const acc = await get(c, a.id);
    expect(acc.requirements.currentlyDue).toEqual([]);
    expect(acc.requirements.pendingVerification.find((i: { uboId: string | null }) => i.uboId === ubo.id).metadata.documentType).toBe('PASSPORT');

    const b = await createAccount(c, ['USDT']);
    const ubo2 = (await addUbo(c, b.id)).body;
    const h2 = { type: 'UBO', referenceId: ubo2.id };
    expect((await upload(c, { documentType: 'ID_CARD', documentSubType: 'FRONT_SIDE', holder: h2 }, PNG, 'front-reject.png')).status).toBe(204);
    expect((await upload(c, { documentType: 'ID_CARD', documentSubType: 'BACK_SIDE', holder: h2 }, PNG, 'back.png')).status).toBe(204);
    expect((await kit.req('POST', `/api/accounts/${b.id}/review`, { token: c.token })).status).toBe(202);
    await kit.sandbox.services.clock.advance(5);
    await kit.drain();
    const reviewed = await get(c, b.id);
    expect(reviewed.currentState.status).toBe('ACTION_REQUIRED');
    expect(reviewed.requirements.errors.find((i: { uboId: string | null }) => i.uboId === ubo2.id)).toMatchObject({ reason: { code: 'DOCUMENT_REJECTED' } });
  });
});

describe('review and activation', () => {
  it('422 MISSING_DOCUMENTS_FOR_REVIEW while items are due or no UBO exists', async () => {
    const c = await kit.customer();
    const a = await createAccount(c);
    const r = await kit.req('POST', `/api/accounts/${a.id}/review`, { token: c.token });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      code: 'MISSING_DOCUMENTS_FOR_REVIEW',
      details: { accountId: a.id, missingDocumentTypes: ['ARTICLES_OF_ASSOCIATION', 'INCORPORATION_CERT', 'PROOF_OF_ADDRESS|UTILITY_BILL', 'UBO_VERIFICATION'] },
    });
  });

  it('auto customers: REVIEWING → OPENING → ACTIVE on the clock, assets ACTIVE, one ASSET_ACTIVATED event', async () => {
    const c = await kit.customer({ auto: true });
    const a = await createAccount(c, ['BRL', 'USDT']);
    const ubo = await addUbo(c, a.id);
    await uploadAll(c, a.id, ubo.body.id);
    const r = await kit.req('POST', `/api/accounts/${a.id}/review`, { token: c.token });
    expect(r.status).toBe(202);
    expect(r.body).toBeUndefined();
    const twice = await kit.req('POST', `/api/accounts/${a.id}/review`, { token: c.token });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'REVIEW_ALREADY_SUBMITTED', details: { accountId: a.id } });
    await kit.drain();
    expect((await get(c, a.id)).currentState.status).toBe('REVIEWING');
    await kit.sandbox.services.clock.advance(3);
    await kit.drain();
    const opening = await get(c, a.id);
    expect(opening.currentState.status).toBe('OPENING');
    expect(opening.requirements.currentlyDue).toEqual([]);
    expect(opening.requirements.pendingVerification).toEqual([]);
    expect(opening.requirements.satisfied).toHaveLength(5);
    expect(opening.owner.ubos[0].currentState.status).toBe('APPROVED');
    await kit.sandbox.services.clock.advance(2);
    await kit.drain();
    const token = await fresh(c);
    const active = (await kit.req('GET', `/api/accounts/${a.id}`, { token })).body;
    expect(active.states.map((s: { status: string }) => s.status)).toEqual(['ACTION_REQUIRED', 'REVIEWING', 'OPENING', 'ACTIVE']);
    expect(active.assets.map((x: { status: string }) => x.status)).toEqual(['ACTIVE', 'ACTIVE']);
    const events = await kit.pg.query<{ type: string; payload: string | Record<string, unknown> }>(
      `SELECT type, payload FROM sandbox.webhook_events WHERE resource_id = $1`,
      [a.id],
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0].type).toBe('ASSET_ACTIVATED');
    const payload = events.rows[0].payload;
    expect(typeof payload === 'string' ? JSON.parse(payload) : payload).toMatchObject({ accountId: a.id, customerId: c.customerId, assets: ['BRL', 'USDT'] });
  });

  it('a document named *reject* is rejected: item to errors with a Reason, account back to ACTION_REQUIRED, fixable', async () => {
    const c = await kit.customer({ auto: true });
    const a = await createAccount(c, ['USDT']);
    const ubo = await addUbo(c, a.id);
    expect((await upload(c, { documentType: 'PASSPORT', holder: { type: 'UBO', referenceId: ubo.body.id } }, PNG, 'reject-me.png')).status).toBe(204);
    await kit.req('POST', `/api/accounts/${a.id}/review`, { token: c.token });
    await kit.sandbox.services.clock.advance(3);
    await kit.drain();
    const token = await fresh(c);
    const back = (await kit.req('GET', `/api/accounts/${a.id}`, { token })).body;
    expect(back.currentState).toMatchObject({ status: 'ACTION_REQUIRED', reason: { code: 'DOCUMENTS_REJECTED' } });
    expect(back.requirements.errors.map((i: { reason: { code: string } }) => i.reason.code).sort()).toEqual(['DOCUMENT_REJECTED', 'NO_APPROVED_UBO']);
    expect(back.owner.ubos[0].currentState).toMatchObject({ status: 'REJECTED', reason: { code: 'DOCUMENT_REJECTED' } });
    const blocked = await kit.req('POST', `/api/accounts/${a.id}/review`, { token });
    expect(blocked.status).toBe(422);
    const fix = new FormData();
    fix.set('body', JSON.stringify({ documentType: 'DRIVER_LICENSE', documentSubType: 'FRONT_SIDE', holder: { type: 'UBO', referenceId: ubo.body.id } }));
    fix.set('file', new Blob([PNG]), 'license.png');
    expect((await kit.req('POST', '/api/documents', { token, form: fix })).status).toBe(204);
    // A driving licence has two sides: the item stays in errors until the back is in too.
    expect((await get(c, a.id)).requirements.errors.find((i: { uboId: string | null }) => i.uboId === ubo.body.id)).toMatchObject({ documentSubType: 'BACK_SIDE' });
    fix.set('body', JSON.stringify({ documentType: 'DRIVER_LICENSE', documentSubType: 'BACK_SIDE', holder: { type: 'UBO', referenceId: ubo.body.id } }));
    expect((await kit.req('POST', '/api/documents', { token, form: fix })).status).toBe(204);
    const fixed = (await kit.req('GET', `/api/accounts/${a.id}`, { token })).body;
    expect(fixed.requirements.errors.map((i: { type: string }) => i.type)).toEqual(['UBO_VERIFICATION']);
  });

  it('manual customers wait in REVIEWING until the activate helper', async () => {
    const c = await kit.customer({ auto: false });
    const a = await createAccount(c, ['BRL', 'EUR', 'USD', 'GBP', 'USDT', 'USDC']);
    const ubo = await addUbo(c, a.id);
    await uploadAll(c, a.id, ubo.body.id);
    await kit.req('POST', `/api/accounts/${a.id}/review`, { token: c.token });
    await kit.sandbox.services.clock.advance(60);
    await kit.drain();
    const token = await fresh(c);
    expect((await kit.req('GET', `/api/accounts/${a.id}`, { token })).body.currentState.status).toBe('REVIEWING');
    const empty = await kit.req('GET', `/api/accounts/${a.id}/fundingInstructions`, { token });
    expect(empty.body).toEqual({ data: [], meta: { previousCursor: null, nextCursor: null, total: 0 } });
    const other = await kit.customer();
    expect((await kit.req('POST', `/_sandbox/accounts/${a.id}/activate`, { token: other.token })).status).toBe(404);
    const act = await kit.req('POST', `/_sandbox/accounts/${a.id}/activate`, { token });
    expect(act.status).toBe(200);
    expect(act.body.currentState.status).toBe('ACTIVE');
    expect(act.body.states.map((s: { status: string }) => s.status)).toEqual(['ACTION_REQUIRED', 'REVIEWING', 'OPENING', 'ACTIVE']);

    const fi = await kit.req('GET', `/api/accounts/${a.id}/fundingInstructions?limit=100&sortOrder=ASCENDING`, { token });
    const rails = fi.body.data.map((i: { asset: string; rail: string; network?: string }) => `${i.asset}:${i.rail}${i.network ? `:${i.network}` : ''}`);
    expect(rails).toEqual(['BRL:PIX_KEY', 'BRL:PIX_STATIC_QR_CODE', 'BRL:TED', 'EUR:SEPA', 'USD:WIRE', 'USD:ACH', 'GBP:SWIFT', 'USDT:CRYPTO:TRON', 'USDT:CRYPTO:ETHEREUM', 'USDC:CRYPTO:ETHEREUM', 'USDC:CRYPTO:SOLANA']);
    const pix = fi.body.data[0];
    expect(pix.keyType).toBe('EVP');
    expect(pix.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const qr: string = fi.body.data[1].qrCode;
    expect(qr).toContain(`br.gov.bcb.pix01${String(pix.key.length).padStart(2, '0')}${pix.key}`);
    expect(qr.startsWith('000201')).toBe(true);
    expect(qr).toMatch(/6304[0-9A-F]{4}$/);
    expect(crc16Hex(qr.slice(0, -4))).toBe(qr.slice(-4));
    const sepa = fi.body.data.find((i: { rail: string }) => i.rail === 'SEPA');
    const moved = `${sepa.iban.slice(4)}${sepa.iban.slice(0, 4)}`.replace(/[A-Z]/g, (ch: string) => String(ch.charCodeAt(0) - 55));
    expect(BigInt(moved) % 97n).toBe(1n);
    expect(fi.body.data.find((i: { network?: string }) => i.network === 'ETHEREUM').walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    const again = await kit.req('GET', `/api/accounts/${a.id}/fundingInstructions?limit=100&sortOrder=ASCENDING`, { token });
    expect(again.body).toEqual(fi.body);
    const p1 = await kit.req('GET', `/api/accounts/${a.id}/fundingInstructions?limit=4`, { token });
    const p2 = await kit.req('GET', `/api/accounts/${a.id}/fundingInstructions?limit=4&cursor=${p1.body.meta.nextCursor}`, { token });
    const p3 = await kit.req('GET', `/api/accounts/${a.id}/fundingInstructions?limit=4&cursor=${p2.body.meta.nextCursor}`, { token });
    expect([p1.body.meta.total, p2.body.meta.total, p3.body.meta.total]).toEqual([4, 4, 3]);
    expect(p3.body.meta.nextCursor).toBeNull();
    const back = await kit.req('GET', `/api/accounts/${a.id}/fundingInstructions?limit=4&cursor=${p3.body.meta.previousCursor}&direction=PREVIOUS`, { token });
    expect(back.body.data).toEqual(p2.body.data);
    const twice = await kit.req('POST', `/_sandbox/accounts/${a.id}/activate`, { token });
    expect(twice.body.states).toHaveLength(4);
  });

  it('advances the clock through the helper (idempotent, validated)', async () => {
    const before = kit.sandbox.services.clock.now().getTime();
    const key = randomUUID();
    const r = await kit.req('POST', '/_sandbox/clock/advance', { key, body: { seconds: 100 }, headers: kit.adminHeaders });
    expect(r.status).toBe(200);
    expect(new Date(r.body.now).getTime() - before).toBeGreaterThanOrEqual(100_000);
    await kit.req('POST', '/_sandbox/clock/advance', { key, body: { seconds: 100 }, headers: kit.adminHeaders });
    expect(kit.sandbox.services.clock.now().getTime() - before).toBeLessThan(110_000);
    const bad = await kit.req('POST', '/_sandbox/clock/advance', { body: { seconds: -5 }, headers: kit.adminHeaders });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe('body:seconds');
  });

  it('serves the OpenAPI document with every mounted route', async () => {
    const r = await kit.req('GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    for (const p of ['/api/accounts', '/api/accounts/{accountId}/review', '/api/documents', '/_sandbox/clock/advance', '/api/operations/transfer', '/api/subscriptions']) {
      expect(Object.keys(r.body.paths)).toContain(p);
    }
    expect(r.body.paths['/api/accounts'].post.parameters.some((p: { name: string; required: boolean }) => p.name === 'X-Idempotency-Key' && p.required)).toBe(true);
  });
});
