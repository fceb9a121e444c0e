import 'server-only';
import bcrypt from 'bcryptjs';

export const BCRYPT_COST = 10;

/**
 * A cost-10 hash of a random value nobody knows. Unknown e-mails are compared against it so that a sign-in
 * for a missing account costs the same bcrypt work as a wrong password (no timing oracle for enumeration).
 */
export const DUMMY_PASSWORD_HASH = '$2b$10$Iv3fckl6PccQPDN0NrQMJOEfXKnKb3yNKt/xZVCcUnbhak9KnTc8O';

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, BCRYPT_COST);
}

export function verifyPassword(plain: string, hash: string): Promise<boolean> {
  return bcrypt.compare(plain, hash);
}
