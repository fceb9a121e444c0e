import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { ConsoleDb } from '../../db/client';
import { sessions, webauthnCredentials, type WebauthnCredentialRow } from '../../db/schema';
import { DomainError } from '../../errors';

export const RP_NAME = 'Payments & FX Console';
const CHALLENGE_TTL_MS = 5 * 60_000;
export const PASSKEY_NAME_MAX = 60;

/** The relying party is the console's public address: a passkey made for it answers only to it. */
export type RelyingParty = { rpID: string; origin: string };

export function relyingPartyFrom(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const b64url = z.string().min(1).max(16_384).regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** The shape `@simplewebauthn/browser` sends; anything else is refused before any cryptography (400). */
const registrationShape = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: b64url, attestationObject: b64url, transports: z.array(z.string().max(32)).max(10).optional() }).passthrough(),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

const authenticationShape = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: b64url.optional() }).passthrough(),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

const malformed = () =>
  new DomainError('WEBAUTHN_MALFORMED', { httpStatus: 400 });
const refused = () =>
  new DomainError('WEBAUTHN_REFUSED', { httpStatus: 401 });

export function parseRegistrationResponse(input: unknown): RegistrationResponseJSON {
  const parsed = registrationShape.safeParse(input);
  if (!parsed.success) throw malformed();
  return parsed.data as unknown as RegistrationResponseJSON;
}

export function parseAuthenticationResponse(input: unknown): AuthenticationResponseJSON {
  const parsed = authenticationShape.safeParse(input);
  if (!parsed.success) throw malformed();
  return parsed.data as unknown as AuthenticationResponseJSON;
}

export async function listPasskeys(db: ConsoleDb, userId: string): Promise<WebauthnCredentialRow[]> {
  return db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId)).orderBy(asc(webauthnCredentials.createdAt));
}

async function storeChallenge(db: ConsoleDb, sessionId: string, challenge: string, purpose: 'register' | 'authenticate', at: Date) {
  await db
    .update(sessions)
    .set({ webauthnChallenge: challenge, webauthnChallengePurpose: purpose, webauthnChallengeExpiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS) })
    .where(eq(sessions.id, sessionId));
}

/**
 * Takes the session's outstanding challenge for `purpose`, once: a guarded update clears it, so an answer can be
 * checked against it only one time (a replayed answer finds no challenge).
 */
async function takeChallenge(db: ConsoleDb, sessionId: string, purpose: 'register' | 'authenticate', at: Date): Promise<string> {
  const [row] = await db
    .select({ challenge: sessions.webauthnChallenge })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.webauthnChallengePurpose, purpose), gt(sessions.webauthnChallengeExpiresAt, at)));
  const challenge = row?.challenge;
  if (!challenge) {
    throw new DomainError('WEBAUTHN_CHALLENGE_EXPIRED', { httpStatus: 400 });
  }
  const taken = await db
    .update(sessions)
    .set({ webauthnChallenge: null, webauthnChallengePurpose: null, webauthnChallengeExpiresAt: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.webauthnChallenge, challenge)))
    .returning({ id: sessions.id });
  if (taken.length === 0) {
    throw new DomainError('WEBAUTHN_CHALLENGE_EXPIRED', { httpStatus: 400 });
  }
  return challenge;
}

function uuidBytes(id: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(id.replace(/-/g, ''), 'hex'));
}

export async function passkeyRegistrationOptions(
  db: ConsoleDb,
  rp: RelyingParty,
  who: { sessionId: string; userId: string; email: string; name: string },
  at: Date,
) {
  const existing = await listPasskeys(db, who.userId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: who.email,
    userDisplayName: who.name,
    userID: uuidBytes(who.userId),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(db, who.sessionId, options.challenge, 'register', at);
  return options;
}

export async function registerPasskey(
  db: ConsoleDb,
  rp: RelyingParty,
  who: { sessionId: string; userId: string },
  input: { response: unknown; name: string },
  at: Date,
): Promise<WebauthnCredentialRow> {
  const response = parseRegistrationResponse(input.response);
  const expectedChallenge = await takeChallenge(db, who.sessionId, 'register', at);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    throw Object.assign(refused(), { reason: error instanceof Error ? error.message : String(error) });
  }
  if (!verification.verified) throw refused();
  const info = verification.registrationInfo;
  const [row] = await db
    .insert(webauthnCredentials)
    .values({
      id: info.credential.id,
      userId: who.userId,
      name: input.name,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      createdAt: at,
    })
    .onConflictDoNothing({ target: webauthnCredentials.id })
    .returning();
  if (!row) throw new DomainError('WEBAUTHN_DUPLICATE', { httpStatus: 409 });
  return row;
}

export async function passkeyAuthenticationOptions(db: ConsoleDb, rp: RelyingParty, who: { sessionId: string; userId: string }, at: Date) {
  const existing = await listPasskeys(db, who.userId);
  if (existing.length === 0) throw new DomainError('WEBAUTHN_NONE', { httpStatus: 400 });
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    userVerification: 'preferred',
  });
  await storeChallenge(db, who.sessionId, options.challenge, 'authenticate', at);
  return options;
}

/**
 * Checks an assertion against the session's challenge and the user's stored public key; the signature counter
 * is moved forward with a guarded update (an authenticator whose counter went backwards may be a clone).
 */
export async function verifyPasskeyAssertion(
  db: ConsoleDb,
  rp: RelyingParty,
  who: { sessionId: string; userId: string },
  input: unknown,
  at: Date,
): Promise<WebauthnCredentialRow> {
  const response = parseAuthenticationResponse(input);
  const [credential] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, response.id), eq(webauthnCredentials.userId, who.userId)));
  if (!credential) {
    throw new DomainError('WEBAUTHN_UNKNOWN_CREDENTIAL', { httpStatus: 401 });
  }
  const expectedChallenge = await takeChallenge(db, who.sessionId, 'authenticate', at);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
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
    throw Object.assign(refused(), { reason: error instanceof Error ? error.message : String(error) });
  }
  const [updated] = await db
    .update(webauthnCredentials)
    .set({ counter: newCounter, lastUsedAt: at })
    .where(and(eq(webauthnCredentials.id, credential.id), eq(webauthnCredentials.counter, credential.counter)))
    .returning();
  if (!updated) throw refused();
  return updated;
}

export async function renamePasskey(db: ConsoleDb, userId: string, id: string, name: string): Promise<void> {
  const done = await db
    .update(webauthnCredentials)
    .set({ name })
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning({ id: webauthnCredentials.id });
  if (done.length === 0) throw new DomainError('NOT_FOUND', { httpStatus: 404 });
}

export async function deletePasskey(db: ConsoleDb, userId: string, id: string): Promise<WebauthnCredentialRow> {
  const [gone] = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning();
  if (!gone) throw new DomainError('NOT_FOUND', { httpStatus: 404 });
  return gone;
}
