import 'server-only';
import {
  CLIENT_ERROR_CODES,
  SERVICE_ERROR_BRAND,
  fieldErrorsFromDetails,
  isServiceError,
  type FieldErrors,
  type ServiceErrorLike,
} from '@/lib/errors';

export { CLIENT_ERROR_CODES };

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  requestId: string;
  fieldErrors?: FieldErrors;
}

/**
 * The one failure type of lib/api. Carries only what the service said plus the request id: never the access
 * token, client credentials or request headers, so it is safe to log. It reaches the browser only as a `Failure`
 * (`toFailure` in lib/errors), which recognises it by its brand.
 */
export class ApiError extends Error implements ServiceErrorLike {
  readonly brand = SERVICE_ERROR_BRAND;
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;
  readonly requestId: string;
  /** Form field path (`owner.taxId.value`, `assets.0.code`) → message, from `details.errors[].field`. */
  readonly fieldErrors: FieldErrors;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? {};
    this.requestId = init.requestId;
    this.fieldErrors = init.fieldErrors ?? fieldErrorsFromDetails(this.details);
  }

  /** The log-safe shape (no stack). */
  toJSON() {
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

/** By brand, not `instanceof`: the process-wide client may come from another bundle's copy of this class. */
export function isApiError(value: unknown): value is ApiError {
  return isServiceError(value);
}
