// The proxy's logic, separated from proxy.ts so vitest can drive it with plain NextRequests.
import { NextResponse, type NextRequest } from 'next/server';
import { decodeSessionToken, sessionCookieName } from './session-token';
import { ACTION_BODY_LIMIT, checkActionRequest } from './action-guard';
import { loginPathFor } from './callback-url';
import { buildCsp, generateNonce } from './csp';
import { CONSOLE_PATH_HEADER, NONCE_HEADER, REQUEST_ID_HEADER } from './headers';
import { checkOrigin } from './origin-check';
import { refusalBody } from './refusal-body';
import { publicUrlFrom } from './public-url';
import { isPublicPath } from './route-access';
import { isSafeRequestId } from '@/lib/domain/observability/request-id';
import { log } from '@/lib/observability/logger';

import { NO_CONTENT_CSP, setSecurityHeaders } from './api-headers';

export { NO_CONTENT_CSP };

export type ProxyDeps = {
  env?: Record<string, string | undefined>;
  /**
   * The session JWT's sign-in stage (`complete`, `second-factor`, `enrol`), or null without a valid-looking one.
   * Default: it decrypts, under NEXTAUTH_SECRET, and has not expired. `true`/`false` are accepted (tests) as
   * complete / none.
   */
  hasSession?: (request: NextRequest, secureCookie: boolean) => Promise<boolean | string | null>;
};

async function defaultHasSession(request: NextRequest, secureCookie: boolean): Promise<string | null> {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) return null;
  // The same cookie getCurrentUser reads; decoded once per token string (lib/security/session-token.ts), so the page
  // or route handler behind the proxy does not decrypt it a second time.
  return (await decodeSessionToken(request.cookies.get(sessionCookieName(secureCookie))?.value, secret))?.stage ?? null;
}

/** Route handlers of our own; next-auth's (/api/auth/*) keep the full path, as they may answer with a page. */
function isApiPath(pathname: string): boolean {
  return (pathname === '/api' || pathname.startsWith('/api/')) && pathname !== '/api/auth' && !pathname.startsWith('/api/auth/');
}

/** Where a page request of a session at `stage` must go instead, or null when it may open `pathname`. */
export function stepPathFor(stage: string, pathname: string): string | null {
  if (stage === 'complete') return null;
  if (stage === 'enrol') return pathname === '/enrol' || pathname === '/change-password' ? null : '/enrol';
  // `second-factor` (and anything unknown): only the second-factor page, which is under the public /login.
  return '/login/second-factor';
}

export async function handleProxy(request: NextRequest, deps: ProxyDeps = {}): Promise<NextResponse> {
  const env = deps.env ?? process.env;
  const publicUrl = publicUrlFrom(env);
  const https = publicUrl.protocol === 'https:';
  // Given by the HTTP hook before Next read the request (lib/observability/http-hook.ts), which replaced whatever a
  // client sent unless a trusted proxy set it; the same id then reaches the page, the action, the service and the logs.
  const incomingId = request.headers.get(REQUEST_ID_HEADER);
  const requestId = isSafeRequestId(incomingId) ? incomingId : crypto.randomUUID();
  const { pathname, search } = request.nextUrl;

  // Redirects and refusals the proxy answers itself carry no page: the strictest policy (nothing loads, no framing).
  const finish = (response: NextResponse, csp: string = NO_CONTENT_CSP) => {
    setSecurityHeaders(response.headers, { https, csp, requestId });
    return response;
  };

  // The trailing-slash redirect, made here so it carries the headers: Next's own 308 carries none, even those of
  // next.config's headers() (next.config.mjs skips it).
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const path = pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
    return finish(NextResponse.redirect(new URL(`${path}${search}`, publicUrl.origin), 308));
  }

  const origin = checkOrigin({
    method: request.method,
    pathname,
    origin: request.headers.get('origin'),
    host: request.headers.get('host'),
    publicOrigin: publicUrl.origin,
  });
  if (!origin.allowed) {
    log().warn({ kind: 'proxy', requestId, method: request.method, reason: `origin ${origin.reason}` }, 'refused');
    return finish(NextResponse.json(refusalBody('FORBIDDEN_ORIGIN'), { status: 403 }));
  }

  // A server-action body Next would answer with a 500 (malformed, over 1 MB): refused here, without a stack.
  const action = await checkActionRequest(request, pathname);
  if (!action.ok) {
    log().warn({ kind: 'proxy', requestId, method: request.method, reason: action.code }, 'refused');
    const details = { requestId, ...(action.field ? { field: action.field } : {}), ...(action.code === 'PAYLOAD_TOO_LARGE' ? { maxSizeBytes: ACTION_BODY_LIMIT } : {}) };
    return finish(NextResponse.json(refusalBody(action.code, details), { status: action.status }));
  }

  const method = request.method.toUpperCase();
  if ((method === 'GET' || method === 'HEAD') && !isPublicPath(pathname)) {
    const found = await (deps.hasSession ?? defaultHasSession)(request, https);
    const stage = found === true ? 'complete' : found === false ? null : found;
    if (!stage) {
      const target = new URL(loginPathFor(`${pathname}${search}`), publicUrl.origin);
      return finish(NextResponse.redirect(target));
    }
    // Half signed in: only the next step opens (pages check the session row again, and so does every action).
    const step = stepPathFor(stage, pathname);
    if (step) {
      const target = new URL(step, publicUrl.origin);
      if (step === '/login/second-factor') target.searchParams.set('callbackUrl', `${pathname}${search}`);
      return finish(NextResponse.redirect(target));
    }
  }

  // A read of a route handler (JSON, CSV, an event stream) renders no page: it needs the headers above and the strict
  // no-content policy, not a script nonce, a page CSP or rewritten request headers (which make Next copy every
  // request header onto the handler's request: measured with `npm run bench:proxy`). Writes keep the full path below.
  if ((method === 'GET' || method === 'HEAD') && isApiPath(pathname)) return finish(NextResponse.next());

  const nonce = generateNonce();
  const csp = buildCsp({ nonce, https, dev: env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  requestHeaders.set(NONCE_HEADER, nonce);
  // Next reads the nonce from this request header and applies it to its own scripts.
  requestHeaders.set('Content-Security-Policy', csp);
  requestHeaders.set(CONSOLE_PATH_HEADER, `${pathname}${search}`);
  // Client-controlled; Next's server-action origin check would otherwise trust it over Host.
  const host = request.headers.get('host');
  if (host) requestHeaders.set('x-forwarded-host', host);
  else requestHeaders.delete('x-forwarded-host');

  return finish(NextResponse.next({ request: { headers: requestHeaders } }), csp);
}
