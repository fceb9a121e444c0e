import { DISABLED_SIGN_IN_ERROR, LOCKED_PREFIX, rateLimitedSeconds } from '@/lib/auth/sign-in-error-codes';

/** A sign-in failure as a catalogue key (namespace `auth.signInError`) with its values. */
export type LoginError =
  | { key: 'incorrect' | 'sessionRequired' | 'disabled' }
  | { key: 'locked'; minutes: number }
  | { key: 'rateLimited'; minutes: number; seconds: number };

/**
 * What to say for next-auth's `error` value: a lockout with its duration, "please sign in", a disabled account (sent
 * only after the password matched, so saying it is no leak), and for every other failure one neutral sentence that
 * never says which of e-mail or password was wrong.
 */
export function loginError(error: string | null | undefined): LoginError | null {
  if (!error) return null;
  const locked = new RegExp(`^${LOCKED_PREFIX}(\\d{1,4})$`).exec(error);
  if (locked) return { key: 'locked', minutes: Math.max(1, Number(locked[1])) };
  const wait = rateLimitedSeconds(error);
  // minutes = 0: the wait is worded in seconds (catalogue `auth.signInError.rateLimited`).
  if (wait !== null) return { key: 'rateLimited', minutes: wait < 60 ? 0 : Math.ceil(wait / 60), seconds: wait };
  if (error === 'SessionRequired') return { key: 'sessionRequired' };
  if (error === DISABLED_SIGN_IN_ERROR) return { key: 'disabled' };
  return { key: 'incorrect' };
}
