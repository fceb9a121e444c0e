// Client-safe. next-auth passes the credentials error as `error` (signIn result or `/login?error=`).

export const LOCKED_PREFIX = 'LOCKED:';
/** `RATE_LIMITED:<seconds>`: too many attempts from this address or for this e-mail; the callback answers 429. */
export const RATE_LIMITED_PREFIX = 'RATE_LIMITED:';
export const GENERIC_SIGN_IN_ERROR = 'CredentialsSignin';
/** Only sent once the password matched: the person knows the account, so saying why is no leak. */
export const DISABLED_SIGN_IN_ERROR = 'AccountDisabled';
export const DISABLED_MESSAGE = 'This account is disabled. Ask an admin of your company to re-enable it.';

export function lockedError(minutes: number): string {
  return `${LOCKED_PREFIX}${Math.max(1, Math.ceil(minutes))}`;
}

export function rateLimitedError(retryAfterSeconds: number): string {
  return `${RATE_LIMITED_PREFIX}${Math.min(86_400, Math.max(1, Math.ceil(retryAfterSeconds)))}`;
}

/** The seconds of a `RATE_LIMITED:<seconds>` error, else null. */
export function rateLimitedSeconds(error: string | null | undefined): number | null {
  const match = /^RATE_LIMITED:(\d{1,5})$/.exec(error ?? '');
  return match ? Math.max(1, Number(match[1])) : null;
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
  const wait = rateLimitedSeconds(error);
  if (wait !== null) return `Too many sign-in attempts. Try again in ${wait < 60 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`}.`;
  if (error === 'SessionRequired') return 'Please sign in to continue.';
  if (error === DISABLED_SIGN_IN_ERROR) return DISABLED_MESSAGE;
  return 'Incorrect e-mail or password.';
}
