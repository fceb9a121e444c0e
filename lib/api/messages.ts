/**
 * Client-safe wording of service failures. No server imports: client components (forms, toasts) use it on the
 * plain `{ status, code, message, requestId }` shape that server actions and route handlers send to the browser.
 */

/** What the browser may know about a failed call: never credentials, tokens or raw upstream bodies. */
export interface ApiFailureLike {
  status: number;
  code: string;
  message: string;
  requestId?: string | null;
  fieldErrors?: Record<string, string>;
}

/** Codes the console itself produces (no service response behind them). */
export const CLIENT_ERROR_CODES = {
  TOKEN_UNAVAILABLE: 'TOKEN_UNAVAILABLE',
  SERVICE_UNREACHABLE: 'SERVICE_UNREACHABLE',
  CIRCUIT_OPEN: 'CIRCUIT_OPEN',
  TIMEOUT: 'TIMEOUT',
  ABORTED: 'ABORTED',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
} as const;

function withRequestId(sentence: string, requestId: string | null | undefined): string {
  return requestId ? `${sentence} (request id ${requestId})` : sentence;
}

function ensurePeriodless(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

/** True for plain objects that carry the failure shape (e.g. a serialised ApiError received by a client component). */
export function isApiFailureLike(value: unknown): value is ApiFailureLike {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}

/**
 * One sentence for the UI. Service rejections keep the service's own message (it names the problem); transport
 * failures say whether retrying is safe; every sentence carries the request id so support can find the call.
 */
export function toUserMessage(error: ApiFailureLike): string {
  const { code, status, requestId } = error;
  switch (code) {
    case CLIENT_ERROR_CODES.TOKEN_UNAVAILABLE:
      return withRequestId('The console could not sign in to the payments service. Please try again in a moment', requestId);
    case CLIENT_ERROR_CODES.SERVICE_UNREACHABLE:
      return withRequestId('The payments service could not be reached. Nothing was lost: retrying is safe', requestId);
    case CLIENT_ERROR_CODES.CIRCUIT_OPEN:
      return withRequestId('The payments service is unavailable right now, so nothing was sent. Please try again in a few seconds', requestId);
    case CLIENT_ERROR_CODES.TIMEOUT:
      return withRequestId('The payments service did not answer in time. Retrying is safe: it will not be done twice', requestId);
    case CLIENT_ERROR_CODES.ABORTED:
      return withRequestId('The request was cancelled', requestId);
    case CLIENT_ERROR_CODES.INVALID_RESPONSE:
      return withRequestId('The payments service sent a response the console could not read', requestId);
    case CLIENT_ERROR_CODES.IDEMPOTENCY_KEY_REQUIRED:
      return withRequestId('The console could not send this request safely. Please reload the page and try again', requestId);
    default:
      break;
  }
  if (status === 429) {
    return withRequestId('The payments service is busy. Please try again in a moment', requestId);
  }
  if (status >= 500) {
    return withRequestId('The payments service had a problem. Please try again in a moment', requestId);
  }
  const base = ensurePeriodless(error.message || code);
  const fields = Object.entries(error.fieldErrors ?? {});
  const fieldText = fields.length > 0 ? ` — ${fields.map(([f, m]) => `${f}: ${ensurePeriodless(m)}`).join('; ')}` : '';
  return withRequestId(`The service rejected the request: ${base}${fieldText}`, requestId);
}
