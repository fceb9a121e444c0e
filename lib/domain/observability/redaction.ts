// Pure: what a log line may never carry. The logger censors these keys wherever they appear (at the top and three
// levels below, in objects and arrays); the e2e log scan (e2e/global-teardown.ts) proves no demo secret reaches a
// line by any other path.

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'clientSecret',
  'client_secret',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'signature',
  'x-message-signature',
  'totp',
  'otp',
  'recoveryCode',
  'document',
  'file',
  'body',
  'headers',
  'email',
] as const;

export const REDACTED = '[redacted]';

const SECRET_KEY_SET: ReadonlySet<string> = new Set(SECRET_KEYS.map((k) => k.toLowerCase()));
/** How deep below the top a secret is still looked for (pino's paths went two levels). */
const MAX_DEPTH = 3;

function censorValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = censorValue(value[i], depth + 1);
      if (next !== value[i]) (copy ??= [...value])[i] = next;
    }
    return copy ?? value;
  }
  // Errors, dates, buffers: serialized by their own rules (the logger logs errors through errorField).
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return censorSecrets(value as Record<string, unknown>, depth);
}

/**
 * The line's fields with every value under a secret key (any case) replaced by `[redacted]`, looked for at the
 * top and three levels below. One pass; the object given is never changed, and is returned as is when nothing in
 * it needed censoring (the usual case: a copy is made only on the path to a secret).
 */
export function censorSecrets<T extends Record<string, unknown>>(fields: T, depth = 0): T {
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    if (!Object.prototype.hasOwnProperty.call(fields, key)) continue;
    const value = fields[key];
    const next = SECRET_KEY_SET.has(key.toLowerCase()) ? REDACTED : censorValue(value, depth + 1);
    if (next !== value) (copy ??= { ...fields })[key] = next;
  }
  return (copy ?? fields) as T;
}
