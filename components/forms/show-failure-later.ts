import type { Failure, Translator } from '@/lib/errors';
import type { PathRenames } from './show-failure';

type ShowFailureModule = typeof import('./show-failure');

let loading: Promise<ShowFailureModule> | undefined;

function load(): Promise<ShowFailureModule> {
  loading ??= import('./show-failure').catch((error: unknown) => {
    loading = undefined; // tried again on the next use
    throw error;
  });
  return loading;
}

/**
 * Starts fetching showFailure / applyFailure (./show-failure.ts): call it as a form sends. Only a refusal needs them,
 * so they are not part of the page's first-load JS; the service's answer takes longer than their download.
 */
export function preloadShowFailure(): void {
  load().catch(() => undefined); // a failed download is tried again where the failure is shown
}

/** The sentence for the form when the placing rules cannot be fetched: nothing on the fields, the failure said. */
function sentenceOnly(failure: Failure, t: Translator): string {
  return t(failure.code, failure.values) ?? failure.sentence;
}

/** `showFailure` (./show-failure.ts), fetched on first use. */
export async function showFailureLater(
  form: { setError: (field: string, message: string) => void; setFocus: (field: string) => void },
  failure: Failure,
  t: Translator,
  fields: readonly string[],
  renames?: PathRenames,
): Promise<string | null> {
  const placing = await load().catch(() => null);
  return placing ? placing.showFailure(form, failure, t, fields, renames) : sentenceOnly(failure, t);
}

/** `applyFailure` (./apply-failure.ts), fetched on first use. */
export async function applyFailureLater(
  setError: (field: string, message: string) => void,
  failure: Failure,
  t: Translator,
  knownFields?: readonly string[],
): Promise<string | null> {
  const placing = await load().catch(() => null);
  return placing ? placing.applyFailure(setError, failure, t, knownFields) : sentenceOnly(failure, t);
}
