import 'server-only';
import { encode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { getEnv } from '../../env';
import { sessionCookieName } from '../../security/session-token';
import { ABSOLUTE_TIMEOUT_MS } from '../sessions';
import type { SessionStage } from '../session-cache';

/**
 * Replaces the session cookie after a finished sign-in step, as next-auth would have issued it (same name, JWT
 * encryption, lifetime and flags): it points to the new session row and says the new stage for the proxy.
 */
export async function setSessionCookie(user: { id: string }, sid: string, stage: SessionStage): Promise<void> {
  const env = getEnv();
  const maxAge = ABSOLUTE_TIMEOUT_MS / 1000;
  const token = await encode({ token: { sub: user.id, sid, stage }, secret: env.NEXTAUTH_SECRET, maxAge });
  (await cookies()).set(sessionCookieName(env.SECURE_COOKIES), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.SECURE_COOKIES,
    maxAge,
  });
}
