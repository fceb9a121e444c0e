import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldError, type ActionFailure } from '@/lib/actions/result';

/**
 * Puts an action failure's field errors on the form's inputs and focuses the first one, so every form reports
 * server-side validation the same way. Returns false when no listed field matched: the caller then shows the
 * failure as a sentence instead.
 */
export function applyFieldErrors<T extends FieldValues>(
  failure: ActionFailure,
  fields: readonly Path<T>[],
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
): boolean {
  let placed = false;
  for (const name of fields) {
    const message = fieldError(failure, name);
    if (!message) continue;
    form.setError(name, { type: 'server', message });
    if (!placed) form.setFocus(name);
    placed = true;
  }
  return placed;
}
