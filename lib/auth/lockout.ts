import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ConsoleDb } from '../db/client';
import { loginAttempts } from '../db/schema';

export const MAX_FAILED_ATTEMPTS = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_DURATION_MS = 15 * 60_000;

/** Minutes left (rounded up) when the e-mail is locked at `at`, else 0. */
export async function lockedMinutes(db: ConsoleDb, email: string, at: Date): Promise<number> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
  if (!row?.lockedUntil || row.lockedUntil <= at) return 0;
  return Math.ceil((row.lockedUntil.getTime() - at.getTime()) / 60_000);
}

/**
 * Counts one failure inside a 15-minute window (a stale window restarts at 1) and locks the e-mail on the
 * fifth. One atomic upsert, so parallel guesses cannot slip past the counter. Returns minutes locked (0 = not).
 */
export async function recordFailure(db: ConsoleDb, email: string, at: Date): Promise<number> {
  const windowFloor = new Date(at.getTime() - FAILURE_WINDOW_MS);
  const lockUntil = new Date(at.getTime() + LOCK_DURATION_MS);
  const fresh = sql`${loginAttempts.windowStart} > ${windowFloor.toISOString()}::timestamptz`;
  const nextCount = sql`case when ${fresh} then ${loginAttempts.failedCount} + 1 else 1 end`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ email, failedCount: 1, windowStart: at, lockedUntil: null, updatedAt: at })
    .onConflictDoUpdate({
      target: loginAttempts.email,
      set: {
        failedCount: nextCount,
        windowStart: sql`case when ${fresh} then ${loginAttempts.windowStart} else ${at.toISOString()}::timestamptz end`,
        lockedUntil: sql`case when ${nextCount} >= ${MAX_FAILED_ATTEMPTS} then ${lockUntil.toISOString()}::timestamptz else ${loginAttempts.lockedUntil} end`,
        updatedAt: at,
      },
    })
    .returning();
  if (row.failedCount >= MAX_FAILED_ATTEMPTS && row.lockedUntil && row.lockedUntil > at) {
    return Math.ceil((row.lockedUntil.getTime() - at.getTime()) / 60_000);
  }
  return 0;
}

export async function clearFailures(db: ConsoleDb, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

/** Forgets counters whose window and lock have both passed (they would restart at 1 anyway). */
export async function pruneLoginAttempts(db: ConsoleDb, at: Date): Promise<number> {
  const windowFloor = new Date(at.getTime() - FAILURE_WINDOW_MS);
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
