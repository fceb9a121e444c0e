import { createCustomer } from '../core/customers';
import { Validator } from '../core/validate';
import type { RouteDef, SandboxModule } from '../core/types';
import { activateAccount } from '../accounts/review';

/** Test helpers under `/_sandbox` (never in the contract). All POSTs need X-Idempotency-Key like the API. */
const createCustomerRoute: RouteDef = {
  method: 'POST',
  path: '/_sandbox/customers',
  auth: 'none',
  summary: 'Create a customer with client credentials (sandbox helper).',
  async handler(ctx) {
    const v = new Validator('body');
    const body = ctx.body === undefined ? {} : v.root(ctx.body);
    const name = v.string(body, 'name', { maxLength: 200 }) ?? 'Sandbox Customer';
    const auto = v.boolean(body, 'auto') ?? true;
    v.done();
    const c = await createCustomer(ctx.sql, { name, auto, now: ctx.now });
    return { status: 201, body: { customerId: c.id, name: c.name, clientId: c.clientId, clientSecret: c.clientSecret, auto: c.auto } };
  },
};

const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

const advanceClockRoute: RouteDef = {
  method: 'POST',
  path: '/_sandbox/clock/advance',
  auth: 'none',
  summary: 'Move the sandbox clock forward (token expiry, quote expiry, reviews, settlement, retries).',
  async handler(ctx) {
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
