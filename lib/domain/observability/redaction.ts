// Pure: what a log line may never carry. The logger censors these keys wherever they appear (two levels deep and
// at the top); the e2e log scan (e2e/log-secrets.spec.ts) proves no demo secret reaches a line by any other path.

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

/** pino `redact.paths` for these keys at the top level, one level and two levels deep. */
export function redactPaths(): string[] {
  const keys = SECRET_KEYS.map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`));
  const join = (prefix: string, k: string) => (k.startsWith('[') ? `${prefix}${k}` : `${prefix}.${k}`);
  return [...keys, ...keys.map((k) => join('*', k)), ...keys.map((k) => join('*.*', k))];
}

export const REDACTED = '[redacted]';
