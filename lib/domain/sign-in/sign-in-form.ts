/** What the sign-in form holds: the e-mail and password as typed. */
export interface SignInValues {
  email: string;
  password: string;
}

/** The refusals the form says before asking the server (catalogue `auth.login.<code>`). */
export type SignInFieldCode = 'emailRequired' | 'emailInvalid' | 'passwordRequired';

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
    if (!email) issues.push({ path: ['email'], message: 'emailRequired' });
    else if (!EMAIL_RE.test(email)) issues.push({ path: ['email'], message: 'emailInvalid' });
    if (!password) issues.push({ path: ['password'], message: 'passwordRequired' });
    return issues.length ? { success: false, error: { issues } } : { success: true, data: { email, password } };
  },
};
