import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { ConsoleDb } from '../../db/client';
import { recoveryCodes } from '../../db/schema';
import { DomainError } from '../../errors';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: a code read off paper is typed right. 10 characters of 31 = 49.5 bits each. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 10;

/** `ABCDE-FGHJK`; what the user types is upper-cased and stripped of spaces and dashes first. */
export function normalizeRecoveryCode(code: unknown): string | null {
  if (typeof code !== 'string') return null;
  const plain = code.toUpperCase().replace(/[\s-]/g, '');
  return plain.length === LENGTH && [...plain].every((c) => ALPHABET.includes(c)) ? plain : null;
}

export function hashRecoveryCode(normalized: string): string {
  return createHash('sha256').update(`recovery:${normalized}`).digest('hex');
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A new set of ten codes replaces any earlier set; only their hashes are stored, so this is the one time they
 * can be shown.
 */
export async function issueRecoveryCodes(db: ConsoleDb, userId: string, at: Date): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  const list = [...codes];
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(list.map((c) => ({ userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(c)!), createdAt: at })));
  });
  return list;
}

export async function remainingRecoveryCodes(db: ConsoleDb, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

/** Spends one code: a guarded update (`used_at IS NULL`), so a code works exactly once even under a race. */
export async function redeemRecoveryCode(db: ConsoleDb, userId: string, code: unknown, at: Date): Promise<void> {
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) {
    throw new DomainError('RECOVERY_CODE_INVALID', { fields: { code: 'RECOVERY_CODE_INVALID' }, httpStatus: 400 });
  }
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(normalized)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (spent.length === 0) {
    throw new DomainError('RECOVERY_CODE_INVALID', { fields: { code: 'RECOVERY_CODE_INVALID' }, httpStatus: 401 });
  }
}

