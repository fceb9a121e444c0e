// The password length limits alone, without the schemas of ./password-policy.ts: client code that only words a
// message (components/i18n/use-field-message.ts) must not pull zod into every form page's first-load JS.
export const PASSWORD_MIN_LENGTH = 12;
/** bcrypt ignores everything after 72 bytes; refuse rather than silently truncate. */
export const PASSWORD_MAX_BYTES = 72;
