import type { Failure, Translator } from '@/lib/errors';

/** Path of the whole form in `Failure.fields`: never a field, always the form-level sentence. */
const FORM_PATH = '_form';

/**
 * THE path from a `Failure` to a form: each field problem becomes that field's message and whatever no field can
 * show becomes the form-level sentence. Every word comes from the `errors` catalogue through `t`
 * (`catalogueTranslator(useErrorsTranslator())` in the browser), code + values; the server's own wording of the same codes
 * (`failure.sentence`, `failure.fieldErrors`) is used only for a code the catalogue does not know (a new code of
 * the service, whose own text is then the best there is).
 *
 * A problem goes to the longest known field it equals or lies under (`taxId.value` → `taxId`, `assets.1.code` →
 * `assets`); with no `knownFields` every path is a field. `setError` is called in `knownFields` order (first
 * field on screen first: focus it), one message per field.
 *
 * Returns the form-level sentence (the failure's own sentence followed by any message no field could show), or
 * null when every problem was placed on a field.
 */
export function applyFailure(
  setError: (field: string, message: string) => void,
  failure: Failure,
  t: Translator,
  knownFields?: readonly string[],
): string | null {
  const { placed, unplaced } = placeMessages(fieldMessages(failure, t), knownFields);
  for (const [field, message] of placed) setError(field, message);
  if (placed.length > 0 && unplaced.length === 0) return null;
  const sentence = t(failure.code, failure.values) ?? failure.sentence;
  return [sentence, ...unplaced.filter((m) => m !== sentence)].join(' ');
}

/**
 * Sorts worded field messages onto the known fields (see `applyFailure`): placed in `knownFields` order, one per
 * field, and the messages no field can show.
 */
export function placeMessages(
  messages: Iterable<readonly [string, string]>,
  knownFields?: readonly string[],
): { placed: [string, string][]; unplaced: string[] } {
  const placed = new Map<string, string>();
  const unplaced: string[] = [];
  const byLength = knownFields ? [...knownFields].sort((a, b) => b.length - a.length) : null;
  for (const [path, message] of messages) {
    const field = path === FORM_PATH ? undefined : byLength ? byLength.find((f) => path === f || path.startsWith(`${f}.`)) : path;
    if (field === undefined) unplaced.push(message);
    else if (!placed.has(field)) placed.set(field, message);
  }
  const order = knownFields ? knownFields.filter((f) => placed.has(f)) : [...placed.keys()];
  return { placed: order.map((f) => [f, placed.get(f)!]), unplaced };
}

/** Every field problem of the failure worded: `fields` (code + values), then server-worded paths it lacks. */
function fieldMessages(failure: Failure, t: Translator): [string, string][] {
  const out = new Map<string, string>();
  for (const [path, problem] of Object.entries(failure.fields ?? {})) {
    const message = t(problem.code, problem.values) ?? failure.fieldErrors[path] ?? t('INVALID_FIELD') ?? problem.code;
    out.set(path, message);
  }
  for (const [path, message] of Object.entries(failure.fieldErrors)) if (!out.has(path)) out.set(path, message);
  return [...out];
}
