import { randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../accounts/module';
import { helpersModule } from '../helpers-routes/module';
import { createDbClock } from './clock';
import { ServiceError } from './errors';
import { createPurgeTask } from './idempotency';
import { migrate } from './migrate';
import { paginate } from './pagination';
import { createTestKit, type TestKit } from '../testing/kit';
import type { SandboxModule } from './types';
import { Validator } from './validate';
import { Worker } from './worker';

/** A tiny module exercising the core: a counter table, a list, a failing and a crashing route. */
const widgets: SandboxModule = {
  name: 'test-widgets',
  migrations: [
    {
      id: '900_test_widgets',
      sql: `CREATE TABLE sandbox.test_widgets (id uuid PRIMARY KEY, customer_id uuid NOT NULL, name text NOT NULL, created_at timestamptz NOT NULL);
            CREATE INDEX test_widgets_page ON sandbox.test_widgets (customer_id, created_at, id);`,
    },
  ],
  routes: [
    {
      method: 'POST',
      path: '/api/widgets',
      auth: 'customer',
      async handler(ctx) {
        const v = new Validator('body');
        const name = v.string(v.root(ctx.body), 'name', { required: true });
        v.done();
        const id = randomUUID();
        await ctx.sql.query('INSERT INTO sandbox.test_widgets VALUES ($1, $2, $3, $4)', [id, ctx.customer!.id, name, ctx.now]);
        // Yield a few times so concurrent requests really overlap.
        for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 2));
        return { status: 201, body: { id, name } };
      },
    },
    {
      method: 'POST',
      path: '/api/widgets/fail',
      auth: 'customer',
      async handler(ctx) {
        await ctx.sql.query('INSERT INTO sandbox.test_widgets VALUES ($1, $2, $3, $4)', [randomUUID(), ctx.customer!.id, 'doomed', ctx.now]);
        throw new ServiceError(422, 'NOPE', 'Refused after a write', {});
      },
    },
    {
      method: 'GET',
      path: '/api/widgets',
      auth: 'customer',
      async handler(ctx) {
        const page = await paginate<{ id: string; name: string }, { id: string; name: string }>(ctx.sql, {
          from: 'sandbox.test_widgets',
          select: 'id, name',
          where: ['customer_id = $1'],
          params: [ctx.customer!.id],
          query: ctx.query,
          map: (r) => ({ id: r.id, name: r.name }),
        });
        return { status: 200, body: page };
      },
    },
    {
      method: 'GET',
      path: '/api/boom',
      auth: 'none',
      async handler() {
        throw new Error('secret detail /etc/passwd');
      },
    },
  ],
  tasks: [],
};

