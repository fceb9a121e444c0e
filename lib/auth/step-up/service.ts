import 'server-only';
import { randomBytes } from 'node:crypto';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON, parseAuthenticatorData, toHash, verifySignature } from '@simplewebauthn/server/helpers';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { now } from '../../clock';
import { getDb, type ConsoleDb } from '../../db/client';
import { stepUpChallenges, webauthnCredentials } from '../../db/schema';
import { getEnv } from '../../env';
import { DomainError, isDomainError } from '../../errors';
import {
  canonicalStatement,
  differingFacts,
  parseCanonicalStatement,
  statementDigest,
  type StepUpStatement,
} from '../../domain/step-up/statement';
import type { StepUpChallenge, StepUpMethod, StepUpProof, StepUpResponse } from '../../domain/step-up/challenge';
import { hasConfirmedTotp, verifyTotp } from '../factors/totp';
import { listPasskeys, parseAuthenticationResponse, type RelyingParty } from '../factors/webauthn';
import { relyingParty } from '../factors/sign-in-step';
import type { SessionUser } from '../sessions';

/** How long a shown statement may be signed: long enough to read it and touch the key, short enough not to linger. */
export const STEP_UP_TTL_MS = 5 * 60_000;

export type { StepUpChallenge, StepUpMethod, StepUpProof, StepUpResponse } from '../../domain/step-up/challenge';

/** The step-up refusal codes (sentences in messages/<locale>/errors.json). */
export const STEP_UP_CODES = ['STEP_UP_REQUIRED', 'STEP_UP_EXPIRED', 'STEP_UP_MISMATCH', 'STEP_UP_REPLAYED', 'STEP_UP_INVALID', 'STEP_UP_NO_FACTOR'] as const;
export type StepUpCode = (typeof STEP_UP_CODES)[number];

/** A refusal: the code for the user (worded by the catalogue), `reason` (and differing fact keys) for the audit only. */
export class StepUpError extends DomainError {
  constructor(
    code: StepUpCode,
    httpStatus: number,
    readonly reason: string,
    readonly differing: string[] = [],
  ) {
    super(code, { httpStatus });
  }
}

export function isStepUpError(error: unknown): error is StepUpError {
  return isDomainError(error) && (STEP_UP_CODES as readonly string[]).includes(error.code) && 'reason' in error;
}

const required = (reason: string) =>
  new StepUpError('STEP_UP_REQUIRED', 401, reason);
const expired = () => new StepUpError('STEP_UP_EXPIRED', 409, 'expired');
const replayed = () => new StepUpError('STEP_UP_REPLAYED', 409, 'replayed');
const mismatch = (reason: string, differing: string[] = []) =>
  new StepUpError('STEP_UP_MISMATCH', 409, reason, differing);
const invalid = (reason: string, status = 401) =>
  new StepUpError('STEP_UP_INVALID', status, reason);

export type StepUpDeps = { db: ConsoleDb; rp: RelyingParty; serverSecret: string; at: Date };

