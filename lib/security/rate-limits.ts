import 'server-only';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../errors';
import { getDb, getRawClient } from '../db/client';
import { count } from '../observability/metrics';

/**
 * Request limits, counted per key in a fixed window. Each one answers 429 with `Retry-After` (route handlers), a
 * `RATE_LIMITED` Failure with `retryAfterSeconds` (server actions) or `RATE_LIMITED:<seconds>` (the sign-in form).
 *
 * On PostgreSQL (`DATABASE_URL`) the counters live in `console.rate_limits`, so every console instance counts
 * against the same numbers (rate-limiter-flexible's PostgreSQL store: one atomic upsert per attempt). With the
 * embedded database there is one process, so they live in memory. Should PostgreSQL fail, each instance falls back
 * to counting in its own memory rather than refusing everyone or letting everything through.
 */
export const RATE_LIMIT_RULES = {
  /** Every sign-in attempt from one client address, whatever the e-mail: checked before any password work. */
  signInAddress: { points: 30, durationSeconds: 60 },
  /** Sign-in attempts for one e-mail from anywhere. Passed by password AND second factor (lib/auth/lockout.ts). */
  signInAccount: { points: 10, durationSeconds: 60 },
  /** Second-factor codes or assertions tried by one user (sign-in, step-up, removal): key by user id. */
  secondFactor: { points: 5, durationSeconds: 5 * 60 },
  /** Password changes (each checks the current password) by one user. */
  passwordChange: { points: 5, durationSeconds: 15 * 60 },
  /** Payout requests by one user. */
  payoutRequest: { points: 10, durationSeconds: 60 },
  /** CSV exports (operations, audit) by one user. */
  export: { points: 10, durationSeconds: 60 },
  /** KYB document uploads by one user. */
  upload: { points: 30, durationSeconds: 60 },
} as const satisfies Record<string, { points: number; durationSeconds: number }>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;
export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMIT_RULES) as RateLimitName[];

export const RATE_LIMITED = 'RATE_LIMITED';

export type RateVerdict = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * A refused request: code RATE_LIMITED, HTTP 429, the seconds until the window frees a point. The catalogue words
 * it from the values: which limit, and the wait (`minutes = 0` means "say it in seconds").
 */
export class RateLimitedError extends DomainError {
  constructor(
    readonly limit: RateLimitName,
    readonly retryAfterSeconds: number,
  ) {
    super(RATE_LIMITED, { values: { limit, ...waitValues(retryAfterSeconds) }, httpStatus: 429 });
    this.name = 'RateLimitedError';
  }
}

/** Keys never carry separators an attacker could use to collide with another limit's keys, and stay short. */
export function limitKey(key: string | null | undefined): string {
  const k = (key ?? '').trim().toLowerCase();
  return k ? k.replace(/[^\w.@:+-]/g, '_').slice(0, 200) : 'unknown';
}

export const RATE_LIMIT_TABLE = { schemaName: 'console', tableName: 'rate_limits' } as const;

/** What this module needs of a rate-limiter-flexible limiter (memory and PostgreSQL ones alike). */
export type CountingLimiter = Pick<RateLimiterMemory, 'consume' | 'delete'>;
export type Limiters = Record<RateLimitName, CountingLimiter>;

type Store = { kind: 'memory' | 'postgres'; limiters: Limiters };

function byName(make: (name: RateLimitName, index: number) => CountingLimiter): Limiters {
  return Object.fromEntries(RATE_LIMIT_NAMES.map((name, i) => [name, make(name, i)])) as Limiters;
}

const globalForLimits = globalThis as unknown as { __consoleRateLimits?: Promise<Store> };

function memoryLimiter(name: RateLimitName): RateLimiterMemory {
  const rule = RATE_LIMIT_RULES[name];
  return new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.durationSeconds });
}

/**
 * The PostgreSQL limiters over `pool` (exported for the two-instance test, which builds two of these; it passes a
 * scratch schema of its own so it never races the console's migrations in a shared test database).
 */
export function postgresLimiters(pool: unknown, table: { schemaName: string; tableName: string } = RATE_LIMIT_TABLE): Limiters {
  return byName((name) => {
    const rule = RATE_LIMIT_RULES[name];
    return new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      ...table,
      // Created by the console's migrations, not by the library at run time (no DDL race between instances).
      tableCreated: true,
      // Expired rows are swept by the console's retention (lib/retention-rules.ts), in small batches.
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points: rule.points,
      duration: rule.durationSeconds,
      insuranceLimiter: memoryLimiter(name),
    });
  });
}

