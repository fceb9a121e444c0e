import 'server-only';
import { getCurrentUser, type SessionUser } from '@/lib/auth/session';
import { can, type Permission } from '@/lib/auth/permissions';
import { ApiError, toUserMessage } from './errors';

/** The JSON body of every failed console route handler: no stack, no upstream body, no secret. */
export interface RouteErrorBody {
  code: string;
  message: string;
  requestId: string | null;
  fieldErrors?: Record<string, string>;
}

export interface GuardedContext<P> {
  request: Request;
  params: P;
  user: SessionUser;
}

export interface GuardOptions {
  /** Injectable for tests; the app reads the server-side session. */
  getUser?: () => Promise<SessionUser | null>;
}

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

export function routeError(status: number, body: RouteErrorBody): Response {
  return jsonResponse(body, status);
}

/**
 * Upstream 401/403 mean the CONSOLE's credentials were refused, not the user's session: answering 401 would make
 * the browser think it was signed out, so they become 502. Everything else keeps the service's status.
 */
export function statusForApiError(error: ApiError): number {
  if (error.status === 401 || error.status === 403) return 502;
  if (error.status < 400 || error.status > 599) return 502;
  return error.status;
}

export function apiErrorResponse(error: ApiError): Response {
  const body: RouteErrorBody = { code: error.code, message: toUserMessage(error), requestId: error.requestId };
  if (Object.keys(error.fieldErrors).length > 0) body.fieldErrors = error.fieldErrors;
  return routeError(statusForApiError(error), body);
}

/**
 * Wraps a GET route handler: session (401), password-change gate and permission (403) checked here, on every
 * request, never trusting the proxy; ApiError → its status and a sentence; anything else → 500 without details.
 */
export function guardedGet<P = Record<string, never>>(
  permission: Permission,
  run: (ctx: GuardedContext<P>) => Promise<Response>,
  options: GuardOptions = {},
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  const getUser = options.getUser ?? getCurrentUser;
  return async (request, context) => {
    const user = await getUser();
    if (!user) return routeError(401, { code: 'UNAUTHENTICATED', message: 'Sign in to continue.', requestId: null });
    if (user.mustChangePassword) {
      return routeError(403, { code: 'PASSWORD_CHANGE_REQUIRED', message: 'Change your password to continue.', requestId: null });
    }
    if (!can(user.role, permission)) {
      return routeError(403, { code: 'FORBIDDEN', message: 'Your role does not allow this.', requestId: null });
    }
    try {
      return await run({ request, params: await context.params, user });
    } catch (error) {
      if (error instanceof ApiError) return apiErrorResponse(error);
      const correlationId = crypto.randomUUID();
      console.error(JSON.stringify({ level: 'error', source: 'route', path: new URL(request.url).pathname, correlationId, error: error instanceof Error ? error.name : 'unknown' }));
      return routeError(500, { code: 'INTERNAL_ERROR', message: `Something went wrong (reference ${correlationId}).`, requestId: correlationId });
    }
  };
}
