// Client-safe. The codes next-auth passes as `error` (signIn result or `/login?error=`); the login page words them
// from the catalogue (app/(auth)/login/login-error-message.ts).

export const LOCKED_PREFIX = 'LOCKED:';
/** `RATE_LIMITED:<seconds>`: too many attempts from this address or for this e-mail; the callback answers 429. */
export const RATE_LIMITED_PREFIX = 'RATE_LIMITED:';
export const GENERIC_SIGN_IN_ERROR = 'CredentialsSignin';
/** Only sent once the password matched: the person knows the account, so saying why is no leak. */
export const DISABLED_SIGN_IN_ERROR = 'AccountDisabled';

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
