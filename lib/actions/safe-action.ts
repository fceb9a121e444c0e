import 'server-only';
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { createSafeActionClient } from 'next-safe-action';
import { z } from 'zod';
import { getSessionUser, pathForStage } from '../auth/session';
import { PERMISSIONS, can } from '../auth/permissions';
import type { SessionUser } from '../auth/sessions';
import { recordAudit } from '../audit/record-audit';
import { loginPathFor } from '../security/callback-url';
import { CONSOLE_PATH_HEADER, REQUEST_ID_HEADER } from '../security/headers';
import { toFailure, validationFailure, type Failure, type Translator } from '../errors';
import { errorsTranslator } from '../i18n/errors-translator';
import { errorField, log } from '../observability/logger';
import { annotateRequest, runWithRequestContext } from '../observability/request-context';
import { withSpan } from '../observability/tracing';

/** Handlers may set what the audit event names as target and add details (secrets are redacted). */
export type AuditNote = { target?: string; details?: Record<string, unknown> };
export type ActionContext = { user: SessionUser; correlationId: string; audit: AuditNote };

const metadataSchema = z.object({
  /** `area.verb`, e.g. `team.changeRole` — becomes the audit event's action. */
  name: z.string().min(1),
  permission: z.enum(PERMISSIONS).optional(),
  /**
   * Runs for a user the team's second-factor requirement holds at enrolment (set up a factor, change a one-time
   * password). Every other action refuses any session that has not finished signing in.
   */
  allowEnrolment: z.boolean().optional(),
});

/**
 * Turns any thrown error into what the browser may see (the one `Failure` shape). Unexpected errors are logged
 * by name and message only (stacks and request bodies may hold secrets) and reach the user as one sentence with
 * the correlation id.
 */
export function toActionFailure(error: unknown, correlationId: string, actionName = 'action', t?: Translator): Failure {
  const failure = toFailure(error, { correlationId, t });
  if (failure.code === 'INTERNAL') {
    log().error({ kind: 'action', action: actionName, requestId: correlationId, error: errorField(error) }, 'action failed');
  }
  return failure;
}

async function requestInfo(): Promise<{ correlationId: string; path: string }> {
  try {
    const h = await headers();
    return { correlationId: h.get(REQUEST_ID_HEADER) ?? randomUUID(), path: h.get(CONSOLE_PATH_HEADER) ?? '/' };
  } catch {
    return { correlationId: randomUUID(), path: '/' };
  }
}

function defaultTarget(input: unknown): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  for (const key of ['id', 'userId', 'accountId', 'operationId', 'beneficiaryId', 'subscriptionId', 'payoutId']) {
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/**
 * session → permission → zod → handler → audit.
 * - signed out (or session ended): redirect to /login?callbackUrl=<page>;
 * - must change a one-time password: permissioned actions redirect to /change-password;
 * - permission refused: audit `denied`, then Next's forbidden() → HTTP 403 (experimental.authInterrupts);
 * - invalid input: `validationErrors = Failure { code: 'INVALID_INPUT', fieldErrors }` (no audit: nothing ran);
 *   read results on the client with readActionResult() from ./result.
 * - handler throws DomainError/ApiError/anything: `serverError = Failure` (lib/errors), audit `error`;
 * - success: audit `success`.
 */
export const actionClient = createSafeActionClient({
  defineMetadataSchema: () => metadataSchema,
  handleServerError: async (error, utils): Promise<Failure> => {
    const ctx = utils.ctx as Partial<ActionContext> | undefined;
    return toActionFailure(error, ctx?.correlationId ?? randomUUID(), utils.metadata?.name, await errorsTranslator());
  },
}).use(async ({ next, metadata, clientInput }) => {
  const { correlationId, path } = await requestInfo();
  const user = await getSessionUser();
  if (!user) redirect(loginPathFor(path));
  // The access log line, the service calls (X-Request-Id) and the spans of this action carry who and what.
  annotateRequest(correlationId, { userId: user.id, operation: metadata.name });
  if (user.stage === 'second-factor' || (user.stage === 'enrol' && !metadata.allowEnrolment)) redirect(pathForStage(user)!);
  // A one-time password must be replaced before anything permissioned runs (the change itself needs none).
  if (user.mustChangePassword && metadata.permission) redirect('/change-password');

  if (metadata.permission && !can(user.role, metadata.permission)) {
    await recordAudit({
      actor: user,
      action: metadata.name,
      target: defaultTarget(clientInput) ?? null,
      outcome: 'denied',
      correlationId,
      details: { permission: metadata.permission, role: user.role },
    }).catch((error: unknown) => {
      // The refusal stands even if the log write fails; the failure itself is logged.
      log().error({ kind: 'audit', action: metadata.name, requestId: correlationId, error: errorField(error) }, 'could not record denied action');
    });
    forbidden();
  }

  const audit: AuditNote = {};
  const result = await runWithRequestContext({ requestId: correlationId, userId: user.id, operation: metadata.name }, () =>
    withSpan(`action ${metadata.name}`, { 'console.action': metadata.name, 'console.request_id': correlationId }, () =>
      next({ ctx: { user, correlationId, audit } satisfies ActionContext }),
    ),
  );

  if (result.validationErrors !== undefined) {
    // One failure shape on the wire: a `Failure` instead of zod's tree.
    (result as { validationErrors: unknown }).validationErrors = validationFailure(result.validationErrors, await errorsTranslator());
  }
  // Validation failures never reached the handler; navigation (redirect/notFound) is not an outcome.
  if (result.validationErrors === undefined && !result.navigationKind) {
    const failed = result.serverError !== undefined || !result.success;
    const failure = result.serverError as Failure | undefined;
    await recordAudit({
      actor: user,
      action: metadata.name,
      target: audit.target ?? defaultTarget(result.parsedInput ?? clientInput) ?? null,
      // A refusal of who is asking (403: another person's payout to approve, a requester approving their own) is a
      // denied attempt, like a missing permission; anything else that failed is an error.
      outcome: failed ? (failure?.httpStatus === 403 ? 'denied' : 'error') : 'success',
      correlationId,
      details: failed ? { ...audit.details, code: failure?.code ?? 'INTERNAL' } : audit.details,
    }).catch((error: unknown) => {
      log().error({ kind: 'audit', action: metadata.name, requestId: correlationId, error: errorField(error) }, 'could not record action');
    });
  }
  return result;
});
