import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPgPool } from '../core/sql';
import { startMoneyHarness, type Loose, type MoneyHarness } from '../testing/money-harness';

/**
 * One PIX key per beneficiary under real concurrency, which PGlite (one connection) cannot show: run with
 * `SANDBOX_TEST_PG_URL=postgres://user@host:port/<db> npx vitest run lib/sandbox/beneficiaries/postgres-races.test.ts`.
 * A throw-away database is created and dropped. Skipped when the variable is unset.
 */
const ADMIN_URL = process.env.SANDBOX_TEST_PG_URL;

describe.skipIf(!ADMIN_URL)('beneficiary races on PostgreSQL', () => {
  let h: MoneyHarness;
  let admin: pg.Client;
  const dbName = `sbx_benef_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${dbName}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 12 });
    h = await startMoneyHarness({ sql: fromPgPool(pool), close: () => pool.end() });
  });

  afterAll(async () => {
    await h?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.end();
  });

  it('ten concurrent adds of one new key to one beneficiary (ten idempotency keys): exactly one is created', async () => {
    const c = await h.client();
    const b = await c.post('/api/beneficiaries', {
      holder: {
        type: 'COMPANY',
        legalName: 'Fornecedora Ltda',
        tradeName: null,
        taxId: { type: 'CNPJ', value: '11222333000181' },
        address: { addressLine1: 'Rua A, 1', addressLine2: null, city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' },
      },
      relationshipType: 'THIRD_PARTY',
      paymentInstruction: { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'first@example.com' },
    });
    const key = { type: 'PIX', asset: 'BRL', dictKeyType: 'EMAIL', dictKey: 'same@example.com' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => c.call('POST', `/api/beneficiaries/${b.id}/payment-instructions`, { body: key })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.details.errors[0].code).toBe('DUPLICATE_PIX_KEY');
    const keys = (await c.get(`/api/beneficiaries/${b.id}`)).paymentInstructions.map((i: Loose) => i.address.dictKey);
    expect(keys).toEqual(['first@example.com', 'same@example.com']);
  });
});
