import 'server-only';
import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '../db/client';
import { getEnv } from '../env';
import { loginPathFor } from '../security/callback-url';
import { CONSOLE_PATH_HEADER } from '../security/headers';
import { decodeSessionId, sessionCookieName } from '../security/session-token';
import { now } from '../clock';
import { can, type Permission } from './permissions';
import { permissionForRoute, type RoutePattern } from './routes';
import { validateSession, type SessionUser } from './sessions';

export type { SessionUser } from './sessions';

/** Decodes the next-auth cookie value and validates the session row it points to. */
export async function resolveSessionUser(token: string | undefined, secret: string): Promise<SessionUser | null> {
  // null for a missing, tampered, foreign-secret or expired JWT (decrypted once per token: lib/security/session-token.ts)
  const sid = await decodeSessionId(token, secret);
  if (!sid) return null;
  const check = await validateSession(await getDb(), sid, now());
  return check.ok ? check.user : null;
}

/**
 * The session behind this request's cookie at whatever stage it is (a password given, the second factor still
 * owed), or null. Only the sign-in steps themselves (second factor, enrolment, sign-out) read this; everything
 * else reads {@link getCurrentUser}. Memoised per request by React's cache().
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const env = getEnv();
  const jar = await cookies();
  return resolveSessionUser(jar.get(sessionCookieName(env.SECURE_COOKIES))?.value, env.NEXTAUTH_SECRET);
});

/**
 * The signed-in user for this request, or null. Validates the server-side session on every call (idle 30 min,
 * absolute 8 h, disabled user, current role). A session still owing its second factor (or its enrolment) is not
 * signed in: every route handler, action and page that reads this refuses it.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const user = await getSessionUser();
  return user?.stage === 'complete' ? user : null;
});

/** Where a session that has not finished signing in must go next. */
export function pathForStage(user: SessionUser): string | null {
  if (user.stage === 'second-factor') return '/login/second-factor';
  if (user.stage === 'enrol') return user.mustChangePassword ? '/change-password' : '/enrol';
  return null;
}

/** The path+query of the page being rendered, as recorded by proxy.ts. */
export async function currentPath(): Promise<string> {
  return (await headers()).get(CONSOLE_PATH_HEADER) ?? '/';
}

/**
 * For pages: signed out → /login?callbackUrl=<this page>; must change password → /change-password;
 * lacking `permission` → Next's forbidden() (HTTP 403, app/forbidden.tsx).
 */
export async function requireUser(
  permission?: Permission,
  opts: { allowPasswordChangePending?: boolean; allowEnrolment?: boolean } = {},
): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(loginPathFor(await currentPath()));
  // The second factor comes before anything; a team that requires one lets a user without one change a
  // one-time password and enrol, nothing else.
  if (user.stage === 'second-factor') redirect('/login/second-factor');
  if (user.stage === 'enrol' && !(opts.allowEnrolment || (opts.allowPasswordChangePending && user.mustChangePassword))) {
    redirect(pathForStage(user)!);
  }
  if (user.mustChangePassword && !opts.allowPasswordChangePending) redirect('/change-password');
  if (permission && !can(user.role, permission)) forbidden();
  return user;
}

/** For console pages: `requirePage('/accounts/new')` checks the permission the route table gives that page. */
export async function requirePage(pattern: RoutePattern): Promise<SessionUser> {
  return requireUser(permissionForRoute(pattern));
}
