/** What the sign-in form holds: the e-mail and password as typed. */
export interface SignInValues {
  email: string;
  password: string;
}

/** The refusals the form says before asking the server (codes of the `errors` catalogue). */
export type SignInFieldCode = 'EMAIL_REQUIRED' | 'EMAIL_INVALID' | 'PASSWORD_REQUIRED';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-in form's schema (the `safeParse` shape of components/forms), without zod so the login page stays small:
 * an e-mail that looks like one (trimmed) and a password that is not empty. Whether they match is the server's to say.
 */
export const signInSchema = {
  safeParse(
    input: unknown,
  ): { success: true; data: SignInValues } | { success: false; error: { issues: { path: string[]; message: SignInFieldCode }[] } } {
    const values = input as Partial<SignInValues>;
    const email = String(values.email ?? '').trim();
    const password = String(values.password ?? '');
    const issues: { path: string[]; message: SignInFieldCode }[] = [];
    if (!email) issues.push({ path: ['email'], message: 'EMAIL_REQUIRED' });
    else if (!EMAIL_RE.test(email)) issues.push({ path: ['email'], message: 'EMAIL_INVALID' });
    if (!password) issues.push({ path: ['password'], message: 'PASSWORD_REQUIRED' });
    return issues.length ? { success: false, error: { issues } } : { success: true, data: { email, password } };
  },
};
