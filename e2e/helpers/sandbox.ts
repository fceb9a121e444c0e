import { expect, type APIRequestContext } from '@playwright/test';

/** The key playwright.config.ts gives the e2e server's sandbox (SANDBOX_ADMIN_KEY) for its admin helpers. */
export const SANDBOX_ADMIN_KEY = process.env.E2E_SANDBOX_ADMIN_KEY ?? 'e2e-sandbox-admin-key-not-secret';
/** The console's own customer in the embedded sandbox (lib/sandbox/seed). */
export const DEMO_CLIENT_ID = 'acme-demo';
export const MAIN_ACCOUNT = 'Acme Importação Ltda';
export const TREASURY_ACCOUNT = 'Acme Importação Ltda — Tesouraria';

type Json = Record<string, unknown>;

/**
 * The embedded service as a test talks to it (`${baseURL}/sandbox`, real HTTP): as the console's demo customer
 * (its token from the admin-key helper, the secret never leaves the server), or as another customer.
 */
export class SandboxApi {
  private constructor(
    readonly request: APIRequestContext,
    readonly baseURL: string,
    readonly token: string,
  ) {}

  static async asDemo(request: APIRequestContext, baseURL: string): Promise<SandboxApi> {
    const res = await request.post(`${baseURL}/sandbox/_sandbox/customers/${DEMO_CLIENT_ID}/token`, {
      headers: { 'X-Sandbox-Admin-Key': SANDBOX_ADMIN_KEY },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return new SandboxApi(request, baseURL, ((await res.json()) as { accessToken: string }).accessToken);
  }

  /** A new customer of the same service (another company): the console must never show its data. */
  static async asNewCustomer(request: APIRequestContext, baseURL: string, name: string): Promise<SandboxApi> {
    const created = await request.post(`${baseURL}/sandbox/_sandbox/customers`, {
      headers: { 'X-Idempotency-Key': crypto.randomUUID() },
      data: { name },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { clientId, clientSecret } = (await created.json()) as { clientId: string; clientSecret: string };
    const token = await request.post(`${baseURL}/sandbox/api/oauth/client/token`, { data: { clientId, clientSecret } });
    expect(token.ok(), await token.text()).toBe(true);
    return new SandboxApi(request, baseURL, ((await token.json()) as { accessToken: string }).accessToken);
  }

  async call<T = Json>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(`${this.baseURL}/sandbox/${path.replace(/^\//, '')}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, ...(method === 'POST' ? { 'X-Idempotency-Key': crypto.randomUUID() } : {}) },
      data,
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    const text = await res.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** Account ids by legal name. */
  async accounts(): Promise<Record<string, string>> {
    const { data } = await this.call<{ data: Array<{ id: string; owner: { legalName?: string } }> }>('GET', 'api/accounts?limit=100');
    return Object.fromEntries(data.map((a) => [a.owner.legalName ?? a.id, a.id]));
  }

  /** A transfer between two own accounts; returns the operation (REQUESTED). */
  async transfer(sourceAccountId: string, targetAccountId: string, value: string, asset = 'BRL'): Promise<{ id: string; currentState: { status: string } }> {
    return this.call('POST', 'api/operations/transfer', { sourceAccountId, targetAccountId, amount: { value, asset } });
  }

  /** Sandbox helpers that drive an operation: hold (ON_HOLD, the auto settlement leaves it alone), complete, fail. */
  async drive(operationId: string, step: 'hold' | 'complete' | 'fail', body?: Json): Promise<{ currentState: { status: string } }> {
    return this.call('POST', `_sandbox/operations/${operationId}/${step}`, body);
  }
}

/** A valid CNPJ from 12 base digits (check digits computed). */
export function makeCnpj(base12: string): string {
  const digits = base12.split('').map(Number);
  const check = (ds: number[]) => {
    const weights = ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = ds.reduce((acc, d, i) => acc + d * weights[i], 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = check(digits);
  const d2 = check([...digits, d1]);
  return `${base12}${d1}${d2}`;
}
