// Client-safe helpers for reading a safe-action result (no server imports).
import type { FieldErrors } from './errors';

/** What every failed action returns to the browser. Never a stack trace. */
export type ActionFailure = {
  code: string;
  message: string;
  fieldErrors?: FieldErrors;
  /** Our correlation id (x-request-id) for unexpected errors; quote it to support. */
  correlationId?: string;
  /** The service's request id when the failure came from the API (ApiError). */
  requestId?: string;
  /** The service's HTTP status when the failure came from the API (ApiError). */
  status?: number;
};

export type ActionOutcome<T> = { ok: true; data: T } | { ok: false; failure: ActionFailure };

type SafeActionResultLike<T> = { data?: T; serverError?: unknown; validationErrors?: unknown } | undefined | null;

/** Zod-shaped nested validation errors → `{ 'owner.legalName': ['…'] }` (root errors under `_form`). */
export function flattenFieldErrors(errors: unknown, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (key === '_errors') {
      if (Array.isArray(value) && value.length) out[prefix || '_form'] = value.map(String);
      continue;
    }
    Object.assign(out, flattenFieldErrors(value, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

function isFailure(value: unknown): value is ActionFailure {
  return !!value && typeof value === 'object' && typeof (value as ActionFailure).code === 'string' &&
    typeof (value as ActionFailure).message === 'string';
}

/** Accepts either an ActionFailure already or next-safe-action's formatted validation tree. */
export function validationFailure(errors: unknown): ActionFailure {
  if (isFailure(errors)) return errors;
  return { code: 'INVALID_INPUT', message: 'Some fields need attention.', fieldErrors: flattenFieldErrors(errors) };
}

const NO_RESPONSE: ActionFailure = {
  code: 'NO_RESPONSE',
  message: 'The server did not answer. Check your connection and try again.',
};

/** Flattens next-safe-action's `{ data | serverError | validationErrors }` into ok/failure. */
export function readActionResult<T>(result: SafeActionResultLike<T>): ActionOutcome<T> {
  if (!result) return { ok: false, failure: NO_RESPONSE };
  if (result.validationErrors) return { ok: false, failure: validationFailure(result.validationErrors) };
  if (result.serverError) {
    const failure = isFailure(result.serverError)
      ? result.serverError
      : { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
    return { ok: false, failure };
  }
  return { ok: true, data: result.data as T };
}

/** One sentence for a toast: the message, plus the reference to quote when there is one. */
export function failureSentence(failure: ActionFailure): string {
  const ref = failure.requestId ?? failure.correlationId;
  return ref && !failure.message.includes(ref) ? `${failure.message} (reference ${ref})` : failure.message;
}

/** The first error for a form field (dotted path, e.g. `owner.legalName`). */
export function fieldError(failure: ActionFailure | undefined, field: string): string | undefined {
  return failure?.fieldErrors?.[field]?.[0];
}
