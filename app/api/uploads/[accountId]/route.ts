import { getAccount } from '@/lib/api/accounts';
import { uploadDocumentStream } from '@/lib/api/documents';
import { failureResponse, jsonResponse } from '@/lib/actions/route-handler';
import { recordAudit } from '@/lib/audit/record-audit';
import { can } from '@/lib/auth/permissions';
import { getCurrentUser } from '@/lib/auth/session';
import { MAX_DOCUMENT_BYTES } from '@/lib/domain/accounts/document-file';
import { ownerUbos } from '@/lib/domain/accounts/owner';
import { makeFailure, toFailure, type Failure } from '@/lib/errors';
import { errorsTranslator } from '@/lib/i18n/errors-translator';
import { checkOrigin } from '@/lib/security/origin-check';
import { refusalBody } from '@/lib/security/refusal-body';
import { withApiHeaders } from '@/lib/security/api-headers';
import { REQUEST_ID_HEADER } from '@/lib/security/headers';
import { publicUrlFrom } from '@/lib/security/public-url';
import { rateLimits } from '@/lib/security/rate-limits';
import { relayDocumentUpload, type RelayOutcome } from '@/lib/accounts/relay-document';
import { isUuid } from '@/lib/validation/uuid';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const ACTION = 'accounts.uploadDocument';

/** Our answer, with the correlation id the audit event carries as its request id. */
function answer(response: Response, correlationId: string): Response {
  response.headers.set(REQUEST_ID_HEADER, correlationId);
  return withApiHeaders(response);
}

function refusal(failure: Failure, correlationId: string): Response {
  return answer(failureResponse(failure), correlationId);
}

/** Holder, document type, file name, size and SHA-256: enough to prove what was sent, never the bytes. */
function auditDetails(outcome: RelayOutcome): Record<string, unknown> {
  if (!('meta' in outcome) || !outcome.meta) return {};
  return {
    holder: outcome.meta.holder,
    documentType: outcome.meta.documentType,
    ...(outcome.meta.documentSubType ? { documentSubType: outcome.meta.documentSubType } : {}),
    fileName: outcome.fileName,
    size: outcome.size,
    ...('sha256' in outcome && outcome.sha256 ? { sha256: outcome.sha256 } : {}),
    ...(outcome.ok ? { mime: outcome.mime } : {}),
  };
}

/**
 * POST /api/uploads/{accountId} — one KYB document, streamed to the service's POST /api/documents.
 * Multipart from the browser: `meta` (JSON: documentType, documentSubType?, holder, metadata?) then `file`;
 * header `X-Idempotency-Key` (one per upload intent, the same on every retry of it).
 *
 * A route handler, not a server action: actions cap bodies at 1 MB and report no progress. This path is outside
 * proxy.ts's matcher on purpose: Next copies the body of every request its proxy sees into memory (cut off at
 * 10 MiB, next/dist/server/body-streams.js), which a streamed 10 MB upload cannot afford. So the origin check and
 * the security headers the proxy would add are done here, before the body is read.
 */
export async function POST(request: Request, context: { params: Promise<{ accountId: string }> }): Promise<Response> {
  const url = new URL(request.url);
  const origin = checkOrigin({
    method: request.method,
    pathname: url.pathname,
    origin: request.headers.get('origin'),
    host: request.headers.get('host'),
    publicOrigin: publicUrlFrom(process.env).origin,
  });
  if (!origin.allowed) return withApiHeaders(jsonResponse(refusalBody('FORBIDDEN_ORIGIN'), 403));

  // Made here, as the proxy makes it for the requests it sees: a client's X-Request-Id (any length, any text) never
  // becomes the audit event's correlation id.
  const correlationId = crypto.randomUUID();
  const t = await errorsTranslator();
  const user = await getCurrentUser();
  if (!user) return refusal(makeFailure('UNAUTHENTICATED', 401, { t }), correlationId);
  const { accountId } = await context.params;
  if (user.mustChangePassword || !can(user.role, 'accounts:documents')) {
    await recordAudit({
      actor: user,
      action: ACTION,
      target: isUuid(accountId) ? accountId : null,
      outcome: 'denied',
      correlationId,
      details: { permission: 'accounts:documents', role: user.role },
    }).catch(() => console.error(`[audit] could not record denied upload (correlation ${correlationId})`));
    return refusal(makeFailure(user.mustChangePassword ? 'PASSWORD_CHANGE_REQUIRED' : 'FORBIDDEN', 403, { t }), correlationId);
  }
  if (!isUuid(accountId)) return refusal(makeFailure('RESOURCE_NOT_FOUND', 404, { t }), correlationId);
  try {
    // Before the body is read: a refused upload costs no bandwidth to the service. 429 with Retry-After.
    await rateLimits.upload.enforce(user.id);
  } catch (error) {
    return refusal(toFailure(error, { correlationId, t }), correlationId);
  }
  const idempotencyKey = request.headers.get('x-idempotency-key') ?? '';
  if (!isUuid(idempotencyKey)) return refusal(makeFailure('IDEMPOTENCY_KEY_REQUIRED', 400, { t }), correlationId);

  const outcome = await relayDocumentUpload(
    request,
    async (input, signal) => uploadDocumentStream(input, { idempotencyKey, signal }),
    {
      // The holder must be this account or one of its owners: the URL names the account the user is on.
      holderBelongs: async (meta) => {
        if (meta.holder.type === 'ACCOUNT') return meta.holder.referenceId === accountId;
        const { data } = await getAccount(accountId);
        return ownerUbos(data.owner).some((u) => u.id === meta.holder.referenceId);
      },
    },
  );

  const failure: Failure | null = outcome.ok
    ? null
    : outcome.status === 'service'
      ? toFailure(outcome.error, { correlationId, t })
      : makeFailure(outcome.code, outcome.status, { values: { maxMb: MAX_DOCUMENT_BYTES / 1_000_000 }, t });
  await recordAudit({
    actor: user,
    action: ACTION,
    target: accountId,
    outcome: failure ? 'error' : 'success',
    correlationId,
    details: { ...auditDetails(outcome), ...(failure ? { code: failure.code } : {}) },
  }).catch(() => console.error(`[audit] could not record upload (correlation ${correlationId})`));

  if (outcome.ok) {
    return answer(jsonResponse({ ok: true, size: outcome.size, sha256: outcome.sha256, requestId: outcome.requestId }, 200), correlationId);
  }
  if (failure!.httpStatus >= 500) {
    const name = outcome.status === 'service' && outcome.error instanceof Error ? outcome.error.name : 'unknown';
    console.error(JSON.stringify({ level: 'error', source: 'route', path: url.pathname, correlationId, code: failure!.code, error: name }));
  }
  return refusal(failure!, correlationId);
}
