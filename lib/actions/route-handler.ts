import 'server-only';
import { getCurrentUser, type SessionUser } from '@/lib/auth/session';
import { can, type Permission } from '@/lib/auth/permissions';
import { makeFailure, toFailure, type Failure, type FieldProblem, type MessageValues } from '@/lib/errors';
import { errorsTranslator } from '@/lib/i18n/errors-translator';
import { withApiHeaders } from '@/lib/security/api-headers';
import { errorField, log } from '@/lib/observability/logger';
import { annotateRequest, currentRequestId } from '@/lib/observability/request-context';

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

/** A failed route answers with the `Failure` itself (no stack, no upstream body, no secret) and its status. */
export function failureResponse(failure: Failure): Response {
  const retry = failure.retryAfterSeconds;
  return jsonResponse(failure, failure.httpStatus, typeof retry === 'number' ? { 'Retry-After': String(Math.max(1, Math.ceil(retry))) } : {});
}

/**
 * A refusal the route makes itself (bad query, malformed id) as a `Failure` response: codes and values, worded
 * from the catalogue in the request's language (English for an API client that sends none).
 */
export async function routeFailure(
  code: string,
  httpStatus: number,
  fields: Record<string, string | FieldProblem> = {},
  values?: MessageValues,
): Promise<Response> {
  const problems = Object.fromEntries(Object.entries(fields).map(([path, p]) => [path, typeof p === 'string' ? { code: p } : p]));
  return failureResponse(makeFailure(code, httpStatus, { fields: problems, values, t: await errorsTranslator() }));
}

/**
 * Wraps a GET route handler: session (401), password-change gate and permission (403) checked here, on every
 * request, never trusting the proxy; every thrown error becomes a `Failure` (the service's 4xx keeps its status,
 * anything unexpected is a 500 with a reference and nothing else). Every answer gets the security headers here:
 * reads of our route handlers are outside proxy.ts's matcher (lib/security/api-headers.ts says why).
 */
export function guardedGet<P = Record<string, never>>(
  permission: Permission,
  run: (ctx: GuardedContext<P>) => Promise<Response>,
  options: GuardOptions = {},
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  const getUser = options.getUser ?? getCurrentUser;
  return async (request, context) => withApiHeaders(await answer(request, context));
  async function answer(request: Request, context: { params: Promise<P> }): Promise<Response> {
    const user = await getUser();
    if (!user) return routeFailure('UNAUTHENTICATED', 401);
    if (user.mustChangePassword) return routeFailure('PASSWORD_CHANGE_REQUIRED', 403);
    annotateRequest(currentRequestId(), { userId: user.id });
    if (!can(user.role, permission)) return routeFailure('FORBIDDEN', 403);
    try {
      return await run({ request, params: await context.params, user });
    } catch (error) {
      const correlationId = currentRequestId() ?? crypto.randomUUID();
      const failure = toFailure(error, { correlationId, t: await errorsTranslator() });
      if (failure.httpStatus >= 500) {
        log().error({ kind: 'route', requestId: correlationId, code: failure.code, error: errorField(error) }, 'route failed');
      }
      return failureResponse(failure);
    }
  }
}
