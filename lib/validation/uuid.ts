/** The one UUID pattern (any version, any case): ids in routes, idempotency keys, cursors, PIX random keys. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** Lower-case only: for values the service itself mints (cursor ids, normalised PIX keys). */
export function isLowerCaseUuid(value: unknown): value is string {
  return isUuid(value) && value === value.toLowerCase();
}
