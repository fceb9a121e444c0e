// Client-safe. next-auth passes the credentials error as `error` (signIn result or `/login?error=`).

export const LOCKED_PREFIX = 'LOCKED:';
export const GENERIC_SIGN_IN_ERROR = 'CredentialsSignin';
/** Only sent once the password matched: the person knows the account, so saying why is no leak. */
export const DISABLED_SIGN_IN_ERROR = 'AccountDisabled';
export const DISABLED_MESSAGE = 'This account is disabled. Ask an admin of your company to re-enable it.';

export function lockedError(minutes: number): string {
  return `${LOCKED_PREFIX}${Math.max(1, Math.ceil(minutes))}`;
}

export function lockoutMessage(minutes: number): string {
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * The sentence to show for next-auth's `error` value; null when there is no error.
 * `LOCKED:<minutes>` → lockout sentence; anything else → one generic sentence (never says which part was wrong).
 */
export function signInErrorMessage(error: string | null | undefined): string | null {
  if (!error) return null;
  const match = /^LOCKED:(\d{1,4})$/.exec(error);
  if (match) return lockoutMessage(Number(match[1]));
  if (error === 'SessionRequired') return 'Please sign in to continue.';
  if (error === DISABLED_SIGN_IN_ERROR) return DISABLED_MESSAGE;
  return 'Incorrect e-mail or password.';
}
