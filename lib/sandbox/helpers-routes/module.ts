import { requireAdminKey } from '../core/admin';
import { createCustomer } from '../core/customers';
import { ServiceError } from '../core/errors';
import { Validator } from '../core/validate';
import type { RouteDef, SandboxModule } from '../core/types';
import { activateAccount } from '../accounts/review';

const HOUR_MS = 3_600_000;
/** Wall-clock times of recent creations per client address (the optional per-address limit; one process). */
const creationsByAddress = new WeakMap<object, Map<string, number[]>>();

/** 429 RATE_LIMITED once an address created `perHour` customers in the last hour of wall time. */
function checkCreationRate(ctx: Parameters<RouteDef['handler']>[0]): void {
  const perHour = ctx.services.policy.customerCreationPerHour;
  if (!perHour) return;
  let byAddress = creationsByAddress.get(ctx.services);
  if (!byAddress) creationsByAddress.set(ctx.services, (byAddress = new Map()));
  const address = ctx.clientAddress ?? 'unknown';
  const now = Date.now();
  const recent = (byAddress.get(address) ?? []).filter((t) => t > now - HOUR_MS);
  if (recent.length >= perHour) {
    const retryAfter = Math.max(1, Math.ceil((recent[0] + HOUR_MS - now) / 1000));
    throw new ServiceError(429, 'RATE_LIMITED', `At most ${perHour} customers per hour from one address`, {
      limit: perHour,
      retryAfterSeconds: retryAfter,
    });
  }
  recent.push(now);
  byAddress.set(address, recent);
  // Bounded memory: forget addresses with nothing in the window.
  if (byAddress.size > 10_000) for (const [k, v] of byAddress) if (v.every((t) => t <= now - HOUR_MS)) byAddress.delete(k);
}

/** Test helpers under `/_sandbox` (never in the contract). All POSTs need X-Idempotency-Key like the API. */
const createCustomerRoute: RouteDef = {
  method: 'POST',
  path: '/_sandbox/customers',
  auth: 'none',
  summary: 'Create a customer with client credentials (sandbox helper; may be disabled or rate-limited, see the README).',
  async handler(ctx) {
    if (!ctx.services.policy.customerCreation) {
      // Inside the console anyone who reaches it reaches /sandbox: credentials are not handed out unless enabled.
      throw new ServiceError(403, 'HELPER_DISABLED', 'Creating customers is disabled on this sandbox (SANDBOX_ALLOW_CUSTOMER_CREATION)', {
        helper: 'POST /_sandbox/customers',
      });
    }
    const v = new Validator('body');
    const body = ctx.body === undefined ? {} : v.root(ctx.body);
    const name = v.string(body, 'name', { maxLength: 200 }) ?? 'Sandbox Customer';
    const auto = v.boolean(body, 'auto') ?? true;
    v.done();
    checkCreationRate(ctx);
    const c = await createCustomer(ctx.sql, { name, auto, now: ctx.now });
    return { status: 201, body: { customerId: c.id, name: c.name, clientId: c.clientId, clientSecret: c.clientSecret, auto: c.auto } };
  },
};

const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

const advanceClockRoute: RouteDef = {
  method: 'POST',
  path: '/_sandbox/clock/advance',
  auth: 'none',
  summary: 'Move the sandbox clock forward for every customer (needs X-Sandbox-Admin-Key).',
  async handler(ctx) {
    // One clock for every tenant: advancing it expires everyone's tokens, quotes and idempotency keys.
    await requireAdminKey(ctx);
    const v = new Validator('body');
    const body = v.root(ctx.body);
    const seconds = v.number(body, 'seconds', { required: true, min: 0, max: MAX_ADVANCE_SECONDS });
    v.done();
    // In the request transaction: a replay of the same key must not advance twice.
    await ctx.services.clock.advance(seconds!, ctx.sql);
    return { status: 200, body: { now: ctx.services.clock.now().toISOString(), advancedSeconds: seconds } };
  },
};

const activateAccountRoute: RouteDef = {
  method: 'POST',
  path: '/_sandbox/accounts/:accountId/activate',
  auth: 'customer',
  summary: 'Approve the review of an account at once: items satisfied, UBOs approved, account and assets ACTIVE.',
  async handler(ctx) {
    const v = new Validator('path');
    const id = v.uuid(ctx.params, 'accountId', { required: true });
    v.done();
    const account = await activateAccount(ctx.sql, ctx.services, ctx.customer!.id, id!, ctx.now);
    return { status: 200, body: account };
  },
};

export const helpersModule: SandboxModule = {
  name: 'helpers',
  migrations: [],
  routes: [createCustomerRoute, advanceClockRoute, activateAccountRoute],
  tasks: [],
};