async function deps(): Promise<StepUpDeps> {
  return { db: await getDb(), rp: relyingParty(), serverSecret: getEnv().NEXTAUTH_SECRET, at: now() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The step-up with explicit dependencies (tests, benchmark); `beginStepUp` is the console's entry point. */
export async function beginStepUpWith(d: StepUpDeps, user: Pick<SessionUser, 'id'>, statement: StepUpStatement): Promise<StepUpChallenge> {
  const passkeys = await listPasskeys(d.db, user.id);
  const method: StepUpMethod | null = passkeys.length > 0 ? 'webauthn' : (await hasConfirmedTotp(d.db, user.id)) ? 'totp' : null;
  if (!method) {
    throw new StepUpError('STEP_UP_NO_FACTOR', 409, 'no-factor');
  }
  const expiresAt = new Date(d.at.getTime() + STEP_UP_TTL_MS).toISOString();
  const nonce = randomBytes(16).toString('base64url');
  const canonical = canonicalStatement({ ...statement, expiresAt, nonce });
  const digest = statementDigest(canonical);
  const [row] = await d.db
    .insert(stepUpChallenges)
    .values({ userId: user.id, purpose: statement.purpose, subject: statement.subject, method, canonical, digest, createdAt: d.at, expiresAt: new Date(expiresAt) })
    .returning({ id: stepUpChallenges.id });
  const options =
    method === 'webauthn'
      ? await generateAuthenticationOptions({
          rpID: d.rp.rpID,
          // The digest's bytes ARE the challenge: clientDataJSON.challenge comes back as this very base64url string.
          challenge: new Uint8Array(Buffer.from(digest, 'base64url')),
          allowCredentials: passkeys.map((c) => ({ id: c.id, transports: c.transports })),
          userVerification: 'preferred',
          timeout: STEP_UP_TTL_MS,
        })
      : undefined;
  return { challengeId: row.id, method, options, digest, expiresAt, statement };
}

export async function consumeStepUpWith(
  d: StepUpDeps,
  user: Pick<SessionUser, 'id'>,
  response: StepUpResponse | undefined,
  expected: StepUpStatement,
): Promise<StepUpProof> {
  if (!response || typeof response !== 'object' || typeof response.challengeId !== 'string') throw required('no step-up response');
  if (!UUID.test(response.challengeId)) throw invalid('malformed challenge id', 400);
  const [row] = await d.db.select().from(stepUpChallenges).where(eq(stepUpChallenges.id, response.challengeId));
  if (!row) throw required('unknown challenge');
  if (row.userId !== user.id) throw mismatch('challenge of another user');
  if (row.purpose !== expected.purpose || row.subject !== expected.subject) throw mismatch(`challenge for ${row.purpose} ${row.subject}`);
  if (row.usedAt) throw replayed();
  if (row.expiresAt.getTime() <= d.at.getTime()) throw expired();
  const signed = parseCanonicalStatement(row.canonical);
  if (!signed) throw invalid('stored statement unreadable', 409);
  // The statement recomputed now, with the challenge's expiry and nonce, must be the very text that was signed.
  let canonicalNow: string;
  try {
    canonicalNow = canonicalStatement({ ...expected, expiresAt: signed.expiresAt, nonce: signed.nonce });
  } catch {
    throw mismatch('statement now unrepresentable');
  }
  if (canonicalNow !== row.canonical) throw mismatch('statement changed since preview', differingFacts(signed, expected));

  let proof: StepUpProof;
  let counterUpdate: { id: string; from: number; to: number } | null = null;
  if (row.method === 'webauthn') {
    if (response.webauthn === undefined || response.webauthn === null) throw required('no assertion');
    let assertion: ReturnType<typeof parseAuthenticationResponse>;
    try {
      assertion = parseAuthenticationResponse(response.webauthn);
    } catch {
      throw invalid('malformed assertion', 400);
    }
    const [credential] = await d.db
      .select()
      .from(webauthnCredentials)
      .where(and(eq(webauthnCredentials.id, assertion.id), eq(webauthnCredentials.userId, user.id)));
    if (!credential) throw invalid('unknown credential');
    let newCounter: number;
    try {
      const verification = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: row.digest,
        expectedOrigin: d.rp.origin,
        expectedRPID: d.rp.rpID,
        credential: {
          id: credential.id,
          publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
          counter: credential.counter,
          transports: credential.transports,
        },
        requireUserVerification: false,
      });
      if (!verification.verified) throw new Error('signature not verified');
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw invalid(/counter/i.test(message) ? 'counter went backwards' : message.slice(0, 200));
    }
    counterUpdate = { id: credential.id, from: credential.counter, to: newCounter };
    proof = {
      method: 'webauthn',
      digest: row.digest,
      canonical: row.canonical,
      credentialId: credential.id,
      credentialName: credential.name,
      authenticatorData: assertion.response.authenticatorData,
      clientDataJSON: assertion.response.clientDataJSON,
      signature: assertion.response.signature,
      publicKey: credential.publicKey,
      signedAt: d.at.toISOString(),
    };
  } else {
    if (response.totp === undefined) throw required('no code');
    // The user may have added a passkey since the statement was shown: the weaker path is only for those without.
    if ((await listPasskeys(d.db, user.id)).length > 0) throw invalid('passkey registered since; code refused', 401);
    try {
      await verifyTotp(d.db, user.id, response.totp, d.serverSecret, d.at);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const status = error.code === 'TOTP_INVALID' && error.httpStatus === 400 ? 400 : 401;
      throw error.code === 'TOTP_REUSED' ? replayed() : invalid(error.code, status);
    }
    proof = { method: 'totp', digest: row.digest, canonical: row.canonical, signedAt: d.at.toISOString() };
  }

  // Single use: of two requests carrying the same answer, one finds the row unused.
  const taken = await d.db
    .update(stepUpChallenges)
    .set({ usedAt: d.at })
    .where(and(eq(stepUpChallenges.id, row.id), isNull(stepUpChallenges.usedAt), gt(stepUpChallenges.expiresAt, d.at)))
    .returning({ id: stepUpChallenges.id });
  if (taken.length === 0) throw replayed();
  if (counterUpdate) {
    const moved = await d.db
      .update(webauthnCredentials)
      .set({ counter: counterUpdate.to, lastUsedAt: d.at })
      .where(and(eq(webauthnCredentials.id, counterUpdate.id), eq(webauthnCredentials.counter, counterUpdate.from)))
      .returning({ id: webauthnCredentials.id });
    // Another assertion of this passkey moved the counter in between: one of the two is a copy.
    if (moved.length === 0) throw invalid('counter moved concurrently');
  }
  return proof;
}

