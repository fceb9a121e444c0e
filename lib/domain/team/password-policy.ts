import * as z from 'zod/mini';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from './password-limits';

// Client-safe: the change-password and team forms validate with the same schema the server uses.
// Messages are keys of the `validation` catalogue namespace (components/i18n/use-field-message.ts words them).
export { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from './password-limits';

export const passwordSchema = z.string().check(
  z.minLength(PASSWORD_MIN_LENGTH, 'passwordTooShort'),
  z.refine((v) => new TextEncoder().encode(v).length <= PASSWORD_MAX_BYTES, {
    message: 'passwordTooLong',
  }),
);

export const emailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('emailInvalid'));

/** A `validation` catalogue key. */
export const PERSONAL_INFO_MESSAGE = 'passwordPersonalInfo';

/**
 * The parts of a person's e-mail and name a password must not contain (case-insensitive): the whole address,
 * its local part and each name or local-part word of 3+ characters. Pure: the server applies it (see
 * lib/team/password-strength.ts) and a form may too.
 */
export function personalTokens(person: { email?: string | null; name?: string | null }): string[] {
  const email = (person.email ?? '').trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const words = [...local.split(/[^\p{L}\p{N}]+/u), ...(person.name ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u)];
  return [...new Set([email, local, ...words].filter((t) => t.length >= 3))];
}

export function containsPersonalInfo(password: string, person: { email?: string | null; name?: string | null }): boolean {
  const lower = password.toLowerCase();
  return personalTokens(person).some((token) => lower.includes(token));
}
