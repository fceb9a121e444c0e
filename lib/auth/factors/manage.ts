import 'server-only';
import { now } from '../../clock';
import { getDb } from '../../db/client';
import { getEnv } from '../../env';
import { DomainError } from '../../errors';
import { qrSvgDataUrl } from '../../qr/svg';
import type { SessionUser } from '../sessions';
import { setSessionCookie } from './cookie';
import { issueRecoveryCodes, remainingRecoveryCodes } from './recovery-codes';
import { requestClient } from './request-client';
import { endOtherSessions, factorSummary, finishSignInStep, hasFactor, isFactorFresh, secondFactorPolicy } from './second-factor';
import { relyingParty } from './sign-in-step';
import { beginTotpSetup, confirmTotpSetup, removeTotp } from './totp';
import { deletePasskey, passkeyRegistrationOptions, registerPasskey, renamePasskey } from './webauthn';

/** What adding a factor hands back: the recovery codes when this was the first factor (shown once). */
export type Enrolled = { recoveryCodes: string[] | null; finishedSignIn: boolean };

/** Client address and user agent for the audit details of factor changes (the safe-action records the event). */
export async function clientDetails(): Promise<{ clientAddress: string | null; userAgent: string | null }> {
  const { clientAddress, userAgent } = await requestClient();
  return { clientAddress, userAgent };
}

/**
 * After a factor was added: the first one brings ten recovery codes; a session held at enrolment becomes a
 * complete sign-in (a new session row and cookie, `amr` naming the factor just proven).
 */
async function afterEnrolment(user: SessionUser, method: 'totp' | 'webauthn', hadFactor: boolean): Promise<Enrolled> {
  const db = await getDb();
  const at = now();
  const recoveryCodes = !hadFactor && (await remainingRecoveryCodes(db, user.id)) === 0 ? await issueRecoveryCodes(db, user.id, at) : null;
  if (user.stage !== 'enrol') return { recoveryCodes, finishedSignIn: false };
  const { sid } = await finishSignInStep(db, user.sessionId, `pwd+${method}`, at);
  await setSessionCookie(user, sid, 'complete');
  return { recoveryCodes, finishedSignIn: true };
}

export async function startPasskeyRegistration(user: SessionUser) {
  return passkeyRegistrationOptions(await getDb(), relyingParty(), { sessionId: user.sessionId, userId: user.id, email: user.email, name: user.name }, now());
}

export async function addPasskey(user: SessionUser, input: { name: string; response: unknown }): Promise<Enrolled & { id: string }> {
  const db = await getDb();
  const had = hasFactor(await factorSummary(db, user.id));
  const row = await registerPasskey(db, relyingParty(), { sessionId: user.sessionId, userId: user.id }, input, now());
  return { id: row.id, ...(await afterEnrolment(user, 'webauthn', had)) };
}

export async function startTotp(user: SessionUser): Promise<{ secret: string; uri: string; qr: string }> {
  const { secret, uri } = await beginTotpSetup(await getDb(), user, getEnv().NEXTAUTH_SECRET, now());
  return { secret, uri, qr: await qrSvgDataUrl(uri) };
}

export async function confirmTotp(user: SessionUser, code: string): Promise<Enrolled> {
  const db = await getDb();
  const had = hasFactor(await factorSummary(db, user.id));
  await confirmTotpSetup(db, user.id, code, getEnv().NEXTAUTH_SECRET, now());
  return afterEnrolment(user, 'totp', had);
}

function requireFresh(user: SessionUser) {
  if (!isFactorFresh(user.factorVerifiedAt, now())) {
    throw new DomainError('FACTOR_NOT_FRESH', { httpStatus: 403 });
  }
}

/** Removing the last factor while the team requires one is refused: the user would be held at enrolment. */
async function refuseLastRequiredFactor(user: SessionUser, removing: 'passkey' | 'totp') {
  const db = await getDb();
  const summary = await factorSummary(db, user.id);
  const left = removing === 'passkey' ? summary.passkeys - 1 + (summary.totp ? 1 : 0) : summary.passkeys;
  if (left <= 0 && (await secondFactorPolicy(db, getEnv().SANDBOX)).required) {
    throw new DomainError('LAST_FACTOR_REQUIRED', { httpStatus: 409 });
  }
}

export async function removePasskey(user: SessionUser, id: string): Promise<{ name: string }> {
  requireFresh(user);
  await refuseLastRequiredFactor(user, 'passkey');
  const db = await getDb();
  const gone = await deletePasskey(db, user.id, id);
  // Whoever signed in elsewhere with the removed passkey must prove themselves again.
  await endOtherSessions(db, user.id, user.sessionId);
  return { name: gone.name };
}

export async function renameUserPasskey(user: SessionUser, id: string, name: string): Promise<void> {
  await renamePasskey(await getDb(), user.id, id, name);
}

export async function removeUserTotp(user: SessionUser): Promise<void> {
  requireFresh(user);
  await refuseLastRequiredFactor(user, 'totp');
  const db = await getDb();
  if (!(await removeTotp(db, user.id))) throw new DomainError('NOT_FOUND', { httpStatus: 404 });
  await endOtherSessions(db, user.id, user.sessionId);
}

export async function regenerateRecoveryCodes(user: SessionUser): Promise<string[]> {
  const db = await getDb();
  if (!hasFactor(await factorSummary(db, user.id))) {
    throw new DomainError('NO_FACTOR', { httpStatus: 409 });
  }
  requireFresh(user);
  return issueRecoveryCodes(db, user.id, now());
}