let kit: TestKit;
beforeAll(async () => {
  kit = await createTestKit({ modules: [accountsModule, helpersModule, widgets] });
});
afterAll(async () => {
  await kit?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const count = async (customerId: string) =>
  Number((await kit.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox.test_widgets WHERE customer_id = $1', [customerId])).rows[0].n);

describe('token endpoint', () => {
  it('issues a 1-hour HS256 JWT for the customer', async () => {
    const c = await kit.customer();
    const r = await kit.req('POST', '/api/oauth/client/token', { body: { clientId: c.clientId, clientSecret: c.clientSecret }, key: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
    const claims = decodeJwt(r.body.accessToken);
    expect(claims.sub).toBe(c.customerId);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(Math.abs(claims.iat! * 1000 - kit.sandbox.services.clock.now().getTime())).toBeLessThan(5000);
  });

  it('rejects wrong credentials with 401 INVALID_CLIENT_CREDENTIALS, bad bodies with 400', async () => {
    const c = await kit.customer();
    const wrong = await kit.req('POST', '/api/oauth/client/token', { body: { clientId: c.clientId, clientSecret: `${c.clientSecret}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CLIENT_CREDENTIALS');
    expect(JSON.stringify(wrong.body)).not.toContain(c.clientSecret);
    const unknown = await kit.req('POST', '/api/oauth/client/token', { body: { clientId: 'nobody', clientSecret: 'x' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('INVALID_CLIENT_CREDENTIALS');
    const missing = await kit.req('POST', '/api/oauth/client/token', { body: { clientId: c.clientId } });
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors[0]).toMatchObject({ code: 'REQUIRED', field: 'body:clientSecret' });
    const malformed = await kit.req('POST', '/api/oauth/client/token', { body: '{"clientId":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_DATA');
  });
});

describe('admin token helper', () => {
  it('POST /_sandbox/customers/{clientId}/token: a working token with the admin key; 401 without it, 404 for an unknown client', async () => {
    const c = await kit.customer();
    const path = `/_sandbox/customers/${c.clientId}/token`;
    const refused = await kit.req('POST', path, { key: null });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('ADMIN_KEY_REQUIRED');
    expect(refused.body.accessToken).toBeUndefined();
    const wrongKey = await kit.req('POST', path, { key: null, headers: { 'X-Sandbox-Admin-Key': 'not-the-admin-key-at-all' } });
    expect(wrongKey.status).toBe(401);
    const unknown = await kit.req('POST', '/_sandbox/customers/nobody/token', { key: null, headers: kit.adminHeaders });
    expect(unknown.status).toBe(404);
    const ok = await kit.req('POST', path, { key: null, headers: kit.adminHeaders });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, customerId: c.customerId });
    expect(decodeJwt(ok.body.accessToken).sub).toBe(c.customerId);
    expect(JSON.stringify(ok.body)).not.toContain(c.clientSecret);
  });
});

describe('bearer authentication', () => {
  const expect401 = async (headers: Record<string, string>, code: string, message: string) => {
    const r = await kit.req('GET', '/api/widgets', { headers });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code, message, details: {} });
    expect(r.headers.get('x-request-id')).toMatch(UUID);
  };

  it('401 INVALID_ACCESS_TOKEN for missing, malformed and foreign-signed tokens', async () => {
    const c = await kit.customer();
    await expect401({}, 'INVALID_ACCESS_TOKEN', 'Invalid access token');
    await expect401({ Authorization: 'Bearer not-a-jwt' }, 'INVALID_ACCESS_TOKEN', 'Invalid access token');
    await expect401({ Authorization: c.token }, 'INVALID_ACCESS_TOKEN', 'Invalid access token');
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(c.customerId)
      .setIssuer('fx-sandbox')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-key-another-key-another-key!'));
    await expect401({ Authorization: `Bearer ${foreign}` }, 'INVALID_ACCESS_TOKEN', 'Invalid access token');
    const tampered = c.token.replace(/\.[^.]+\./, () => `.${Buffer.from(JSON.stringify({ sub: randomUUID(), exp: 9999999999, iss: 'fx-sandbox' })).toString('base64url')}.`);
    expect(tampered).not.toBe(c.token);
    await expect401({ Authorization: `Bearer ${tampered}` }, 'INVALID_ACCESS_TOKEN', 'Invalid access token');
    const ok = await kit.req('GET', '/api/widgets', { token: c.token });
    expect(ok.status).toBe(200);
  });

  it('401 EXPIRED_ACCESS_TOKEN once the sandbox clock passes exp', async () => {
    const c = await kit.customer();
    // 10 s short of exp (not 1 s): the real time a loaded machine spends between the calls also counts.
    await kit.sandbox.services.clock.advance(3590);
    expect((await kit.req('GET', '/api/widgets', { token: c.token })).status).toBe(200);
    await kit.sandbox.services.clock.advance(11);
    await expect401({ Authorization: `Bearer ${c.token}` }, 'EXPIRED_ACCESS_TOKEN', 'Expired access token');
  });

  it('isolates tenants: another customer’s account is a 404 naming kind and id', async () => {
    const a = await kit.customer();
    const b = await kit.customer();
    const created = await kit.req('POST', '/api/accounts', {
      token: a.token,
      body: {
        assets: [{ code: 'USDT', isVirtual: false }],
        owner: {
          type: 'COMPANY', legalName: 'A Co', taxId: { value: '11222333000181', type: 'CNPJ' }, industry: 'OTHERS',
          address: { addressLine1: 'R 1', city: 'SP', state: 'SP', country: 'BR', postalCode: '01000-000' },
        },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const r = await kit.req('GET', `/api/accounts/${id}`, { token: b.token });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      code: 'RESOURCE_NOT_FOUND',
      message: `Account with given parameters [id:${id}] not found`,
      details: { resource: 'Account', parameters: { id } },
    });
    expect((await kit.req('GET', `/api/accounts/${id}`, { token: a.token })).status).toBe(200);
  });
});

describe('common request rules', () => {
  it('serves version 1 by default and explicitly, refuses others; every response says X-Service-Version: 1', async () => {
    const c = await kit.customer();
    const none = await kit.req('GET', '/api/widgets', { token: c.token });
    const one = await kit.req('GET', '/api/widgets', { token: c.token, headers: { 'X-Service-Version': '1' } });
    const two = await kit.req('GET', '/api/widgets', { token: c.token, headers: { 'X-Service-Version': '2' } });
    expect([none.status, one.status]).toEqual([200, 200]);
    expect(two.status).toBe(400);
    expect(two.body.code).toBe('UNSUPPORTED_SERVICE_VERSION');
    expect(two.body.message).toContain('1');
    expect(two.body.details.supported).toEqual(['1']);
    for (const r of [none, one, two]) expect(r.headers.get('x-service-version')).toBe('1');
  });

  it('puts a fresh X-Request-Id on every response, errors included', async () => {
    const c = await kit.customer();
    const rs = [
      await kit.req('GET', '/api/widgets', { token: c.token }),
      await kit.req('GET', '/api/widgets', { token: c.token }),
      await kit.req('GET', '/api/nowhere'),
      await kit.req('POST', '/api/widgets', { token: c.token, key: null, body: { name: 'x' } }),
    ];
    const ids = rs.map((r) => r.headers.get('x-request-id'));
    ids.forEach((id) => expect(id).toMatch(UUID));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('404 ROUTE_NOT_FOUND for unknown paths, 405 with Allow for a wrong method', async () => {
    const nf = await kit.req('GET', '/api/nowhere');
    expect(nf.status).toBe(404);
    expect(nf.body.code).toBe('ROUTE_NOT_FOUND');
    const na = await kit.req('DELETE', '/api/widgets');
    expect(na.status).toBe(405);
    expect(na.body.code).toBe('METHOD_NOT_ALLOWED');
    expect(na.headers.get('allow')).toContain('GET');
  });

  it('500 INTERNAL_ERROR without stack or message on an unhandled exception', async () => {
    const r = await kit.req('GET', '/api/boom');
    expect(r.status).toBe(500);
    expect(r.body.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(r.body)).not.toMatch(/passwd|at |\.ts/);
  });

  it('400 INVALID_DATA for malformed JSON', async () => {
    const c = await kit.customer();
    const r = await kit.req('POST', '/api/widgets', { token: c.token, body: '{"name": "x"' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'INVALID_DATA', message: 'Object contains invalid data' });
    expect(r.body.details.errors[0].field).toBe('body');
  });
});

describe('idempotency', () => {
  it('400 MISSING_REQUIRED_HEADER without the key (helpers included), 400 when not a uuid', async () => {
    const c = await kit.customer();
    const r = await kit.req('POST', '/api/widgets', { token: c.token, key: null, body: { name: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 'MISSING_REQUIRED_HEADER', message: "Header 'X-Idempotency-Key' is required", details: { header: 'X-Idempotency-Key' } });
    const helper = await kit.req('POST', '/_sandbox/customers', { key: null, body: {} });
    expect(helper.status).toBe(400);
    expect(helper.body.code).toBe('MISSING_REQUIRED_HEADER');
    const bad = await kit.req('POST', '/api/widgets', { token: c.token, key: 'abc', body: { name: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0]).toMatchObject({ code: 'INVALID_UUID', field: 'header:X-Idempotency-Key' });
    expect(await count(c.customerId)).toBe(0);
  });

  it('replays the first response for the same key and body (key order and spacing ignored)', async () => {
    const c = await kit.customer();
    const key = randomUUID();
    const first = await kit.req('POST', '/api/widgets', { token: c.token, key, body: { name: 'alpha' } });
    const again = await kit.req('POST', '/api/widgets', { token: c.token, key, body: '{ "name" :  "alpha" }' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    // Stored as the response's own text: the replay keeps even the key order.
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await count(c.customerId)).toBe(1);
  });

  it('409 IDEMPOTENCY_CONFLICT for the same key with another body or path', async () => {
    const c = await kit.customer();
    const key = randomUUID();
    await kit.req('POST', '/api/widgets', { token: c.token, key, body: { name: 'alpha' } });
    const other = await kit.req('POST', '/api/widgets', { token: c.token, key, body: { name: 'beta' } });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', message: 'Idempotency key already used with a different request' });
    const path = await kit.req('POST', '/api/widgets/fail', { token: c.token, key, body: { name: 'alpha' } });
    expect(path.status).toBe(409);
    expect(await count(c.customerId)).toBe(1);
  });

  it('scopes keys per customer', async () => {
    const a = await kit.customer();
    const b = await kit.customer();
    const key = randomUUID();
    const ra = await kit.req('POST', '/api/widgets', { token: a.token, key, body: { name: 'same' } });
    const rb = await kit.req('POST', '/api/widgets', { token: b.token, key, body: { name: 'same' } });
    expect(ra.body.id).not.toBe(rb.body.id);
    expect(rb.headers.get('idempotent-replayed')).toBeNull();
  });

  it('does not store errors: the failed write is rolled back and the key stays usable', async () => {
    const c = await kit.customer();
    const key = randomUUID();
    const fail = await kit.req('POST', '/api/widgets/fail', { token: c.token, key, body: {} });
    expect(fail.status).toBe(422);
    expect(await count(c.customerId)).toBe(0);
    const ok = await kit.req('POST', '/api/widgets/fail', { token: c.token, key, body: {} });
    expect(ok.status).toBe(422);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
    expect(await count(c.customerId)).toBe(0);
  });

  it('executes 20 concurrent requests with one key exactly once', async () => {
    const c = await kit.customer();
    const key = randomUUID();
    const rs = await Promise.all(Array.from({ length: 20 }, () => kit.req('POST', '/api/widgets', { token: c.token, key, body: { name: 'race' } })));
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(rs.map((r) => r.body.id)).size).toBe(1);
    expect(rs.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await count(c.customerId)).toBe(1);
  });

  it('keeps keys 24 h by the sandbox clock, then the key can be reused and the row is purged', async () => {
    const c = await kit.customer();
    const key = randomUUID();
    const first = await kit.req('POST', '/api/widgets', { token: c.token, key, body: { name: 'old' } });
    await kit.sandbox.services.clock.advance(23 * 3600);
    // The token lives 1 h: get a fresh one after moving the clock.
    const t1 = (await kit.req('POST', '/api/oauth/client/token', { body: { clientId: c.clientId, clientSecret: c.clientSecret } })).body.accessToken;
    const within = await kit.req('POST', '/api/widgets', { token: t1, key, body: { name: 'old' } });
    expect(within.body.id).toBe(first.body.id);
    await kit.sandbox.services.clock.advance(3600 + 1);
    const t2 = (await kit.req('POST', '/api/oauth/client/token', { body: { clientId: c.clientId, clientSecret: c.clientSecret } })).body.accessToken;
    const stale = await kit.req('POST', '/api/widgets', { token: t2, key: randomUUID(), body: { name: 'other' } });
    expect(stale.status).toBe(201);
    // Purge runs in the background: the expired key row disappears.
    await createPurgeTask(0).run(kit.sandbox.services);
    const rows = await kit.pg.query('SELECT 1 FROM sandbox.idempotency_keys WHERE scope = $1 AND key = $2', [c.customerId, key]);
    expect(rows.rows).toHaveLength(0);
    const reused = await kit.req('POST', '/api/widgets', { token: t2, key, body: { name: 'new body is fine now' } });
    expect(reused.status).toBe(201);
    expect(reused.body.id).not.toBe(first.body.id);
    expect(await count(c.customerId)).toBe(3);
  });

  it('an expired key is reusable even before the purge ran', async () => {
    const c = await kit.customer();
    const key = randomUUID();
    await kit.req('POST', '/api/widgets', { token: c.token, key, body: { name: 'a' } });
    await kit.sandbox.services.clock.advance(24 * 3600 + 1);
    const t = (await kit.req('POST', '/api/oauth/client/token', { body: { clientId: c.clientId, clientSecret: c.clientSecret } })).body.accessToken;
    const r = await kit.req('POST', '/api/widgets', { token: t, key, body: { name: 'b' } });
    expect(r.status).toBe(201);
    expect(r.body.name).toBe('b');
  });
});

describe('pagination', () => {
  let c: Awaited<ReturnType<TestKit['customer']>>;
  let created: string[];
  beforeAll(async () => {
    c = await kit.customer();
    created = [];
    for (let i = 0; i < 35; i++) {
      const r = await kit.req('POST', '/api/widgets', { token: c.token, body: { name: `w${i}` } });
      created.push(r.body.id);
    }
  });

  type PageBody = {
    data: { id: string; name: string }[];
    meta: { previousCursor: string | null; nextCursor: string | null; total: number };
    code?: string;
    details?: { errors: { field: string }[] };
  };
  const get = async (qs: string) => kit.req<PageBody>('GET', `/api/widgets?${qs}`, { token: c.token });

  it('defaults to 10 newest first; total is the page size', async () => {
    const r = await get('');
    expect(r.body.data).toHaveLength(10);
    expect(r.body.meta.total).toBe(10);
    expect(r.body.meta.previousCursor).toBeNull();
    expect(r.body.data.map((w) => w.name)).toEqual(Array.from({ length: 10 }, (_, i) => `w${34 - i}`));
  });

  it('walks forward then back, seeing every item exactly once each way', async () => {
    const forward: string[] = [];
    const sizes: number[] = [];
    let r = await get('limit=10');
    const cursors: PageBody['meta'][] = [];
    for (;;) {
      forward.push(...r.body.data.map((w) => w.id));
      sizes.push(r.body.data.length);
      cursors.push(r.body.meta);
      if (!r.body.meta.nextCursor) break;
      r = await get(`limit=10&cursor=${r.body.meta.nextCursor}&direction=NEXT`);
    }
    expect(sizes).toEqual([10, 10, 10, 5]);
    expect(forward).toHaveLength(35);
    expect(new Set(forward)).toEqual(new Set(created));
    expect(cursors[0].previousCursor).toBeNull();
    expect(cursors[3].nextCursor).toBeNull();
    expect(cursors[3].previousCursor).not.toBeNull();

    const backward: string[] = [];
    let prev = cursors[3].previousCursor;
    const backSizes: number[] = [];
    while (prev) {
      const p = await get(`limit=10&cursor=${prev}&direction=PREVIOUS`);
      backward.unshift(...p.body.data.map((w) => w.id));
      backSizes.push(p.body.data.length);
      expect(p.body.meta.nextCursor).not.toBeNull();
      prev = p.body.meta.previousCursor;
    }
    expect(backSizes).toEqual([10, 10, 10]);
    expect([...backward, ...forward.slice(30)]).toEqual(forward);
  });

  it('sorts ascending on request', async () => {
    const r = await get('limit=3&sortOrder=ASCENDING');
    expect(r.body.data.map((w) => w.name)).toEqual(['w0', 'w1', 'w2']);
    const next = await get(`limit=3&sortOrder=ASCENDING&cursor=${r.body.meta.nextCursor}`);
    expect(next.body.data.map((w) => w.name)).toEqual(['w3', 'w4', 'w5']);
  });

  it('accepts limit 1..100 and rejects the rest on query:limit', async () => {
    expect((await get('limit=1')).body.data).toHaveLength(1);
    expect((await get('limit=100')).body.data).toHaveLength(35);
    for (const bad of ['0', '101', 'abc', '-1', '1.5']) {
      const r = await get(`limit=${bad}`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('INVALID_DATA');
      expect(r.body.details!.errors[0].field).toBe('query:limit');
    }
  });

  it('rejects tampered cursors and bad enums', async () => {
    const r = await get('limit=5');
    const cursor = r.body.meta.nextCursor!;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...decoded, t: "2026-01-01'; DROP TABLE x" })).toString('base64url');
    for (const bad of [tampered, `${cursor}!!`, 'bm90LWpzb24', cursor.slice(0, -4)]) {
      const t = await get(`cursor=${encodeURIComponent(bad)}`);
      expect(t.status).toBe(400);
      expect(t.body.details!.errors[0].field).toBe('query:cursor');
    }
    expect((await get('direction=SIDEWAYS')).body.details!.errors[0].field).toBe('query:direction');
    expect((await get('sortOrder=RANDOM')).body.details!.errors[0].field).toBe('query:sortOrder');
  });
});

describe('worker, clock, migrations', () => {
  it('keeps looping when a task throws, and stop() waits for the tick', async () => {
    let runs = 0;
    const errors: string[] = [];
    const w = new Worker(
      [
        { name: 'bad', run: async () => { throw new Error('boom'); } },
        { name: 'good', run: async () => { runs++; return 0; } },
      ],
      () => kit.sandbox.services,
      { intervalMs: 5, onError: (task) => errors.push(task) },
    );
    w.start();
    for (let i = 0; i < 200 && runs < 4; i++) await new Promise((r) => setTimeout(r, 10));
    w.wake();
    await w.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBeGreaterThan(3);
    expect(runs).toBe(after);
    expect(errors.length).toBeGreaterThan(3);
    expect(new Set(errors)).toEqual(new Set(['bad']));
  });

  it('persists the clock offset', async () => {
    const sql = kit.sandbox.services.sql;
    const a = createDbClock(sql);
    await a.load();
    await a.advance(120);
    const b = createDbClock(sql);
    await b.load();
    expect(Math.abs(b.now().getTime() - a.now().getTime())).toBeLessThan(1000);
    expect(b.now().getTime() - Date.now()).toBeGreaterThan(119_000);
  });

  it('applies migrations once', async () => {
    const again = await migrate(kit.sandbox.services.sql, kit.sandbox.modules.flatMap((m) => m.migrations));
    expect(again).toEqual([]);
  });

  it('creates customers through the public helper (idempotent)', async () => {
    const key = randomUUID();
    const a = await kit.req('POST', '/_sandbox/customers', { key, body: { name: 'Helper Co', auto: false } });
    const b = await kit.req('POST', '/_sandbox/customers', { key, body: { name: 'Helper Co', auto: false } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ customerId: expect.stringMatching(UUID), clientId: expect.any(String), clientSecret: expect.any(String), auto: false });
    expect(b.body).toEqual(a.body);
  });
});
