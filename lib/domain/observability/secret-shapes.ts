// The shapes of the secrets this console and its sandbox make, so a log scan finds every one a run produced (a
// customer created mid-run, a user who enrolled an authenticator, a cookie of any sign-in), not only the ones the
// scan was told about. Used by the e2e and scale runs' log scans (e2e/global-teardown.ts, e2e-scale/global-teardown.ts).

export type SecretShape = { name: string; pattern: RegExp };

export const SECRET_SHAPES: readonly SecretShape[] = [
  // lib/sandbox/core/customers.ts generateSecret(): every customer's client secret, which also signs its webhooks.
  { name: 'client secret (sk_sbx_…)', pattern: /sk_sbx_[A-Za-z0-9_-]{16,}/ },
  // JWS (the service's access tokens) and JWE (next-auth's session cookie): a base64url JSON header, then dots.
  { name: 'token or session cookie (eyJ….….…)', pattern: /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{8,}/ },
  // lib/auth/factors/totp.ts: 20 random bytes in base32, and the otpauth:// URI that carries them to the app.
  { name: 'authenticator secret (base32)', pattern: /(?<![A-Za-z0-9])[A-Z2-7]{32}(?![A-Za-z0-9])/ },
  { name: 'otpauth:// URI', pattern: /otpauth:\/\//i },
  // lib/team/one-time-password.ts: four groups of four from an alphabet without look-alikes.
  { name: 'one-time password', pattern: /(?<![\w-])[a-hjkmnp-z2-9]{4}(?:-[a-hjkmnp-z2-9]{4}){3}(?![\w-])/ },
];

/** Lines (1-based) holding something shaped like a secret, with the shape's name. */
export function findSecretShapes(lines: readonly string[]): { line: number; shape: string }[] {
  const found: { line: number; shape: string }[] = [];
  lines.forEach((text, i) => {
    for (const shape of SECRET_SHAPES) if (shape.pattern.test(text)) found.push({ line: i + 1, shape: shape.name });
  });
  return found;
}
