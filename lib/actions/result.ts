// Client-safe: reads a safe-action result in the browser (no server imports).
import { isFailure, makeFailure, validationFailure, type Failure } from '@/lib/errors';

export type ActionOutcome<T> = { ok: true; data: T } | { ok: false; failure: Failure };

type SafeActionResultLike<T> = { data?: T; serverError?: unknown; validationErrors?: unknown } | undefined | null;

/** Flattens next-safe-action's `{ data | serverError | validationErrors }` into ok/failure (one `Failure` shape). */
export function readActionResult<T>(result: SafeActionResultLike<T>): ActionOutcome<T> {
  if (!result) return { ok: false, failure: makeFailure('NO_RESPONSE', 0) };
  if (result.validationErrors) return { ok: false, failure: validationFailure(result.validationErrors) };
  if (result.serverError) {
    const failure = isFailure(result.serverError) ? result.serverError : makeFailure('INTERNAL', 500);
    return { ok: false, failure };
  }
  return { ok: true, data: result.data as T };
}
