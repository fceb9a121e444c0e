/**
 * The service's refusal of a PIX key the beneficiary already holds: 422 INVALID_DATA with a `DUPLICATE_PIX_KEY`
 * entry in `details.errors` (lib/sandbox/README.md, "One PIX key per beneficiary"). Read from the details, not the
 * message, so the form can word it in the reader's language on the key's field.
 */
export function isDuplicatePixKeyRefusal(error: { code?: unknown; details?: unknown } | null | undefined): boolean {
  if (!error || error.code !== 'INVALID_DATA') return false;
  const errors = (error.details as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) && errors.some((e) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'DUPLICATE_PIX_KEY');
}
