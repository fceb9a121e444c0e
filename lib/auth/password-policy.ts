import * as z from 'zod/mini';

// Client-safe: the change-password and team forms validate with the same schema the server uses.
// Messages are keys of the `validation` catalogue namespace (components/i18n/use-field-message.ts words them).
export const PASSWORD_MIN_LENGTH = 12;
/** bcrypt ignores everything after 72 bytes; refuse rather than silently truncate. */
export const PASSWORD_MAX_BYTES = 72;

export const passwordSchema = z.string().check(
  z.minLength(PASSWORD_MIN_LENGTH, 'passwordTooShort'),
  z.refine((v) => new TextEncoder().encode(v).length <= PASSWORD_MAX_BYTES, {
    message: 'passwordTooLong',
  }),
);

export const emailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('emailInvalid'));
