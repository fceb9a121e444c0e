import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Failure, FieldErrors } from '@/lib/errors';

/** `[from, to]` prefix renames from the service's body paths to the form's (e.g. `['owner.', '']`). */
export type PathRenames = readonly (readonly [string, string])[];

/**
 * Sorts a failure's field errors (already dotted form paths, see lib/errors) onto the form's fields: a path goes
 * to the longest listed field it equals or lies under (`taxId.value` → `taxId`, `assets.1.code` → `assets`),
 * after the first matching prefix rename. Messages no field can show are returned as `unplaced`.
 */
export function placeFieldErrors(
  fieldErrors: FieldErrors,
  fields: readonly string[],
  renames: PathRenames = [],
): { placed: [string, string][]; unplaced: string[] } {
  const placed = new Map<string, string>();
  const unplaced: string[] = [];
  const byLength = [...fields].sort((a, b) => b.length - a.length);
  for (const [rawPath, message] of Object.entries(fieldErrors)) {
    const rename = renames.find(([from]) => rawPath.startsWith(from));
    const path = rename ? rename[1] + rawPath.slice(rename[0].length) : rawPath;
    const field = byLength.find((f) => path === f || path.startsWith(`${f}.`));
    if (field && !placed.has(field)) placed.set(field, message);
    else if (!field) unplaced.push(message);
  }
  // Listed order, so focus lands on the first field on screen.
  return { placed: fields.filter((f) => placed.has(f)).map((f) => [f, placed.get(f)!]), unplaced };
}

/**
 * Puts a failure's field errors on the form's inputs and focuses the first one, so every form reports
 * server-side validation the same way. Returns false when no listed field matched: the caller then shows the
 * failure as a sentence instead.
 */
export function applyFieldErrors<T extends FieldValues>(
  failure: Failure,
  fields: readonly Path<T>[],
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  renames: PathRenames = [],
): boolean {
  const { placed } = placeFieldErrors(failure.fieldErrors, fields, renames);
  placed.forEach(([name, message], index) => {
    form.setError(name as Path<T>, { type: 'server', message });
    if (index === 0) form.setFocus(name as Path<T>);
  });
  return placed.length > 0;
}

