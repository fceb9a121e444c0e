import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from './idempotency';
import { MAX_JSON_DEPTH, findBadString, jsonDepthExceeds } from './input-guard';
import { createTestKit, type TestCustomer, type TestKit } from '../testing/kit';

let kit: TestKit;
let c: TestCustomer;
let accountId: string;
beforeAll(async () => {
  kit = await createTestKit();
  c = await kit.customer();
  const r = await kit.req('POST', '/api/accounts', { token: c.token, body: accountBody() });
  expect(r.status).toBe(201);
  accountId = r.body.id;
});
afterAll(async () => {
  await kit?.close();
});

const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };
function accountBody(owner: Record<string, unknown> = {}) {
  return {
    assets: [{ code: 'BRL', isVirtual: false }],
    owner: {
      type: 'COMPANY',
      legalName: 'Acme Ltda',
      taxId: { value: '11.222.333/0001-81', type: 'CNPJ' },
      industry: 'INFORMATION_TECHNOLOGY',
      address,
      ...owner,
    },
  };
}

async function accountCount(): Promise<number> {
  const { rows } = await kit.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox.accounts');
  return rows[0].n;
}

function expectInvalid(r: { status: number; body: { code: string; details: { errors: Array<{ code: string; field: string }> } } }, code: string, field: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.code).toBe('INVALID_DATA');
  expect(r.body.details.errors[0]).toMatchObject({ code, field });
}

describe('strings the database cannot store answer 400 with the field, and change nothing', () => {
  it('NUL in account, address, UBO and beneficiary fields', async () => {
    const before = await accountCount();
    expectInvalid(await kit.req('POST', '/api/accounts', { token: c.token, body: accountBody({ legalName: 'Acme\u0000' }) }), 'NUL_CHARACTER', 'body:owner.legalName');
    expectInvalid(
      await kit.req('POST', '/api/accounts', { token: c.token, body: accountBody({ address: { ...address, city: 'S\u0000P' } }) }),
      'NUL_CHARACTER',
      'body:owner.address.city',
    );
    expect(await accountCount()).toBe(before);
    expectInvalid(
      await kit.req('POST', `/api/accounts/${accountId}/ubos`, {
        token: c.token,
        body: { name: 'Maria\u0000', taxId: { value: '529.982.247-25', type: 'CPF' }, address, ownershipPercentage: 50 },
      }),
      'NUL_CHARACTER',
      'body:name',
    );
    expectInvalid(
      await kit.req('POST', '/api/beneficiaries', {
        token: c.token,
        body: { holder: { type: 'INDIVIDUAL', firstName: 'Jo\u0000ão' }, relationshipType: 'THIRD_PARTY', paymentInstruction: {} },
      }),
      'NUL_CHARACTER',
      'body:holder.firstName',
    );
    expectInvalid(
      await kit.req('POST', '/api/subscriptions', { token: c.token, body: { url: 'https://x.example/\u0000', includeAll: true } }),
      'NUL_CHARACTER',
      'body:url',
    );
    expectInvalid(
      await kit.req('POST', `/_sandbox/operations/${randomUUID()}/hold`, { token: c.token, body: { message: 'why\u0000' } }),
      'NUL_CHARACTER',
      'body:message',
    );
    expectInvalid(
      await kit.req('POST', `/api/accounts/${accountId}/ubos`, { token: c.token, body: { items: [{ x: 1 }, { 'k\u0000': 1 }] } }),
      'NUL_CHARACTER',
      'body:items[1]',
    );
  });

  it('NUL in the unauthenticated endpoints and in a filters value', async () => {
    const customers = async () => (await kit.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox.customers')).rows[0].n;
    const before = await customers();
    expectInvalid(await kit.req('POST', '/_sandbox/customers', { body: { name: 'Evil\u0000Co' } }), 'NUL_CHARACTER', 'body:name');
    expect(await customers()).toBe(before);
    expectInvalid(
      await kit.req('POST', '/api/oauth/client/token', { key: null, body: { clientId: 'a\u0000', clientSecret: 'b' } }),
      'NUL_CHARACTER',
      'body:clientId',
    );
    const filters = encodeURIComponent('owner.legalName[eq]=A\u0000B');
    expectInvalid(await kit.req('GET', `/api/accounts?filters=${filters}`, { token: c.token }), 'NUL_CHARACTER', 'query:filters');
    expectInvalid(await kit.req('GET', `/api/accounts/abc%00def`, { token: c.token }), 'NUL_CHARACTER', 'path:accountId');
  });

  it('NUL in an uploaded file name or in the JSON of the body part', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const form = (body: unknown, name: string) => {
      const f = new FormData();
      f.append('body', JSON.stringify(body));
      f.append('file', new File([pdf], name, { type: 'application/pdf' }));
      return f;
    };
    const doc = { documentType: 'ARTICLES_OF_ASSOCIATION', holder: { type: 'ACCOUNT', referenceId: accountId } };
    expectInvalid(await kit.req('POST', '/api/documents', { token: c.token, form: form(doc, 'a\u0000.pdf') }), 'NUL_CHARACTER', 'body:file.filename');
    expectInvalid(
      await kit.req('POST', '/api/documents', { token: c.token, form: form({ ...doc, documentType: 'X\u0000' }, 'a.pdf') }),
      'NUL_CHARACTER',
      'body:documentType',
    );
  });

  it('a lone surrogate anywhere in a JSON body', async () => {
    const before = await accountCount();
    // Written as a JSON escape: JSON.stringify of a lone surrogate would escape it the same way.
    const raw = JSON.stringify(accountBody({ legalName: 'PLACEHOLDER' })).replace('PLACEHOLDER', '\\ud800x');
    expectInvalid(await kit.req('POST', '/api/accounts', { token: c.token, body: raw }), 'INVALID_UNICODE', 'body:owner.legalName');
    expect(await accountCount()).toBe(before);
    // A well-formed pair is fine.
    const ok = await kit.req('POST', '/api/accounts', { token: c.token, body: accountBody({ legalName: 'Acme 😀 Ltda' }) });
    expect(ok.status).toBe(201);
  });
});

