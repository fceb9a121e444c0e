import { DISABLED_SIGN_IN_ERROR, LOCKED_PREFIX, rateLimitedSeconds } from '@/lib/auth/sign-in-error-codes';

/** A sign-in failure as a code of the `errors` catalogue with the values its sentence names. */
export type LoginError =
  | { code: 'SIGN_IN_INCORRECT' | 'SIGN_IN_SESSION_REQUIRED' | 'SIGN_IN_DISABLED' | 'SIGN_IN_UNREACHABLE' }
  | { code: 'SIGN_IN_LOCKED'; values: { minutes: number } }
  | { code: 'SIGN_IN_RATE_LIMITED'; values: { minutes: number; seconds: number } };

/**
 * What to say for next-auth's `error` value: a lockout with its duration, "please sign in", a disabled account (sent
 * only after the password matched, so saying it is no leak), and for every other failure one neutral sentence that
 * never says which of e-mail or password was wrong.
 */
export function loginError(error: string | null | undefined): LoginError | null {
  if (!error) return null;
  const locked = new RegExp(`^${LOCKED_PREFIX}(\\d{1,4})$`).exec(error);
  if (locked) return { code: 'SIGN_IN_LOCKED', values: { minutes: Math.max(1, Number(locked[1])) } };
  const wait = rateLimitedSeconds(error);
  // minutes = 0: the wait is worded in seconds (the catalogue's SIGN_IN_RATE_LIMITED).
  if (wait !== null) return { code: 'SIGN_IN_RATE_LIMITED', values: { minutes: wait < 60 ? 0 : Math.ceil(wait / 60), seconds: wait } };
  if (error === 'SessionRequired') return { code: 'SIGN_IN_SESSION_REQUIRED' };
  if (error === DISABLED_SIGN_IN_ERROR) return { code: 'SIGN_IN_DISABLED' };
  return { code: 'SIGN_IN_INCORRECT' };
}
