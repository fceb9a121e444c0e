import 'server-only';
import { CLIENT_ERROR_CODES, toUserMessage as toUserMessageSafe, type ApiFailureLike } from './messages';

export { CLIENT_ERROR_CODES };

/** Validation entry of the service's error envelope: `{code, message, field, params}` (UPSTREAM_NOTES 1.22). */
interface ServiceFieldError {
  code?: unknown;
  message?: unknown;
  field?: unknown;
}

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  requestId: string;
  fieldErrors?: Record<string, string>;
}

/**
 * The one failure type of lib/api. Carries only what the service said plus the request id: never the access
 * token, client credentials or request headers, so it is safe to log and to send (via `toJSON`) to the browser.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;
  readonly requestId: string;
  /** Form field path (`owner.taxId.value`, `assets.0.code`) → message, from `details.errors[].field`. */
  readonly fieldErrors: Record<string, string>;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? {};
    this.requestId = init.requestId;
    this.fieldErrors = init.fieldErrors ?? fieldErrorsFromDetails(this.details);
  }

  /** The client-safe shape (no stack). */
  toJSON(): ApiFailureLike & { name: string; details: Record<string, unknown> } {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      details: this.details,
      requestId: this.requestId,
      fieldErrors: this.fieldErrors,
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * `body:owner.taxId.value` → `owner.taxId.value`; `body:assets[0].code` → `assets.0.code` (react-hook-form paths);
 * `path:accountId` / `query:status` → `accountId` / `status`. A bare location (`body`) names no field: null.
 */
export function toFieldPath(field: string): string | null {
  const withoutLocation = field.replace(/^(body|path|query|header|form):?/, '');
  const path = withoutLocation.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
  return path.length > 0 ? path : null;
}

/** Maps `details.errors[]` of a validation error onto form fields; several messages on one field are joined. */
export function fieldErrorsFromDetails(details: Record<string, unknown>): Record<string, string> {
  const errors = details.errors;
  if (!Array.isArray(errors)) return {};
  const out: Record<string, string> = {};
  for (const entry of errors as ServiceFieldError[]) {
    if (typeof entry !== 'object' || entry === null || typeof entry.field !== 'string') continue;
    const path = toFieldPath(entry.field);
    if (path === null) continue;
    const message = typeof entry.message === 'string' && entry.message ? entry.message : String(entry.code ?? 'Invalid value');
    out[path] = out[path] ? `${out[path]}; ${message}` : message;
  }
  return out;
}

/** A sentence for the UI, with the request id. Client components use the same helper from `lib/api/messages`. */
export function toUserMessage(error: unknown): string {
  if (error instanceof ApiError) return toUserMessageSafe(error);
  return 'Something went wrong while talking to the payments service. Please try again.';
}