export async function verifyStoredProofWith(db: ConsoleDb, proof: StepUpProof, rp?: RelyingParty): Promise<{ ok: boolean; reason?: string }> {
  if (!proof || typeof proof !== 'object' || typeof proof.canonical !== 'string' || typeof proof.digest !== 'string') {
    return { ok: false, reason: 'no proof' };
  }
  if (statementDigest(proof.canonical) !== proof.digest) return { ok: false, reason: 'digest does not match the statement' };
  if (proof.method === 'totp') return { ok: false, reason: 'authenticator code: no signature to check' };
  if (!proof.authenticatorData || !proof.clientDataJSON || !proof.signature) return { ok: false, reason: 'signature missing' };
  let publicKey = proof.publicKey;
  if (!publicKey && proof.credentialId) {
    const [credential] = await db.select({ publicKey: webauthnCredentials.publicKey }).from(webauthnCredentials).where(eq(webauthnCredentials.id, proof.credentialId));
    publicKey = credential?.publicKey;
  }
  if (!publicKey) return { ok: false, reason: 'public key unknown' };
  try {
    const clientData = decodeClientDataJSON(proof.clientDataJSON);
    if (clientData.type !== 'webauthn.get') return { ok: false, reason: 'not an assertion' };
    if (clientData.challenge !== proof.digest) return { ok: false, reason: 'signed challenge is not the statement digest' };
    const authData = new Uint8Array(Buffer.from(proof.authenticatorData, 'base64url'));
    if (rp) {
      const { rpIdHash } = parseAuthenticatorData(authData);
      const expected = await toHash(new TextEncoder().encode(rp.rpID));
      if (Buffer.compare(Buffer.from(rpIdHash), Buffer.from(expected)) !== 0) return { ok: false, reason: 'signed for another relying party' };
    }
    const clientDataHash = await toHash(new Uint8Array(Buffer.from(proof.clientDataJSON, 'base64url')));
    const data = new Uint8Array(Buffer.concat([Buffer.from(authData), Buffer.from(clientDataHash)]));
    const ok = await verifySignature({
      signature: new Uint8Array(Buffer.from(proof.signature, 'base64url')),
      data,
      credentialPublicKey: new Uint8Array(Buffer.from(publicKey, 'base64url')),
    });
    return ok ? { ok: true } : { ok: false, reason: 'signature does not verify' };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message.slice(0, 200) : 'unreadable proof' };
  }
}

/** Stores a challenge for (user, statement), STEP_UP_TTL_MS long, in the database (survives a restart). */
export async function beginStepUp(user: SessionUser, statement: StepUpStatement): Promise<StepUpChallenge> {
  return beginStepUpWith(await deps(), user, statement);
}

/**
 * Verifies and consumes the challenge `response` answers: same user, same purpose and subject, `expected` (the
 * statement recomputed now by the caller from its own records) equal to what was signed, not expired, the assertion
 * valid for one of this user's passkeys with its counter moving forward, not used before. Throws a StepUpError
 * (a DomainError: STEP_UP_REQUIRED, _EXPIRED, _MISMATCH, _REPLAYED, _INVALID) and changes nothing but the
 * challenge's use otherwise.
 */
export async function consumeStepUp(
  user: SessionUser,
  response: StepUpResponse | undefined,
  expected: StepUpStatement,
  /** Explicit dependencies (benchmark); the console's database, relying party, secret and clock otherwise. */
  with_?: StepUpDeps,
): Promise<StepUpProof> {
  return consumeStepUpWith(with_ ?? (await deps()), user, response, expected);
}

/** Re-checks a stored proof (audit "Verify"). */
export async function verifyStoredProof(proof: StepUpProof): Promise<{ ok: boolean; reason?: string }> {
  return verifyStoredProofWith(await getDb(), proof, relyingParty());
}

/** Audit details of a refusal: the code and the reason (never the assertion itself). */
export function stepUpRefusalDetails(error: unknown): Record<string, unknown> | null {
  if (!isStepUpError(error)) return null;
  return { stepUpRefused: { code: error.code, reason: error.reason, ...(error.differing.length ? { differing: error.differing } : {}) } };
}
