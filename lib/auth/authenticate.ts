import 'server-only';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { ConsoleDb } from '../db/client';
import { users } from '../db/schema';
import { rateLimits } from '../security/rate-limits';
import { barrierError, clearFailures, clientKeyOf, recordFailure, signInBarrier, type SignInBarrier } from './lockout';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password';
import { factorSummary, hasFactor, stageAfterPassword } from './factors/second-factor';
import { createSession, pruneSessions, type SessionStage } from './sessions';
import { DISABLED_SIGN_IN_ERROR, GENERIC_SIGN_IN_ERROR, lockedError, rateLimitedError } from './sign-in-error-codes';

export type AuthenticatedUser = { id: string; email: string; name: string; sid: string; stage: SessionStage };

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
    /** Decides the default of the team's second-factor requirement (on with a real service). */
    sandbox?: 'on' | 'off';
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
        details: {
          ...(reason ? { reason } : {}),
          clientAddress: input.clientAddress ?? 'unknown',
          userAgent: input.userAgent?.slice(0, 200) ?? null,
        },
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

  // A lock or the per-e-mail limit. The same bcrypt work follows whatever it says, so a barrier tells no timing.
  const barrier = await signInBarrier(db, email, address, at);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (barrier && !(await lockoutYieldsToSecondFactor(db, user, passwordOk))) {
    await audit({ id: null, email }, 'denied', barrier.kind);
    throw new SignInError(barrierError(barrier));
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

  // A sign-in that got past a barrier with the password still owes the second factor: the counters stay until then.
  if (!barrier) await clearFailures(db, email, address);
  await pruneSessions(db, at);
  const stage = await stageAfterPassword(db, user.id, input.sandbox ?? 'off');
  // The last sign-in is the one that reached the console; a password alone (factor still owed) is not one.
  if (stage === 'complete') await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, user.id));
  const sid = await createSession(db, {
    userId: user.id,
    roleVersion: user.roleVersion,
    userAgent: input.userAgent,
    at,
    stage,
    amr: 'pwd',
  });
  await audit({ id: user.id, email: user.email }, 'success', successReason(barrier, stage));
  return { id: user.id, email: user.email, name: user.name, sid, stage };
}

function successReason(barrier: SignInBarrier | null, stage: SessionStage): string | undefined {
  if (barrier) return `${barrier.kind}-password-ok-second-factor-owed`;
  return stage === 'complete' ? undefined : `password-ok-${stage}`;
}

/**
 * The hook that keeps the lockout and the per-e-mail limit from being a weapon: through either, the right password
 * still leads to the second factor when the user has one — a stranger who only guessed passwords gets nowhere
 * further, and the owner is not shut out by someone else's failures. Without a factor the barrier holds as before.
 * (The limit on second-factor answers, and MAX_FACTOR_FAILURES per sign-in, bound what this lets a guesser try.)
 */
async function lockoutYieldsToSecondFactor(
  db: ConsoleDb,
  user: { id: string; disabledAt: Date | null } | undefined,
  passwordOk: boolean,
): Promise<boolean> {
  if (!user || !passwordOk || user.disabledAt) return false;
  return hasFactor(await factorSummary(db, user.id));
}
