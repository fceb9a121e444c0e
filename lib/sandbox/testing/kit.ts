import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { createSandbox, type Sandbox, type SandboxOptions } from '../index';
import { fromPglite } from '../core/sql';

/**
 * Test kit: one in-memory PGlite per test FILE (create it in `beforeAll`), customers per test for isolation.
 *
 *   const kit = await createTestKit();
 *   const c = await kit.customer();                       // new customer + token
 *   const r = await kit.req('POST', '/api/accounts', { token: c.token, body });  // idempotency key auto-generated
 */
// Tests read arbitrary JSON; `any` keeps assertions terse there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ReqOptions {
  token?: string;
  body?: unknown;
  /** Idempotency key; default: a fresh uuid for POST/PUT/PATCH. Pass `null` to omit the header. */
  key?: string | null;
  headers?: Record<string, string>;
  form?: FormData;
}

export interface TestCustomer {
  customerId: string;
  clientId: string;
  clientSecret: string;
  token: string;
}

/** The admin key every test kit's sandbox uses (POST /_sandbox/clock/advance). */
export const TEST_ADMIN_KEY = 'test-admin-key-0123456789';

export interface TestKit {
  sandbox: Sandbox;
  /** Header for helpers that need the sandbox admin key: `{ headers: kit.adminHeaders }`. */
  adminHeaders: Record<string, string>;
  pg: PGlite;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  req<T = any>(method: string, path: string, opts?: ReqOptions): Promise<TestResponse<T>>;
  customer(opts?: { name?: string; auto?: boolean }): Promise<TestCustomer>;
  /** Runs the background tasks until nothing moves (deterministic; the loop itself is not started). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestKit(opts: Partial<Omit<SandboxOptions, 'sql'>> = {}): Promise<TestKit> {
  const pg = new PGlite();
  const sandbox = createSandbox({ sql: fromPglite(pg), basePath: '', adminKey: TEST_ADMIN_KEY, ...opts });
  await sandbox.ready;
  const base = `http://sandbox.test${opts.basePath ?? ''}`;

  const req = async <T>(method: string, path: string, o: ReqOptions = {}): Promise<TestResponse<T>> => {
    const headers = new Headers(o.headers);
    if (o.token) headers.set('Authorization', `Bearer ${o.token}`);
    const mutating = ['POST', 'PUT', 'PATCH'].includes(method);
    if (mutating && o.key !== null) headers.set('X-Idempotency-Key', o.key ?? randomUUID());
    let body: BodyInit | undefined;
    if (o.form) body = o.form;
    else if (o.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    }
    const res = await sandbox.handle(new Request(`${base}${path}`, { method, headers, body }));
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as T) : (undefined as T) };
  };

  const customer = async (o: { name?: string; auto?: boolean } = {}): Promise<TestCustomer> => {
    const created = await req<{ customerId: string; clientId: string; clientSecret: string }>('POST', '/_sandbox/customers', {
      body: { name: o.name ?? 'Test Co', auto: o.auto ?? false },
    });
    if (created.status !== 201) throw new Error(`customer creation failed: ${created.status}`);
    const t = await req<{ accessToken: string }>('POST', '/api/oauth/client/token', {
      body: { clientId: created.body.clientId, clientSecret: created.body.clientSecret },
    });
    return { ...created.body, token: t.body.accessToken };
  };

  return {
    sandbox,
    adminHeaders: { 'X-Sandbox-Admin-Key': opts.adminKey ?? TEST_ADMIN_KEY },
    pg,
    req,
    customer,
    drain: () => sandbox.worker.drain(),
    async close() {
      await sandbox.stop();
      await pg.close();
    },
  };
}
