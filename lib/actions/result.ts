// Client-safe: reads a safe-action result in the browser (no server imports).
import { FAILURE_BRAND, isFailure, type Failure } from '@/lib/errors';

export type ActionOutcome<T> = { ok: true; data: T } | { ok: false; failure: Failure };

type SafeActionResultLike<T> = { data?: T; serverError?: unknown; validationErrors?: unknown } | undefined | null;

/**
 * A failure the browser names itself (no answer, an answer of another shape): its code is its sentence until a form
 * words it from the catalogue, as `makeFailure(code, status)` without a translator makes it (lib/errors), without
 * shipping the wording rules to the browser.
 */
function bareFailure(code: string, httpStatus: number): Failure {
  return { brand: FAILURE_BRAND, code, sentence: code, fieldErrors: {}, fields: {}, httpStatus };
}

/**
 * Flattens next-safe-action's `{ data | serverError | validationErrors }` into ok/failure (one `Failure` shape). The
 * action chain (./safe-action.ts) already turns invalid input into an INVALID_INPUT `Failure` on the server, in the
 * reader's language, so the browser never words a validation tree itself.
 */
export function readActionResult<T>(result: SafeActionResultLike<T>): ActionOutcome<T> {
  if (!result) return { ok: false, failure: bareFailure('NO_RESPONSE', 0) };
  if (result.validationErrors) {
    const failure = isFailure(result.validationErrors) ? result.validationErrors : bareFailure('INVALID_INPUT', 400);
    return { ok: false, failure };
  }
  if (result.serverError) {
    const failure = isFailure(result.serverError) ? result.serverError : bareFailure('INTERNAL', 500);
    return { ok: false, failure };
  }
  return { ok: true, data: result.data as T };
}
