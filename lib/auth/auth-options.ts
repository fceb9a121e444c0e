import 'server-only';
import type { AuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { recordAudit } from '../audit/record-audit';
import { getDb } from '../db/client';
import { getEnv } from '../env';
import { resolveClientAddress } from '../security/client-address';
import { REQUEST_ID_HEADER } from '../security/headers';
import { authenticate } from './authenticate';
import { now } from '../clock';
import { ABSOLUTE_TIMEOUT_MS, deleteSession, validateSession } from './sessions';

export const SESSION_MAX_AGE_SECONDS = ABSOLUTE_TIMEOUT_MS / 1000;

export { sessionCookieName } from '../security/session-token';

let cached: AuthOptions | undefined;

/** Built on first use, never at import: `next build` imports the route module without an environment. */
export function getAuthOptions(): AuthOptions {
  if (cached) return cached;
  const env = getEnv();
  cached = {
    secret: env.NEXTAUTH_SECRET,
    useSecureCookies: env.SECURE_COOKIES,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'E-mail and password',
        credentials: {
          email: { label: 'E-mail', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        async authorize(credentials, req) {
          const db = await getDb();
          const header = (name: string) => (req?.headers?.[name] as string | undefined) ?? null;
          // Throws SignInError('LOCKED:<n>' | 'CredentialsSignin'); next-auth forwards the message as `error`.
          return authenticate(
            db,
            {
              email: credentials?.email,
              password: credentials?.password,
              userAgent: header('user-agent'),
              correlationId: header(REQUEST_ID_HEADER),
              // The socket's address, or X-Forwarded-For only as far as TRUSTED_PROXY_HOPS says (client-address.ts).
              clientAddress: resolveClientAddress(req?.headers ?? {}),
              sandbox: env.SANDBOX,
            },
            now(),
          );
        },
      }),
    ],
    callbacks: {
      // The JWT is only a pointer to the server-side session row; role and status are read per request.
      // `stage` lets the proxy send a half-signed-in browser to its next step without a database read; the guards
      // read the row itself (lib/auth/session.ts), and a finished step issues a new token (lib/auth/factors/cookie.ts).
      async jwt({ token, user }) {
        if (user && 'sid' in user) {
          const signedIn = user as { sid: string; stage?: string };
          return { sub: user.id, sid: signedIn.sid, stage: signedIn.stage ?? 'complete' };
        }
        return { sub: token.sub, sid: token.sid, stage: token.stage ?? 'complete' };
      },
      // /api/auth/session answers from the server-side row too: a revoked session throws here, and next-auth
      // then clears the cookie and returns {} (the sid itself never reaches the browser).
      async session({ session, token }) {
        const sid = typeof token.sid === 'string' ? token.sid : '';
        const check = sid ? await validateSession(await getDb(), sid, now()) : null;
        if (!check?.ok || check.user.stage !== 'complete') throw new Error('SESSION_ENDED');
        const { name, email, role } = check.user;
        return { expires: session.expires, user: { name, email, role } } as typeof session;
      },
      // Only same-origin relative targets survive (next-auth's default also allows absolute same-origin URLs).
      async redirect({ url, baseUrl }) {
        if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === new URL(baseUrl).origin) return url;
        } catch {
          // fall through to the base URL
        }
        return baseUrl;
      },
    },
    events: {
      async signOut({ token }) {
        const sid = (token as { sid?: unknown } | null)?.sid;
        if (typeof sid !== 'string') return;
        const db = await getDb();
        const check = await validateSession(db, sid, now());
        await deleteSession(db, sid);
        if (check.ok) {
          await recordAudit(
            { actor: check.user, action: 'auth.signOut', target: check.user.email, outcome: 'success' },
            db,
          ).catch((error: unknown) => console.error(`[audit] could not record auth.signOut: ${String(error)}`));
        }
      },
    },
    logger: {
      // next-auth's default logger prints full error objects; keep one line and never the credentials.
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : (metadata as { message?: string })?.message;
        console.error(`[auth] ${code}${message ? `: ${message}` : ''}`);
      },
      warn(code) {
        console.warn(`[auth] ${code}`);
      },
      debug() {},
    },
  };
  return cached;
}

/** Tests only. */
export function resetAuthOptionsForTests(): void {
  cached = undefined;
}
