import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb, type ConsoleDb } from '../db/client';
import { loginAttempts, users } from '../db/schema';
import { now } from '../clock';
import { DomainError } from '../errors';
import { isUuid } from '../validation/uuid';
import { rateLimits } from '../security/rate-limits';
import { lockedError, rateLimitedError } from './sign-in-error-codes';

/**
 * Two locks, so the protection against guessing is not a weapon against the people it protects:
 *
 * - per (e-mail, client address): 5 failures within 15 minutes lock that pair for 15 minutes. A stranger's
 *   guesses lock the stranger's address, not the admin's office;
 * - per e-mail, from anywhere: 30 failures within an hour (more than one address can make: 5 per 15 minutes
 *   is 20 an hour) lock the e-mail for 1 minute, then 2, 4 … up to 60 at each further level, so a distributed
 *   guesser is slowed down exponentially while a real user waits minutes, not hours.
 *
 * An admin can lift both for a user from the Team page (audited). A successful sign-in clears that address's
 * counter and the global one.
 *
 * Next to them, two request limits (lib/security/rate-limits.ts): every attempt from one address (any e-mail) and
 * every attempt for one e-mail (any address) within a minute. The per-address one is the attacker's own problem and
 * is checked before any password work; the per-e-mail one and the locks above are a `SignInBarrier`, which the
 * rightful user passes with the right password when they have a second factor: `authenticate()` then sends them to
 * that factor instead of refusing (lockoutYieldsToSecondFactor), so neither is a weapon.
 */
export const MAX_FAILED_ATTEMPTS = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_DURATION_MS = 15 * 60_000;
export const GLOBAL_MAX_FAILED_ATTEMPTS = 30;
export const GLOBAL_WINDOW_MS = 60 * 60_000;
export const GLOBAL_FIRST_LOCK_MS = 60_000;
export const GLOBAL_MAX_LOCK_MS = 60 * 60_000;
/** The client_key of the global row. */
export const GLOBAL_KEY = '*';

/** The address as a counter key ('unknown' when the request had none). Never '*'. */
export function clientKeyOf(address: string | null | undefined): string {
  const a = (address ?? '').trim().slice(0, 64);
  return a && a !== GLOBAL_KEY ? a : 'unknown';
}

const minutesLeft = (until: Date | null, at: Date) =>
  until && until > at ? Math.ceil((until.getTime() - at.getTime()) / 60_000) : 0;

/** Minutes left (rounded up) when the e-mail is locked for this address at `at`, else 0. */
export async function lockedMinutes(db: ConsoleDb, email: string, address: string | null, at: Date): Promise<number> {
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), or(eq(loginAttempts.clientKey, clientKeyOf(address)), eq(loginAttempts.clientKey, GLOBAL_KEY))));
  return Math.max(0, ...rows.map((r) => minutesLeft(r.lockedUntil, at)));
}

/** What stops a password-only sign-in for this e-mail from this address right now. */
export type SignInBarrier = { kind: 'locked'; minutes: number } | { kind: 'rate-limited'; retryAfterSeconds: number };

/**
 * Reads the e-mail's locks, then counts this attempt against its request limit. Null: nothing stands in the way.
 * The sign-in error for a barrier is `barrierError(barrier)`.
 */
export async function signInBarrier(db: ConsoleDb, email: string, address: string | null, at: Date): Promise<SignInBarrier | null> {
  const minutes = await lockedMinutes(db, email, address, at);
  if (minutes > 0) return { kind: 'locked', minutes };
  // Only attempts that get to try a password count: one address, locked after 5 failures, cannot spend the e-mail's
  // limit by itself (changing X-Forwarded-For does not give it another address: lib/security/client-address.ts).
  const perAccount = await rateLimits.signInAccount.consume(email);
  if (!perAccount.allowed) return { kind: 'rate-limited', retryAfterSeconds: perAccount.retryAfterSeconds };
  return null;
}

/** `LOCKED:<minutes>` or `RATE_LIMITED:<seconds>` (lib/auth/sign-in-error-codes.ts). */
export function barrierError(barrier: SignInBarrier): string {
  return barrier.kind === 'locked' ? lockedError(barrier.minutes) : rateLimitedError(barrier.retryAfterSeconds);
}

/**
 * Counts one failure for the pair and for the e-mail (each one atomic upsert, so parallel guesses cannot slip past a
 * counter) and locks whichever reached its threshold. Returns the minutes locked for this address (0 = not).
 */
