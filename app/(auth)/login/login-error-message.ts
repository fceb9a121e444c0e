import { DISABLED_SIGN_IN_ERROR, signInErrorMessage } from '@/lib/auth/sign-in-errors';

const INCORRECT = 'E-mail or password is incorrect.';

/**
 * The sentence for next-auth's `error` value: lockout, disabled account (told only after the password matched)
 * and "please sign in" come from lib/auth; every other
 * failure is one neutral sentence that never says which of the two was wrong.
 */
export function loginErrorMessage(error: string | null | undefined): string | null {
  if (!error) return null;
  if (error.startsWith('LOCKED:') || error === 'SessionRequired' || error === DISABLED_SIGN_IN_ERROR) return signInErrorMessage(error);
  return INCORRECT;
}
