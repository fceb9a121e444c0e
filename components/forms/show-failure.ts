import type { Failure, Translator } from '@/lib/errors';
import { applyFailure } from './apply-failure';

/** `[from, to]` prefix renames from the service's body paths to the form's (`['owner.', '']`). */
export type PathRenames = readonly (readonly [string, string])[];

/**
 * A failure on a form of `useForm` (./use-form.ts), through the one path `applyFailure`: each field problem on its
 * field (after the first matching prefix rename), focus on the first of them in the form's order, and the form-level
 * sentence returned (null when every problem is on a field).
 */
export function showFailure(
  form: { setError: (field: string, message: string) => void; setFocus: (field: string) => void },
  failure: Failure,
  t: Translator,
  fields: readonly string[],
  renames: PathRenames = [],
): string | null {
  // The service's paths as well as the form's are known: a renamed path is placed on the form's field.
  const known = [...fields, ...renames.flatMap(([from, to]) => fields.filter((f) => f.startsWith(to)).map((f) => from + f.slice(to.length)))];
  const placed = new Set<string>();
  const sentence = applyFailure(
    (path, message) => {
      const rename = renames.find(([from]) => path.startsWith(from));
      const field = rename ? rename[1] + path.slice(rename[0].length) : path;
      if (placed.has(field)) return;
      placed.add(field);
      form.setError(field, message);
    },
    failure,
    t,
    known,
  );
  const first = fields.find((f) => placed.has(f));
  if (first !== undefined) form.setFocus(first);
  return sentence;
}

export { applyFailure };