export async function recordFailure(db: ConsoleDb, email: string, address: string | null, at: Date): Promise<number> {
  const pair = await bump(db, email, clientKeyOf(address), at, FAILURE_WINDOW_MS, MAX_FAILED_ATTEMPTS, () => sql`${new Date(at.getTime() + LOCK_DURATION_MS).toISOString()}::timestamptz`);
  // The global lock's length grows with its level: 1 min × 2^level (the level is read in the same statement).
  const global = await bump(
    db,
    email,
    GLOBAL_KEY,
    at,
    GLOBAL_WINDOW_MS,
    GLOBAL_MAX_FAILED_ATTEMPTS,
    () =>
      sql`${at.toISOString()}::timestamptz + least(${GLOBAL_FIRST_LOCK_MS}::bigint * power(2, least(${loginAttempts.lockLevel}, 12))::bigint, ${GLOBAL_MAX_LOCK_MS}::bigint) * interval '1 millisecond'`,
  );
  return Math.max(minutesLeft(pair.lockedUntil, at), minutesLeft(global.lockedUntil, at));
}

/**
 * One window counter: a failure inside the window adds one (a stale window restarts at 1); reaching `max` sets the
 * lock, raises the level and restarts the count, so the next lock needs `max` new failures.
 */
async function bump(
  db: ConsoleDb,
  email: string,
  clientKey: string,
  at: Date,
  windowMs: number,
  max: number,
  lockUntil: () => ReturnType<typeof sql>,
) {
  const windowFloor = new Date(at.getTime() - windowMs);
  const fresh = sql`${loginAttempts.windowStart} > ${windowFloor.toISOString()}::timestamptz`;
  const nextCount = sql`case when ${fresh} then ${loginAttempts.failedCount} + 1 else 1 end`;
  const reached = sql`(${nextCount}) >= ${max}`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ email, clientKey, failedCount: 1, windowStart: at, lockedUntil: null, lockLevel: 0, updatedAt: at })
    .onConflictDoUpdate({
      target: [loginAttempts.email, loginAttempts.clientKey],
      set: {
        failedCount: sql`case when ${reached} then 0 else ${nextCount} end`,
        windowStart: sql`case when ${fresh} and not ${reached} then ${loginAttempts.windowStart} else ${at.toISOString()}::timestamptz end`,
        lockedUntil: sql`case when ${reached} then ${lockUntil()} else ${loginAttempts.lockedUntil} end`,
        lockLevel: sql`case when ${reached} then ${loginAttempts.lockLevel} + 1 else ${loginAttempts.lockLevel} end`,
        updatedAt: at,
      },
    })
    .returning();
  return row;
}

/** After a successful sign-in: this address's counter and the e-mail's global one start again. */
export async function clearFailures(db: ConsoleDb, email: string, address: string | null, opts: { keepGlobal?: boolean } = {}): Promise<void> {
  const pair = eq(loginAttempts.clientKey, clientKeyOf(address));
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.email, email), opts.keepGlobal ? pair : or(pair, eq(loginAttempts.clientKey, GLOBAL_KEY))));
}

/** Admin unlock: every lock and counter of the e-mail goes. Returns how many locks were active. */
export async function unlockEmail(db: ConsoleDb, email: string, at: Date): Promise<number> {
  const gone = await db.delete(loginAttempts).where(eq(loginAttempts.email, email)).returning();
  return gone.filter((r) => r.lockedUntil && r.lockedUntil > at).length;
}

/** The Team page's "Unlock": lifts every sign-in lock of that user. The caller (a team:manage action) audits it. */
export async function unlockUser(userId: string, db?: ConsoleDb): Promise<{ email: string; activeLocks: number }> {
  const database = db ?? (await getDb());
  const [user] = isUuid(userId) ? await database.select({ email: users.email }).from(users).where(eq(users.id, userId)) : [];
  if (!user) throw new DomainError('NOT_FOUND', { httpStatus: 404 });
  return { email: user.email, activeLocks: await unlockEmail(database, user.email, now()) };
}

/** Whether any lock of the e-mail is active at `at` (the Team page shows an Unlock button then). */
export async function lockedEmails(db?: ConsoleDb, at: Date = now()): Promise<Set<string>> {
  const database = db ?? (await getDb());
  const rows = await database
    .select({ email: loginAttempts.email })
    .from(loginAttempts)
    .where(sql`${loginAttempts.lockedUntil} > ${at.toISOString()}::timestamptz`);
  return new Set(rows.map((r) => r.email));
}

/** Forgets counters whose window and lock have both passed (they would restart at 1 anyway). */
export async function pruneLoginAttempts(db: ConsoleDb, at: Date): Promise<number> {
  const windowFloor = new Date(at.getTime() - Math.max(FAILURE_WINDOW_MS, GLOBAL_WINDOW_MS));
  const gone = await db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.windowStart, windowFloor),
        or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, at)),
      ),
    )
    .returning({ email: loginAttempts.email });
  return gone.length;
}
