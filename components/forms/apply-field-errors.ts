import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Failure, FieldCodes, FieldErrors, Translator } from '@/lib/errors';
import { applyFailure, placeMessages } from './apply-failure';

// Kept until every form calls `applyFailure` (components/forms/apply-failure.ts) itself: both names below delegate
// to it, so there is one way from a failure to a field.

/** `[from, to]` prefix renames from the service's body paths to the form's (e.g. `['owner.', '']`). */
export type PathRenames = readonly (readonly [string, string])[];

function renamed(path: string, renames: PathRenames): string {
  const rename = renames.find(([from]) => path.startsWith(from));
  return rename ? rename[1] + path.slice(rename[0].length) : path;
}

/** The field messages (already worded by the server) sorted onto the form's fields; see `placeMessages`. */
export function placeFieldErrors(
  fieldErrors: FieldErrors,
  fields: readonly string[],
  renames: PathRenames = [],
): { placed: [string, string][]; unplaced: string[] } {
  return placeMessages(
    Object.entries(fieldErrors).map(([path, message]) => [renamed(path, renames), message] as const),
    fields,
  );
}

/** No catalogue at hand: the server's wording (already in the reader's language) is used. */
const serverWording: Translator = () => undefined;

/**
 * Puts a failure's field errors on the form's inputs (through `applyFailure`) and focuses the first one. Returns
 * false when no listed field matched: the caller then shows the failure as a sentence instead.
 */
export function applyFieldErrors<T extends FieldValues>(
  failure: Failure,
  fields: readonly Path<T>[],
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  renames: PathRenames = [],
): boolean {
  const moved: Failure = {
    ...failure,
    fieldErrors: Object.fromEntries(Object.entries(failure.fieldErrors).map(([p, m]) => [renamed(p, renames), m])),
    fields: Object.fromEntries(Object.entries(failure.fields ?? {}).map(([p, c]) => [renamed(p, renames), c])) as FieldCodes,
  };
  let placed = 0;
  applyFailure(
    (name, message) => {
      form.setError(name as Path<T>, { type: 'server', message });
      if (placed++ === 0) form.setFocus(name as Path<T>);
    },
    moved,
    serverWording,
    fields,
  );
  return placed > 0;
}

