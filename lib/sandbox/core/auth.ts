import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { findCustomerByClientId, findCustomerById } from './customers';
import { requireAdminKey } from './admin';
import { ServiceError, notFound } from './errors';
import { Validator } from './validate';
import type { Clock, Customer, RouteDef, Sql } from './types';

export const TOKEN_TTL_SECONDS = 3600;
export const TOKEN_PATH = '/api/oauth/client/token';
const ISSUER = 'fx-sandbox';
const KEY_SETTING = 'jwt_signing_key';

export const invalidToken = () => new ServiceError(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', {});
export const expiredToken = () => new ServiceError(401, 'EXPIRED_ACCESS_TOKEN', 'Expired access token', {});

/** Loads the per-sandbox HS256 key, generating it once (the first process to insert wins). */
export async function loadSigningKey(sql: Sql): Promise<Uint8Array> {
  await sql.query(`INSERT INTO sandbox.settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
    KEY_SETTING,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await sql.query<{ value: string }>('SELECT value FROM sandbox.settings WHERE key = $1', [KEY_SETTING]);
  return new Uint8Array(Buffer.from(rows[0].value, 'base64url'));
}

function sameSecret(a: string, b: string): boolean {
  // Hashing first makes the comparison constant-time regardless of the lengths.
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** Issues and verifies access tokens; caches customers (immutable once created) by id. */
export class TokenService {
  private readonly cache = new Map<string, Customer>();
  /** Tokens already verified (signature can't change): only their expiry is re-checked by the clock. */
  private readonly verified = new Map<string, { customer: Customer; exp: number }>();

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    private readonly key: () => Promise<Uint8Array>,
  ) {}

  async issue(customer: Customer): Promise<string> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(customer.id)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_TTL_SECONDS)
      .sign(await this.key());
  }

  /** `Authorization` header → the customer, or 401 INVALID_/EXPIRED_ACCESS_TOKEN. */
  async authenticate(authorization: string | null): Promise<Customer> {
    const m = authorization?.match(/^Bearer\s+([A-Za-z0-9_\-.]+)\s*$/i);
    if (!m) throw invalidToken();
    const known = this.verified.get(m[1]);
    if (known) {
      // Same rule as jose: expired when exp <= now (seconds).
      if (known.exp <= Math.floor(this.clock.now().getTime() / 1000)) throw expiredToken();
      return known.customer;
    }
    let sub: string | undefined;
    let exp = 0;
    try {
      const { payload } = await jwtVerify(m[1], await this.key(), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'sub'],
      });
      sub = payload.sub;
      exp = payload.exp ?? 0;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw expiredToken();
      throw invalidToken();
    }
    if (!sub) throw invalidToken();
    const customer = this.cache.get(sub) ?? (await findCustomerById(this.sql, sub));
    if (!customer) throw invalidToken();
    this.cache.set(sub, customer);
    if (this.verified.size >= 10_000) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(m[1], { customer, exp });
    return customer;
  }

  async exchange(clientId: string, clientSecret: string): Promise<Customer> {
    const customer = await findCustomerByClientId(this.sql, clientId);
    // Compare against a dummy when the client id is unknown so both failures take the same time.
    const ok = sameSecret(customer?.clientSecret ?? '\u0000no-such-client', clientSecret);
    if (!customer || !ok) {
      throw new ServiceError(401, 'INVALID_CLIENT_CREDENTIALS', 'Invalid client credentials', {});
    }
    return customer;
  }
}

export function tokenRoute(tokens: () => TokenService): RouteDef {
  return {
    method: 'POST',
    path: TOKEN_PATH,
    auth: 'none',
    idempotent: false,
    async handler(ctx) {
      const v = new Validator('body');
      const body = v.root(ctx.body);
      const clientId = v.string(body, 'clientId', { required: true, maxLength: 200 });
      const clientSecret = v.string(body, 'clientSecret', { required: true, maxLength: 500 });
      v.done();
      const customer = await tokens().exchange(clientId!, clientSecret!);
      const accessToken = await tokens().issue(customer);
      return {
        status: 200,
        body: { accessToken, tokenType: 'Bearer', expiresIn: TOKEN_TTL_SECONDS },
        headers: { 'Cache-Control': 'no-store' },
      };
    },
  };
}

/**
 * `POST /_sandbox/customers/{clientId}/token` (helper, admin key): an access token for any customer without its
 * secret. For end-to-end tests that set up state for a customer whose secret they cannot read — the console's
 * demo customer, whose secret lives only in the database the console holds open. The admin key already acts on
 * every customer (the clock), so this gives its holder nothing a test needs that it could not reach otherwise.
 */
export function adminTokenRoute(tokens: () => TokenService): RouteDef {
  return {
    method: 'POST',
    path: '/_sandbox/customers/:clientId/token',
    auth: 'none',
    idempotent: false,
    summary: 'An access token for a customer by client id (needs X-Sandbox-Admin-Key).',
    async handler(ctx) {
      await requireAdminKey(ctx);
      const v = new Validator('path');
      const clientId = v.string(ctx.params, 'clientId', { required: true, maxLength: 200 });
      v.done();
      const customer = await findCustomerByClientId(ctx.sql, clientId!);
      if (!customer) throw notFound('Customer', clientId!);
      const accessToken = await tokens().issue(customer);
      return {
        status: 200,
        body: { accessToken, tokenType: 'Bearer', expiresIn: TOKEN_TTL_SECONDS, customerId: customer.id },
        headers: { 'Cache-Control': 'no-store' },
      };
    },
  };
}