describe('deeply nested JSON', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it('is refused at parse time (depth 32), before idempotency or the handler, on public and private routes', async () => {
    for (const [path, token] of [
      ['/_sandbox/customers', undefined],
      ['/api/accounts', c.token],
      ['/api/oauth/client/token', undefined],
    ] as const) {
      const r = await kit.req('POST', path, { token, body: `{"name":${deep(3000)}}` });
      expectInvalid(r, 'MAX_DEPTH_EXCEEDED', 'body');
    }
    const okDepth = `{"name":${deep(MAX_JSON_DEPTH - 1)}}`;
    const r = await kit.req('POST', '/_sandbox/customers', { body: okDepth });
    expect(r.status).toBe(400);
    expect(r.body.details.errors[0].code).toBe('INVALID_TYPE');
  });

  it('canonicalisation is iterative: no stack overflow at any depth', () => {
    let v: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) v = i % 2 ? [v] : { k: v };
    expect(canonicalJson(v).length).toBeGreaterThan(400_000);
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('the depth scan ignores brackets inside strings', () => {
    expect(jsonDepthExceeds(JSON.stringify({ s: '['.repeat(100) }), 3)).toBe(false);
    expect(jsonDepthExceeds('{"s":"\\"[[[[","a":[[[]]]}', 3)).toBe(true);
    expect(findBadString({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, 'body')?.field).toBe('body:a[1].c');
  });
});

describe('content types, headers and helpers', () => {
  it('a JSON body sent with another Content-Type is 415; multipart is for documents', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const headers = new Headers({ Authorization: `Bearer ${c.token}`, 'X-Idempotency-Key': randomUUID() });
      if (type) headers.set('Content-Type', type);
      const res = await kit.sandbox.handle(
        new Request('http://sandbox.test/api/accounts', { method: 'POST', headers, body: JSON.stringify(accountBody()) }),
      );
      // Request() adds text/plain for a string body when none is given.
      expect(res.status, String(type)).toBe(415);
      expect(((await res.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const vendor = await kit.sandbox.handle(
      new Request('http://sandbox.test/_sandbox/customers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/vnd.api+json; charset=utf-8', 'X-Idempotency-Key': randomUUID() },
        body: '{}',
      }),
    );
    expect(vendor.status).toBe(201);
  });

  it('every response says nosniff and no-store', async () => {
    for (const r of [
      await kit.req('GET', '/openapi.json'),
      await kit.req('GET', '/api/accounts', { token: c.token }),
      await kit.req('GET', '/nope'),
      await kit.req('POST', '/api/oauth/client/token', { key: null, body: {} }),
    ]) {
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('the global clock needs the sandbox admin key', async () => {
    const before = kit.sandbox.services.clock.now().getTime();
    const anon = await kit.req('POST', '/_sandbox/clock/advance', { body: { seconds: 366 * 24 * 3600 } });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('ADMIN_KEY_REQUIRED');
    const wrong = await kit.req('POST', '/_sandbox/clock/advance', { body: { seconds: 60 }, headers: { 'X-Sandbox-Admin-Key': 'guess' } });
    expect(wrong.status).toBe(401);
    expect(kit.sandbox.services.clock.now().getTime() - before).toBeLessThan(30_000);
    const ok = await kit.req('POST', '/_sandbox/clock/advance', { body: { seconds: 1 }, headers: kit.adminHeaders });
    expect(ok.status).toBe(200);
  });
});

describe('customer creation policy', () => {
  // The policy is read per request: narrow this kit's for one test, then restore it.
  async function withPolicy(policy: Partial<TestKit['sandbox']['services']['policy']>, fn: () => Promise<void>) {
    const saved = kit.sandbox.services.policy;
    kit.sandbox.services.policy = { ...saved, ...policy };
    try {
      await fn();
    } finally {
      kit.sandbox.services.policy = saved;
    }
  }
  const customers = async () => (await kit.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox.customers')).rows[0].n;

  it('closed: 403 HELPER_DISABLED and no customer', async () => {
    await withPolicy({ customerCreation: false }, async () => {
      const before = await customers();
      const r = await kit.req('POST', '/_sandbox/customers', { body: { name: 'X' } });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('HELPER_DISABLED');
      expect(await customers()).toBe(before);
    });
  });

  it('open with a per-address limit: 429 with Retry-After once an address used its quota', async () => {
    await withPolicy({ customerCreationPerHour: 2 }, async () => {
      const post = (address: string) =>
        kit.sandbox.handle(
          new Request('http://sandbox.test/_sandbox/customers', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Idempotency-Key': randomUUID() },
            body: '{}',
          }),
          { clientAddress: address },
        );
      expect((await post('10.0.0.1')).status).toBe(201);
      expect((await post('10.0.0.1')).status).toBe(201);
      const third = await post('10.0.0.1');
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await post('10.0.0.2')).status).toBe(201);
    });
  });
});

/**
 * Random JSON at every POST route (valid ids where the path needs one, random strings of every code-point class,
 * random depth and size): whatever the body, the answer is never a 5xx.
 */
describe('property: no POST body makes the service answer 5xx', () => {
  it('holds for random JSON on every POST route', async () => {
    const routes = kit.sandbox.modules.flatMap((m) => m.routes).filter((r) => r.method === 'POST');
    expect(routes.length).toBeGreaterThan(20);
    const ids: Record<string, string> = { accountId };
    const pathOf = (p: string) => p.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? randomUUID());
    const anyChar = fc.oneof(
      fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\uffff', '😀', '\\', '"', '%00', "'"),
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
    );
    const str = fc.array(anyChar, { maxLength: 12 }).map((a) => a.join(''));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        str,
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(str, fc.constantFrom('name', 'url', 'amount', 'owner', 'holder', 'seconds', 'accountId')), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    // Sometimes deeper than the cap, or raw text that is not JSON at all.
    const body = fc.oneof(
      { weight: 6, arbitrary: json.map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: fc.integer({ min: 20, max: 200 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async (route, text) => {
        const res = await kit.req('POST', pathOf(route.path), { token: route.auth === 'customer' ? c.token : undefined, body: text });
        if (res.status >= 500) failures.push(`${route.path} ${text.slice(0, 200)} → ${res.status}`);
        return res.status < 500;
      }),
      { numRuns: 250, seed: Number(process.env.FC_SEED ?? Date.now() % 1_000_000) },
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
