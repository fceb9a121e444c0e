import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { createCustomer } from '../core/customers';
import { fromPglite } from '../core/sql';
import type { Customer, Sql } from '../core/types';
import { createSandbox, type Sandbox } from '../index';
import { accountsModule } from '../accounts/module';
import { helpersModule } from '../helpers-routes/module';
import { webhooksModule } from '../webhooks/module';
import { balancesModule } from '../balances/module';
import { quotesModule } from '../quotes/module';
import { operationsModule } from '../operations/module';
import { beneficiariesModule } from '../beneficiaries/module';

/**
 * Test harness for the money modules: one in-memory PGlite sandbox per test file (they are ~1.5 s and
 * hundreds of MB each), a fresh customer per test, requests through `sandbox.handle` exactly as HTTP would.
 * The worker is never started: tests advance the sandbox clock and drain the worker themselves.
 */

// Response bodies are asserted field by field; a loose type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface CallResult {
  status: number;
  body: Loose;
}

export interface Client {
  customer: Customer;
  token: string;
  call(method: string, path: string, opts?: { body?: unknown; key?: string; token?: string }): Promise<CallResult>;
  /** POST expecting `status`; fails with the response body in the message otherwise. */
  post(path: string, body: unknown, status?: number): Promise<Loose>;
  get(path: string, status?: number): Promise<Loose>;
  /** Creates an account with `assets` and activates it through the sandbox helper. */
  activeAccount(assets: string[], legalName?: string): Promise<string>;
  /** A new account left in onboarding (ACTION_REQUIRED). */
  onboardingAccount(assets: string[]): Promise<string>;
  credit(accountId: string, asset: string, value: string): Promise<void>;
  balance(accountId: string, asset: string): Promise<string | null>;
}

export interface MoneyHarness {
  sql: Sql;
  sandbox: Sandbox;
  client(opts?: { auto?: boolean }): Promise<Client>;
  advance(seconds: number): Promise<void>;
  drain(): Promise<void>;
  /** Outbox rows of a customer, oldest first. */
  events(customerId: string, type?: string): Promise<{ type: string; resource_name: string; resource_id: string; payload: Loose }[]>;
  close(): Promise<void>;
}

const CNPJ = '11222333000181';

/**
 * `sql` + `close` of another database (the PostgreSQL race tests); default: a fresh in-memory PGlite.
 * Rates are pinned by default: these tests assert amounts to the cent (5000.00 BRL → 995.00 USD at 0.199);
 * pass `{ rates: 'moving' }` to test the moving mid rates.
 */
export async function startMoneyHarness(
  db?: { sql: Sql; close(): Promise<void> },
  opts: { rates?: 'moving' | 'pinned' } = {},
): Promise<MoneyHarness> {
  let sql: Sql;
  let closeDb: () => Promise<void>;
  if (db) {
    sql = db.sql;
    closeDb = db.close;
  } else {
    const pg = new PGlite();
    sql = fromPglite(pg);
    closeDb = () => pg.close();
  }
  const sandbox = createSandbox({
    sql,
    modules: [accountsModule, helpersModule, balancesModule, quotesModule, operationsModule, beneficiariesModule, webhooksModule],
    rates: opts.rates ?? 'pinned',
  });
  await sandbox.ready;

  async function client(opts: { auto?: boolean } = {}): Promise<Client> {
    const customer = await createCustomer(sql, { name: `Customer ${randomUUID().slice(0, 8)}`, auto: opts.auto ?? false, now: sandbox.services.clock.now() });
    const token = await sandbox.tokens.issue(customer);
    const call: Client['call'] = async (method, path, o = {}) => {
      const headers = new Headers({ Authorization: `Bearer ${o.token ?? token}` });
      if (method !== 'GET' && method !== 'DELETE') headers.set('X-Idempotency-Key', o.key ?? randomUUID());
      let body: string | undefined;
      if (o.body !== undefined) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(o.body);
      }
      const res = await sandbox.handle(new Request(`http://sandbox.test${path}`, { method, headers, body }));
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    };
    const expectStatus = (res: CallResult, status: number, what: string) => {
      if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const c: Client = {
      customer,
      token,
      call,
      async post(path, body, status = 201) {
        return expectStatus(await call('POST', path, { body }), status, `POST ${path}`);
      },
      async get(path, status = 200) {
        return expectStatus(await call('GET', path), status, `GET ${path}`);
      },
      async onboardingAccount(assets) {
        const account = await c.post('/api/accounts', {
          assets: assets.map((code) => ({ code, isVirtual: false })),
          owner: {
            type: 'COMPANY',
            legalName: 'Acme Importação Ltda',
            taxId: { value: CNPJ, type: 'CNPJ' },
            industry: 'INFORMATION_TECHNOLOGY',
            incorporateDate: '2015-03-01',
            address: { addressLine1: 'Rua Augusta, 500', addressLine2: null, city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01304-001' },
          },
        });
        return account.id as string;
      },
      async activeAccount(assets) {
        const id = await c.onboardingAccount(assets);
        await c.post(`/_sandbox/accounts/${id}/activate`, undefined, 200);
        return id;
      },
      async credit(accountId, asset, value) {
        await c.post(`/_sandbox/accounts/${accountId}/balances`, { asset, value }, 200);
      },
      async balance(accountId, asset) {
        const b = await c.get(`/api/balances?accountId=${accountId}`);
        const entry = [...b.fiat, ...b.crypto].find((e: Loose) => e.amount?.asset === asset);
        return entry ? entry.amount.value : null;
      },
    };
    return c;
  }

  return {
    sql,
    sandbox,
    client,
    async advance(seconds) {
      await sandbox.services.clock.advance(seconds);
    },
    async drain() {
      await sandbox.worker.drain();
    },
    async events(customerId, type) {
      const { rows } = await sql.query<{ type: string; resource_name: string; resource_id: string; payload: Loose }>(
        `SELECT type, resource_name, resource_id::text AS resource_id, payload FROM sandbox.webhook_events
         WHERE customer_id = $1 ${type ? 'AND type = $2' : ''} ORDER BY seq`,
        type ? [customerId, type] : [customerId],
      );
      return rows.map((r) => ({ ...r, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload }));
    },
    async close() {
      await sandbox.stop();
      await closeDb();
    },
  };
}
