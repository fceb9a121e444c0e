import 'server-only';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ConsoleDb } from '../../db/client';
import { sessions, teamSettings, totpFactors, users, webauthnCredentials } from '../../db/schema';
import { DomainError } from '../../errors';
import { createSession, deleteSession, deleteUserSessions, invalidateUserSessions, type SessionStage } from '../sessions';
import { getSessionInvalidator } from '../session-invalidation';
import { redeemRecoveryCode, remainingRecoveryCodes } from './recovery-codes';
import { verifyTotp } from './totp';
import { listPasskeys, verifyPasskeyAssertion, type RelyingParty } from './webauthn';

export type FactorMethod = 'totp' | 'webauthn' | 'recovery';
export const FACTOR_METHODS: readonly FactorMethod[] = ['totp', 'webauthn', 'recovery'];

/** Wrong second-factor answers one sign-in may give before it ends and the password must be given again. */
export const MAX_FACTOR_FAILURES = 5;
/** Removing a factor or replacing recovery codes needs a second factor given at most this long ago. */
export const FRESH_FACTOR_MS = 5 * 60_000;

export type FactorSummary = {
  passkeys: number;
  totp: boolean;
  recoveryCodesLeft: number;
};

export async function factorSummary(db: ConsoleDb, userId: string): Promise<FactorSummary> {
  const [passkeys, [totp], recoveryCodesLeft] = await Promise.all([
    listPasskeys(db, userId),
    db.select({ userId: totpFactors.userId }).from(totpFactors).where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))),
    remainingRecoveryCodes(db, userId),
  ]);
  return { passkeys: passkeys.length, totp: Boolean(totp), recoveryCodesLeft };
}

/** A passkey or a confirmed authenticator app (recovery codes alone are a way back in, not a factor). */
export function hasFactor(summary: FactorSummary): boolean {
  return summary.passkeys > 0 || summary.totp;
}

