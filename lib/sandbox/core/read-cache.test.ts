import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataVersion, versionedSql } from './read-cache';
import { fromPglite } from './sql';
import { createTestKit, type TestKit } from '../testing/kit';

let kit: TestKit;
beforeAll(async () => {
  kit = await createTestKit({ readCache: true });
});
afterAll(async () => {
  await kit?.close();
});

describe('versionedSql', () => {
  it('bumps on writes and transactions, not on plain reads', async () => {
    const pg = kit.pg as PGlite;
    const v = new DataVersion();
    const sql = versionedSql(fromPglite(pg), v);
    await sql.query('SELECT 1');
    await sql.query('  select * from sandbox.settings');
    expect(v.value).toBe(0);
    await sql.query('SELECT 1 FROM sandbox.settings FOR UPDATE');
    expect(v.value).toBe(1);
    await sql.query("INSERT INTO sandbox.settings (key, value) VALUES ('x-test', '1') ON CONFLICT (key) DO NOTHING");
    expect(v.value).toBe(2);
    await sql.query("WITH t AS (UPDATE sandbox.settings SET value = '2' WHERE key = 'x-test' RETURNING 1) SELECT * FROM t");
    expect(v.value).toBe(3);
    await sql.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await tx.query("UPDATE sandbox.settings SET value = '3' WHERE key = 'x-test'");
    });
    expect(v.value).toBe(4);
    await expect(sql.transaction(async () => { throw new Error('x'); })).rejects.toThrow('x');
    expect(v.value).toBe(5);
  });
});

describe('GET read cache', () => {
  const owner = {
    type: 'COMPANY', legalName: 'Cache Co', taxId: { value: '11222333000181', type: 'CNPJ' }, industry: 'OTHERS',
    address: { addressLine1: 'R 1', city: 'SP', state: 'SP', country: 'BR', postalCode: '01000-000' },
  };

  it('never serves a response older than the last write (request or background task)', async () => {
    const c = await kit.customer({ auto: true });
    const a = (await kit.req('POST', '/api/accounts', { token: c.token, body: { assets: [{ code: 'USDT', isVirtual: false }], owner } })).body;
    const first = await kit.req('GET', `/api/accounts/${a.id}`, { token: c.token });
    const second = await kit.req('GET', `/api/accounts/${a.id}`, { token: c.token });
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // Direct write by a request.
    await kit.req('POST', `/api/accounts/${a.id}/ubos`, {
      token: c.token,
      body: { name: 'Ana', taxId: { value: '52998224725', type: 'CPF' }, address: owner.address, ownershipPercentage: 100 },
    });
    expect((await kit.req('GET', `/api/accounts/${a.id}`, { token: c.token })).body.owner.ubos).toHaveLength(1);
    // Write by a background task (activation through the helper, then the webhook outbox).
    await kit.req('POST', `/_sandbox/accounts/${a.id}/activate`, { token: c.token });
    await kit.drain();
    expect((await kit.req('GET', `/api/accounts/${a.id}`, { token: c.token })).body.currentState.status).toBe('ACTIVE');
  });

  it('is per customer and only keeps 200s', async () => {
    const c = await kit.customer();
    const other = await kit.customer();
    const a = (await kit.req('POST', '/api/accounts', { token: c.token, body: { assets: [{ code: 'USDT', isVirtual: false }], owner } })).body;
    expect((await kit.req('GET', `/api/accounts/${a.id}`, { token: c.token })).status).toBe(200);
    expect((await kit.req('GET', `/api/accounts/${a.id}`, { token: other.token })).status).toBe(404);
    expect((await kit.req('GET', `/api/accounts/${a.id}`, { headers: { Authorization: 'Bearer x' } })).status).toBe(401);
  });

  it('still expires tokens by the sandbox clock', async () => {
    const c = await kit.customer();
    expect((await kit.req('GET', '/api/accounts', { token: c.token })).status).toBe(200);
    await kit.sandbox.services.clock.advance(3601);
    const r = await kit.req('GET', '/api/accounts', { token: c.token });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('EXPIRED_ACCESS_TOKEN');
  });
});
