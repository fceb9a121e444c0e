import 'server-only';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { ConsoleDb } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { isRateLimited, rateLimits } from '../security/rate-limits';
import { barrierError, clearFailures, clientKeyOf, passesBarrier, recordFailure, signInBarrier } from './lockout';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password';
import { createSession, pruneSessions } from './sessions';
import { DISABLED_SIGN_IN_ERROR, GENERIC_SIGN_IN_ERROR, lockedError, rateLimitedError } from './sign-in-errors';

export type AuthenticatedUser = { id: string; email: string; name: string; sid: string };

/** Thrown from next-auth's authorize(); its message reaches the login page as `error`. */
export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInError';
  }
}

export function normalizeEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/**
 * Credentials check. Unknown e-mail and wrong password are indistinguishable (same bcrypt work, same counter,
 * same generic error); the lockout is announced because it holds for any e-mail. A disabled user is told so,
 * but only after the right password: whoever knows it already knows the account exists.
 */
export async function authenticate(
  db: ConsoleDb,
  input: {
    email: unknown;
    password: unknown;
    userAgent?: string | null;
    correlationId?: string | null;
    /** The client's address (lockout counters are per e-mail AND address, plus a slower global one). */
    clientAddress?: string | null;
    /**
     * The second-factor sign-in path's check of the factor sent WITH the password. Only it lets a sign-in through a
     * lock or the per-e-mail limit (lockout.ts `passesBarrier`); without a barrier it is not consulted here.
     */
    secondFactor?: (user: UserRow) => Promise<boolean>;
  },
  at: Date,
): Promise<AuthenticatedUser> {
  const audit = (actor: { id: string | null; email: string }, outcome: 'success' | 'denied', reason?: string) =>
    recordAudit(
      {
        actor,
        action: 'auth.signIn',
        target: actor.email,
        outcome,
        correlationId: input.correlationId ?? null,
        details: { ...(reason ? { reason } : {}), clientAddress: input.clientAddress ?? 'unknown' },
      },
      db,
    ).catch((error: unknown) => console.error(`[audit] could not record auth.signIn: ${String(error)}`));
  const email = normalizeEmail(input.email);
  const password = typeof input.password === 'string' ? input.password : '';
  if (!email || !password || email.length > 320 || password.length > 1024) {
    throw new SignInError(GENERIC_SIGN_IN_ERROR);
  }

  const address = input.clientAddress ?? null;
  // Every attempt from one address, before any password work: it only ever slows the address it comes from.
  const perAddress = await rateLimits.signInAddress.consume(clientKeyOf(address));
  if (!perAddress.allowed) {
    await audit({ id: null, email }, 'denied', 'rate-limited-address');
    throw new SignInError(rateLimitedError(perAddress.retryAfterSeconds));
  }

  const barrier = await signInBarrier(db, email, address, at);
  if (barrier && !input.secondFactor) {
    await audit({ id: null, email }, 'denied', barrier.kind);
    throw new SignInError(barrierError(barrier));
  }

  const [user] = await db.select().from(users).where(eq(users.email, email));
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);

  if (barrier) {
    let passed = false;
    try {
      passed = await passesBarrier(user, passwordOk, user ? () => input.secondFactor!(user) : undefined);
    } catch (error) {
      if (!isRateLimited(error)) throw error;
    }
    if (!passed) {
      await recordFailure(db, email, address, at);
      await audit({ id: null, email }, 'denied', `${barrier.kind}-second-factor-refused`);
      throw new SignInError(barrierError(barrier));
    }
  }

  if (user && passwordOk && user.disabledAt) {
    // Not a guess, so it does not count towards the lockout.
    await audit({ id: user.id, email }, 'denied', 'disabled');
    throw new SignInError(DISABLED_SIGN_IN_ERROR);
  }

  if (!user || !passwordOk) {
    const nowLocked = await recordFailure(db, email, address, at);
    // The log may say why (operators need it); the browser never does.
    await audit({ id: null, email }, 'denied', nowLocked > 0 ? 'locked-now' : !user ? 'unknown-email' : 'wrong-password');
    if (nowLocked > 0) throw new SignInError(lockedError(nowLocked));
    throw new SignInError(GENERIC_SIGN_IN_ERROR);
  }

  // Through a barrier the attack may still be going on: the e-mail's global counter stays.
  await clearFailures(db, email, address, { keepGlobal: Boolean(barrier) });
  await pruneSessions(db, at);
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, user.id));
  const sid = await createSession(db, {
    userId: user.id,
    roleVersion: user.roleVersion,
    userAgent: input.userAgent,
    at,
  });
  await audit({ id: user.id, email: user.email }, 'success', barrier ? `${barrier.kind}-passed-with-second-factor` : undefined);
  return { id: user.id, email: user.email, name: user.name, sid };
}
