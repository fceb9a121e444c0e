import 'server-only';
import { encode } from 'next-auth/jwt';
import { NextResponse } from 'next/server';
import { now } from '../clock';
import { getDb } from '../db/client';
import { getEnv } from '../env';
import { sanitizeCallbackUrl } from '../security/callback-url';
import { REQUEST_ID_HEADER } from '../security/headers';
import { sessionCookieName } from '../security/session-token';
import { SESSION_MAX_AGE_SECONDS } from './auth-options';
import { resolveClientAddress } from '../security/client-address';
import { authenticate } from './authenticate';
import { GENERIC_SIGN_IN_ERROR } from './sign-in-error-codes';

/** A sign-in form is a few hundred bytes; anything far larger is not one. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * The sign-in form's plain-HTML path: `<form method="post">` reaches here when it is submitted before the page's
 * scripts run (JavaScript off, a slow or loaded machine), so the password travels in a POST body, never in a URL, and
 * the person is still signed in. It does what next-auth's credentials callback does for the scripted path — the same
 * `authenticate` (lockout per e-mail and address, audit, session row) and a session cookie next-auth reads — without
 * next-auth's CSRF cookie, which a first visit without scripts has not got: the proxy refuses a POST from another
 * origin before it gets here (lib/security/origin-check.ts), which is what that cookie guards against.
 * Answers 303: to the callback page signed in, or back to /login with the error the page words.
 */
export async function signInFromForm(request: Request): Promise<Response> {
  const env = getEnv();
  const back = (params: Record<string, string>) =>
    NextResponse.redirect(new URL(`/login?${new URLSearchParams(params).toString()}`, env.PUBLIC_ORIGIN), 303);

  const declared = Number(request.headers.get('content-length') ?? '');
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if ((Number.isFinite(declared) && declared > MAX_FORM_BYTES) || !type.startsWith('application/x-www-form-urlencoded')) {
    return back({ error: GENERIC_SIGN_IN_ERROR });
  }
  const text = await request.text();
  if (text.length > MAX_FORM_BYTES) return back({ error: GENERIC_SIGN_IN_ERROR });
  const form = new URLSearchParams(text);
  const callbackUrl = sanitizeCallbackUrl(form.get('callbackUrl'), env.PUBLIC_ORIGIN);

  let user: Awaited<ReturnType<typeof authenticate>>;
  try {
    user = await authenticate(
      await getDb(),
      {
        email: form.get('email') ?? '',
        password: form.get('password') ?? '',
        userAgent: request.headers.get('user-agent'),
        correlationId: request.headers.get(REQUEST_ID_HEADER),
        clientAddress: resolveClientAddress(request.headers),
        sandbox: env.SANDBOX,
      },
      now(),
    );
  } catch (error) {
    // SignInError carries the code the login page words (generic, LOCKED:<n>, AccountDisabled); anything else is
    // worded as the generic failure and logged without the credentials.
    const code = error instanceof Error && error.name === 'SignInError' ? error.message : GENERIC_SIGN_IN_ERROR;
    if (!(error instanceof Error && error.name === 'SignInError')) {
      console.error(`[auth] form sign-in failed: ${error instanceof Error ? error.name : 'error'}`);
    }
    return back({ error: code, callbackUrl });
  }

  // The same token next-auth's jwt callback makes (auth-options.ts): a pointer to the session row and its stage, so
  // the proxy sends a half-signed-in browser on to its second factor or enrolment, keeping the callback.
  const token = await encode({ token: { sub: user.id, sid: user.sid, stage: user.stage }, secret: env.NEXTAUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
  const response = NextResponse.redirect(new URL(callbackUrl, env.PUBLIC_ORIGIN), 303);
  response.cookies.set(sessionCookieName(env.SECURE_COOKIES), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.SECURE_COOKIES,
    expires: new Date(now().getTime() + SESSION_MAX_AGE_SECONDS * 1000),
  });
  return response;
}