async function openStore(): Promise<Store> {
  await getDb(); // migrations first: the table must exist
  const raw = await getRawClient();
  if (raw.kind === 'pg') return { kind: 'postgres', limiters: postgresLimiters(raw.pool) };
  return { kind: 'memory', limiters: memoryLimiters() };
}

function store(): Promise<Store> {
  const pending = (globalForLimits.__consoleRateLimits ??= openStore());
  pending.catch(() => {
    if (globalForLimits.__consoleRateLimits === pending) globalForLimits.__consoleRateLimits = undefined;
  });
  return pending;
}

/** Tests: use these limiters (e.g. memory ones, or PostgreSQL ones on a test database). */
export function useRateLimitersForTests(limiters: Limiters | undefined): void {
  globalForLimits.__consoleRateLimits = limiters ? Promise.resolve({ kind: 'memory', limiters }) : undefined;
}

/** Fresh in-memory limiters for every rule (the embedded database; tests may raise a rule's points). */
export function memoryLimiters(points: Partial<Record<RateLimitName, number>> = {}): Limiters {
  return byName((name) => {
    const rule = RATE_LIMIT_RULES[name];
    return new RateLimiterMemory({ keyPrefix: name, points: points[name] ?? rule.points, duration: rule.durationSeconds });
  });
}

const retrySeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts one attempt under `key` and says whether it is within the limit. */
export async function consumeWith(limiter: CountingLimiter, key: string, points = 1): Promise<RateVerdict> {
  try {
    const res = await limiter.consume(limitKey(key), points);
    return { allowed: true, remaining: res.remainingPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes || (error && typeof error === 'object' && 'msBeforeNext' in error)) {
      return { allowed: false, retryAfterSeconds: retrySeconds((error as RateLimiterRes).msBeforeNext) };
    }
    throw error;
  }
}

/** `minutes = 0` means "say it in seconds" (the catalogue's `rateLimited.wait`). */
export function waitValues(retryAfterSeconds: number): { minutes: number; seconds: number } {
  return retryAfterSeconds < 60 ? { minutes: 0, seconds: retryAfterSeconds } : { minutes: Math.ceil(retryAfterSeconds / 60), seconds: retryAfterSeconds };
}

/** One limit, by name: what other modules call. */
export interface Limiter {
  readonly name: RateLimitName;
  /** Counts one attempt; never throws for the limit itself. */
  consume(key: string | null | undefined): Promise<RateVerdict>;
  /** Counts one attempt; over the limit, throws `RateLimitedError`. */
  enforce(key: string | null | undefined): Promise<void>;
  /** Forgets the key's attempts (e.g. after a successful second factor). */
  reset(key: string | null | undefined): Promise<void>;
}

function limiterFor(name: RateLimitName): Limiter {
  const consume = async (key: string | null | undefined) => {
    const verdict = await consumeWith((await store()).limiters[name], limitKey(key));
    if (!verdict.allowed) count((m) => m.rateLimitRefusals, { limit: name });
    return verdict;
  };
  return {
    name,
    consume,
    async enforce(key) {
      const verdict = await consume(key);
      if (!verdict.allowed) {
        throw new RateLimitedError(name, verdict.retryAfterSeconds);
      }
    },
    async reset(key) {
      await (await store()).limiters[name].delete(limitKey(key));
    },
  };
}

/**
 * The limits, one `Limiter` each. For example, around a second-factor check:
 *
 *     await rateLimits.secondFactor.enforce(user.id);        // 429 / RATE_LIMITED once 5 tries are spent
 *     if (await verifyCode(user, code)) await rateLimits.secondFactor.reset(user.id);
 */
export const rateLimits: { readonly [K in RateLimitName]: Limiter } = Object.fromEntries(
  RATE_LIMIT_NAMES.map((name) => [name, limiterFor(name)]),
) as { [K in RateLimitName]: Limiter };

export function isRateLimited(error: unknown): error is RateLimitedError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === RATE_LIMITED &&
    typeof (error as { retryAfterSeconds?: unknown }).retryAfterSeconds === 'number'
  );
}
