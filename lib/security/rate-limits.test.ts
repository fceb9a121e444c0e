import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { failureResponse } from '../actions/route-handler';
import { toFailure } from '../errors';
import { errorsTranslator } from '../i18n/errors-translator';
import {
  RATE_LIMIT_RULES,
  RateLimitedError,
  consumeWith,
  isRateLimited,
  limitKey,
  memoryLimiters,
  postgresLimiters,
  rateLimits,
  useRateLimitersForTests,
  waitValues,
} from './rate-limits';

describe('rate limits (memory, the embedded database)', () => {
  beforeAll(() => useRateLimitersForTests(memoryLimiters()));
  afterAll(() => useRateLimitersForTests(undefined));

  it('lets `points` attempts through per key and window, then refuses with the seconds to wait', async () => {
    const limiter = new RateLimiterMemory({ points: 3, duration: 60 });
    for (let i = 0; i < 3; i++) expect(await consumeWith(limiter, 'a')).toMatchObject({ allowed: true });
    const refused = await consumeWith(limiter, 'a');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    // Another key has its own count.
    expect(await consumeWith(limiter, 'b')).toMatchObject({ allowed: true });
  });

  it('secondFactor: five tries per user, a RATE_LIMITED 429 after, reset by a success', async () => {
    const user = crypto.randomUUID();
    for (let i = 0; i < RATE_LIMIT_RULES.secondFactor.points; i++) await rateLimits.secondFactor.enforce(user);
    const error = await rateLimits.secondFactor.enforce(user).catch((e: unknown) => e);
    expect(isRateLimited(error)).toBe(true);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', httpStatus: 429, limit: 'secondFactor' });
    expect((error as RateLimitedError).values).toMatchObject({ limit: 'secondFactor', minutes: expect.any(Number) });
    expect(toFailure(error, { t: await errorsTranslator() }).sentence).toMatch(/^Too many second-factor attempts\. Try again in [45] minutes\.$/);
    // Another user is not affected; a reset gives the tries back.
    await rateLimits.secondFactor.enforce(crypto.randomUUID());
    await rateLimits.secondFactor.reset(user);
    await rateLimits.secondFactor.enforce(user);
  });

  it('reaches the browser as a Failure with retryAfterSeconds, and a route answers 429 with Retry-After', async () => {
    const error = new RateLimitedError('export', 42);
    const failure = toFailure(error, { t: await errorsTranslator() });
    expect(failure).toMatchObject({ code: 'RATE_LIMITED', httpStatus: 429, retryAfterSeconds: 42, values: { limit: 'export', minutes: 0, seconds: 42 } });
    expect(failure.sentence).toBe('Too many exports in a short time. Try again in 42 seconds.');
    const res = failureResponse(failure);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 42 });
  });

  it('words the wait in seconds under a minute, else in minutes rounded up; keys are bounded', () => {
    expect(waitValues(1)).toEqual({ minutes: 0, seconds: 1 });
    expect(waitValues(61)).toEqual({ minutes: 2, seconds: 61 });
    expect(limitKey(' Admin@Acme.TEST ')).toBe('admin@acme.test');
    expect(limitKey('a b\u0000c')).toBe('a_b_c');
    expect(limitKey('')).toBe('unknown');
    expect(limitKey('x'.repeat(500))).toHaveLength(200);
  });
});

// Two console instances on one PostgreSQL: each has its own pool and limiters, and the counts are shared.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('rate limits on PostgreSQL (shared by instances)', () => {
  type Pool = import('pg').Pool;
  let pools: Pool[] = [];
  // Its own schema: other PostgreSQL test files drop and migrate `console` in the same database meanwhile.
  const table = { schemaName: `rate_limits_test_${Math.random().toString(36).slice(2, 8)}`, tableName: 'rate_limits' };

  beforeAll(async () => {
    const { Pool } = await import('pg');
    pools = [new Pool({ connectionString: url, max: 2 }), new Pool({ connectionString: url, max: 2 })];
    // The same table the console's migration 0006 creates in `console`.
    await pools[0]!.query(`create schema ${table.schemaName}`);
    await pools[0]!.query(
      `create table ${table.schemaName}.rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint)`,
    );
  });
  afterAll(async () => {
    await pools[0]!.query(`drop schema if exists ${table.schemaName} cascade`);
    await Promise.all(pools.map((p) => p.end()));
  });

  it('counts attempts made through two instances against one limit', async () => {
    const [a, b] = [postgresLimiters(pools[0], table), postgresLimiters(pools[1], table)];
    const key = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const { points } = RATE_LIMIT_RULES.signInAddress;
    // Half through each instance, in parallel: exactly `points` pass, whichever instance they went through.
    const verdicts = await Promise.all(
      Array.from({ length: points + 6 }, (_, i) => consumeWith((i % 2 === 0 ? a : b).signInAddress, key)),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(points);
    const refused = verdicts.filter((v) => !v.allowed);
    expect(refused).toHaveLength(6);
    for (const v of refused) if (!v.allowed) expect(v.retryAfterSeconds).toBeGreaterThan(50);
    // One row in the shared table holds the count.
    const { rows } = await pools[1]!.query<{ points: number }>(`select points from ${table.schemaName}.rate_limits where key = $1`, [`signInAddress:${key}`]);
    expect(rows[0]?.points).toBe(points + 6);
  });

  it('a reset on one instance frees the key on the other', async () => {
    const [a, b] = [postgresLimiters(pools[0], table), postgresLimiters(pools[1], table)];
    const user = crypto.randomUUID();
    for (let i = 0; i < RATE_LIMIT_RULES.export.points; i++) expect((await consumeWith(a.export, user)).allowed).toBe(true);
    expect((await consumeWith(b.export, user)).allowed).toBe(false);
    await a.export.delete(limitKey(user));
    expect((await consumeWith(b.export, user)).allowed).toBe(true);
  });
});