/** The ids of users with neither a passkey nor a confirmed authenticator app. */
export async function usersWithoutFactor(db: ConsoleDb): Promise<Set<string>> {
  const withPasskey = db.selectDistinct({ id: webauthnCredentials.userId }).from(webauthnCredentials);
  const withTotp = db.select({ id: totpFactors.userId }).from(totpFactors).where(isNotNull(totpFactors.confirmedAt));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} not in (${withPasskey}) and ${users.id} not in (${withTotp})`);
  return new Set(rows.map((r) => r.id));
}

export type SecondFactorPolicy = {
  required: boolean;
  /** True when nobody chose: on with SANDBOX=off, off with the embedded sandbox. */
  isDefault: boolean;
  updatedByEmail: string | null;
  updatedAt: Date | null;
};

export async function secondFactorPolicy(db: ConsoleDb, sandbox: 'on' | 'off'): Promise<SecondFactorPolicy> {
  const [row] = await db.select().from(teamSettings).where(eq(teamSettings.id, 1));
  const chosen = row?.secondFactorRequired ?? null;
  return {
    required: chosen ?? sandbox === 'off',
    isDefault: chosen === null,
    updatedByEmail: row?.updatedByEmail ?? null,
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * Turns the team's requirement on or off. Turning it on needs the admin's own factor first (or they would lock
 * themselves into enrolment), and ends the sessions of everyone without a factor: their next sign-in takes them
 * to enrolment, which the proxy and every guard enforce.
 */
export async function setSecondFactorRequired(
  db: ConsoleDb,
  actor: { id: string; email: string },
  required: boolean,
  at: Date,
): Promise<{ signedOut: number }> {
  if (required && !hasFactor(await factorSummary(db, actor.id))) {
    throw new DomainError('OWN_FACTOR_FIRST', { httpStatus: 409 });
  }
  await db
    .insert(teamSettings)
    .values({ id: 1, secondFactorRequired: required, updatedById: actor.id, updatedByEmail: actor.email, updatedAt: at })
    .onConflictDoUpdate({
      target: teamSettings.id,
      set: { secondFactorRequired: required, updatedById: actor.id, updatedByEmail: actor.email, updatedAt: at },
    });
  if (!required) return { signedOut: 0 };
  const without = [...(await usersWithoutFactor(db))];
  if (without.length === 0) return { signedOut: 0 };
  const gone = await db.delete(sessions).where(inArray(sessions.userId, without)).returning({ userId: sessions.userId });
  for (const userId of new Set(gone.map((g) => g.userId))) await invalidateUserSessions(userId);
  return { signedOut: new Set(gone.map((g) => g.userId)).size };
}

/** What a correct password leads to: the second factor, its enrolment (team requirement), or the console. */
export async function stageAfterPassword(db: ConsoleDb, userId: string, sandbox: 'on' | 'off'): Promise<SessionStage> {
  if (hasFactor(await factorSummary(db, userId))) return 'second-factor';
  return (await secondFactorPolicy(db, sandbox)).required ? 'enrol' : 'complete';
}

/**
 * A finished sign-in step becomes a NEW session row (the old id dies): whoever held the half-signed-in cookie
 * cannot ride on the finished one. The absolute limit still counts from the password.
 */
export async function finishSignInStep(
  db: ConsoleDb,
  sessionId: string,
  amr: string,
  at: Date,
): Promise<{ sid: string; userId: string }> {
  const [old] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!old) throw new DomainError('UNAUTHENTICATED', { httpStatus: 401 });
  const sid = await createSession(db, {
    userId: old.userId,
    roleVersion: old.roleVersion,
    at,
    createdAt: old.createdAt,
    userAgentHash: old.userAgentHash,
    stage: 'complete',
    amr,
    factorVerifiedAt: at,
  });
  await deleteSession(db, sessionId);
  return { sid, userId: old.userId };
}

/** A second factor given again inside a signed-in session (before removing a factor). */
export async function markFactorVerified(db: ConsoleDb, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ factorVerifiedAt: at, factorFailures: 0 }).where(eq(sessions.id, sessionId));
  await (await getSessionInvalidator()).invalidate({ sessionId });
}

export function isFactorFresh(factorVerifiedAt: Date | null, at: Date): boolean {
  return factorVerifiedAt !== null && at.getTime() - factorVerifiedAt.getTime() < FRESH_FACTOR_MS;
}

/** Counts a wrong answer; at {@link MAX_FACTOR_FAILURES} the session ends. Returns true when it ended. */
export async function recordFactorFailure(db: ConsoleDb, sessionId: string): Promise<boolean> {
  const [row] = await db
    .update(sessions)
    .set({ factorFailures: sql`${sessions.factorFailures} + 1` })
    .where(eq(sessions.id, sessionId))
    .returning({ failures: sessions.factorFailures });
  if (row && row.failures >= MAX_FACTOR_FAILURES) {
    await deleteSession(db, sessionId);
    return true;
  }
  return false;
}

/** Checks one second-factor answer for the session's user; throws a DomainError (400/401) when it is not right. */
export async function checkSecondFactor(
  db: ConsoleDb,
  ctx: { sessionId: string; userId: string; rp: RelyingParty; serverSecret: string },
  answer: { method: FactorMethod; code?: unknown; response?: unknown },
  at: Date,
): Promise<{ method: FactorMethod; credentialName?: string }> {
  switch (answer.method) {
    case 'totp':
      await verifyTotp(db, ctx.userId, answer.code, ctx.serverSecret, at);
      return { method: 'totp' };
    case 'recovery':
      await redeemRecoveryCode(db, ctx.userId, answer.code, at);
      return { method: 'recovery' };
    case 'webauthn': {
      const credential = await verifyPasskeyAssertion(db, ctx.rp, ctx, answer.response, at);
      return { method: 'webauthn', credentialName: credential.name };
    }
  }
}

/** Ends every session of a user but `keep` (a factor was removed: other devices sign in again). */
export async function endOtherSessions(db: ConsoleDb, userId: string, keep: string): Promise<void> {
  await deleteUserSessions(db, userId, keep);
}
