import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateURI, verify } from 'otplib';
import type { ConsoleDb } from '../../db/client';
import { totpFactors } from '../../db/schema';
import { DomainError } from '../../errors';
import { base32, openSecret, sealSecret } from './secret-box';

export const TOTP_ISSUER = 'Payments & FX Console';
/** One 30-second step either side: a phone clock a little off still works, a code from 2 minutes ago does not. */
const TOLERANCE_SECONDS = 30;
const PERIOD_SECONDS = 30;

/** Codes are 6 digits; spaces and dashes people type are dropped, anything else is not a code. */
export function normalizeTotpCode(code: unknown): string | null {
  if (typeof code !== 'string') return null;
  const digits = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * Checks `code` against `secret` at `at`, refusing any 30-second step at or before `afterTimeStep` (the step of
 * the last accepted code): a code seen once — over a shoulder, in a proxy log — cannot be used again.
 * Returns the matched step, or null.
 */
export async function matchTotp(secret: string, code: string, at: Date, afterTimeStep: number | null): Promise<number | null> {
  const epoch = Math.floor(at.getTime() / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  }).catch(() => ({ valid: false as const }));
  // The step that matched: the current one moved by the drift otplib reports.
  return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : null;
}

/** The code an authenticator shows for `secret` at `at` (demo script, tests). */
export async function currentTotp(secret: string, at: Date): Promise<string> {
  const { generate } = await import('otplib');
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

export function newTotpSecret(): string {
  return base32(randomBytes(20));
}

export async function hasConfirmedTotp(db: ConsoleDb, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return Boolean(row);
}

/**
 * Starts (or restarts) setting up an authenticator app: a new secret, kept unconfirmed until a code from the app
 * is accepted. A confirmed app stays as it is until the new one is confirmed.
 */
export async function beginTotpSetup(
  db: ConsoleDb,
  user: { id: string; email: string },
  serverSecret: string,
  at: Date,
): Promise<{ secret: string; uri: string }> {
  if (await hasConfirmedTotp(db, user.id)) {
    throw new DomainError('TOTP_ALREADY_SET', { httpStatus: 409 });
  }
  const secret = newTotpSecret();
  const secretEnc = sealSecret(secret, serverSecret);
  await db
    .insert(totpFactors)
    .values({ userId: user.id, secretEnc, createdAt: at })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secretEnc, createdAt: at, lastTimeStep: null } });
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }) };
}

/** Accepts the first code of a set-up in progress; the app is a factor from then on. */
export async function confirmTotpSetup(db: ConsoleDb, userId: string, code: unknown, serverSecret: string, at: Date): Promise<void> {
  const digits = normalizeTotpCode(code);
  if (!digits) throw new DomainError('TOTP_INVALID', { fields: { code: 'TOTP_INVALID' }, httpStatus: 400 });
  const [row] = await db.select().from(totpFactors).where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)));
  if (!row) throw new DomainError('TOTP_SETUP_MISSING', { httpStatus: 409 });
  const step = await matchTotp(openSecret(row.secretEnc, serverSecret), digits, at, null);
  if (step === null) throw new DomainError('TOTP_INVALID', { fields: { code: 'TOTP_INVALID' }, httpStatus: 401 });
  await db
    .update(totpFactors)
    .set({ confirmedAt: at, lastTimeStep: step, lastUsedAt: at })
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)));
}

/**
 * Verifies a sign-in (or confirmation) code of a confirmed app. The accepted step is stored with a guarded update
 * (`last_time_step < step`), so two requests racing with one code cannot both pass.
 */
export async function verifyTotp(db: ConsoleDb, userId: string, code: unknown, serverSecret: string, at: Date): Promise<void> {
  const digits = normalizeTotpCode(code);
  if (!digits) throw new DomainError('TOTP_INVALID', { fields: { code: 'TOTP_INVALID' }, httpStatus: 400 });
  const [row] = await db.select().from(totpFactors).where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  if (!row) throw new DomainError('TOTP_NOT_SET', { httpStatus: 401 });
  const secret = openSecret(row.secretEnc, serverSecret);
  const step = await matchTotp(secret, digits, at, row.lastTimeStep);
  if (step === null) {
    // Tell a replay from a wrong code: the person typed a real code, just one already used.
    const reused = row.lastTimeStep !== null && (await matchTotp(secret, digits, at, null)) !== null;
    throw reused
      ? new DomainError('TOTP_REUSED', { fields: { code: 'TOTP_REUSED' }, httpStatus: 401 })
      : new DomainError('TOTP_INVALID', { fields: { code: 'TOTP_INVALID' }, httpStatus: 401 });
  }
  const stored = await db
    .update(totpFactors)
    .set({ lastTimeStep: step, lastUsedAt: at })
    .where(
      and(
        eq(totpFactors.userId, userId),
        isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastTimeStep), lt(totpFactors.lastTimeStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  if (stored.length === 0) {
    throw new DomainError('TOTP_REUSED', { fields: { code: 'TOTP_REUSED' }, httpStatus: 401 });
  }
}

export async function removeTotp(db: ConsoleDb, userId: string): Promise<boolean> {
  const gone = await db.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ userId: totpFactors.userId });
  return gone.length > 0;
}

/** Seeds a confirmed app with a known secret (demo users with the sandbox on). */
export async function seedTotp(db: ConsoleDb, userId: string, secret: string, serverSecret: string, at: Date): Promise<void> {
  await db
    .insert(totpFactors)
    .values({ userId, secretEnc: sealSecret(secret, serverSecret), confirmedAt: at, createdAt: at })
    .onConflictDoNothing({ target: totpFactors.userId });
}
