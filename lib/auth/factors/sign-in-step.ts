import 'server-only';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import { now } from '../../clock';
import { getDb } from '../../db/client';
import { users } from '../../db/schema';
import { getEnv } from '../../env';
import { DomainError, isDomainError } from '../../errors';
import { clearFailures } from '../lockout';
import type { SessionUser } from '../sessions';
import { setSessionCookie } from './cookie';
import { requestClient } from './request-client';
import {
  FACTOR_METHODS,
  checkSecondFactor,
  finishSignInStep,
  markFactorVerified,
  recordFactorFailure,
  type FactorMethod,
} from './second-factor';
import { passkeyAuthenticationOptions, relyingPartyFrom } from './webauthn';
import { rateLimits } from '../../security/rate-limits';

export function relyingParty() {
  return relyingPartyFrom(getEnv().PUBLIC_URL);
}

/** Passkey assertion options for the session's user: at sign-in, or to confirm a change inside the console. */
export async function secondFactorOptions(user: SessionUser) {
  if (user.stage === 'enrol') throw new DomainError('UNAUTHENTICATED', { httpStatus: 401 });
  return passkeyAuthenticationOptions(await getDb(), relyingParty(), { sessionId: user.sessionId, userId: user.id }, now());
}

/**
 * One second-factor answer. At sign-in (stage `second-factor`) a right answer finishes the sign-in: a new session
 * row and cookie, `amr` = `pwd+<method>`. Inside the console it refreshes the session's factor time (needed to
 * remove a factor). A wrong answer changes nothing but the session's failure count (too many end it) and is audited
 * with the client's address and user agent, like the right one.
 */
export async function answerSecondFactor(user: SessionUser, body: unknown): Promise<{ amr: string }> {
  const db = await getDb();
  const at = now();
  const client = await requestClient();
  const input = (body && typeof body === 'object' ? body : {}) as { method?: unknown; code?: unknown; response?: unknown };
  const method = FACTOR_METHODS.includes(input.method as FactorMethod) ? (input.method as FactorMethod) : null;
  const audit = (outcome: 'success' | 'denied', details: Record<string, unknown>) =>
    recordAudit(
      {
        actor: { id: user.id, email: user.email },
        action: user.stage === 'complete' ? 'auth.confirmSecondFactor' : 'auth.secondFactor',
        target: user.email,
        outcome,
        correlationId: client.correlationId,
        details: { method, clientAddress: client.clientAddress, userAgent: client.userAgent, ...details },
      },
      db,
    ).catch((error: unknown) => console.error(`[audit] could not record auth.secondFactor: ${String(error)}`));

  if (user.stage === 'enrol') throw new DomainError('UNAUTHENTICATED', { httpStatus: 401 });
  if (!method) {
    await audit('denied', { code: 'INVALID_INPUT' });
    throw new DomainError('INVALID_INPUT', { httpStatus: 400 });
  }
  try {
    // Five answers per user in five minutes (429 with Retry-After past it); a right answer gives them back.
    await rateLimits.secondFactor.enforce(user.id);
  } catch (error) {
    await audit('denied', { code: 'RATE_LIMITED' });
    throw error;
  }
  let used: { method: FactorMethod; credentialName?: string };
  try {
    used = await checkSecondFactor(
      db,
      { sessionId: user.sessionId, userId: user.id, rp: relyingParty(), serverSecret: getEnv().NEXTAUTH_SECRET },
      { method, code: input.code, response: input.response },
      at,
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const ended = await recordFactorFailure(db, user.sessionId);
    await audit('denied', { code: error.code, reason: (error as { reason?: string }).reason, sessionEnded: ended });
    if (ended) {
      throw new DomainError('SECOND_FACTOR_TOO_MANY', { httpStatus: 401 });
    }
    throw error;
  }
  await rateLimits.secondFactor.reset(user.id);
  const amr = `pwd+${used.method}`;
  if (user.stage === 'second-factor') {
    const { sid } = await finishSignInStep(db, user.sessionId, amr, at);
    await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, user.id));
    // The sign-in is whole now: a lock someone else's guesses put on this e-mail has done its job.
    await clearFailures(db, user.email, client.clientAddress);
    await setSessionCookie(user, sid, 'complete');
  } else {
    await markFactorVerified(db, user.sessionId, at);
  }
  await audit('success', { amr, factorName: used.credentialName });
  return { amr: user.stage === 'second-factor' ? amr : user.amr };
}
