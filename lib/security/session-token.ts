// Reading the next-auth session cookie, shared by the proxy (proxy.ts) and getCurrentUser (lib/auth/session.ts).
// Not `server-only`: the proxy imports it. It holds no secret itself; the caller passes NEXTAUTH_SECRET in.
import { decode } from 'next-auth/jwt';

/** next-auth cookie name for the session JWT (the `__Secure-` prefix only over https). */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}next-auth.session-token`;
}

/** next-auth's own `decode` tolerates this much clock skew on `exp`; a cached token keeps the same rule. */
const CLOCK_TOLERANCE_MS = 15_000;
const MAX_TOKENS = 10_000;

/** `stage`: where the sign-in stood when the token was issued (`second-factor`, `enrol` or `complete`). */
type Decoded = { sid: string | null; expMs: number; stage: string };

/**
 * Decrypted session tokens, by the token string: decrypting one costs an HKDF key derivation plus AES-GCM, and both
 * the proxy and the page or route handler need it on every request. A token string always
 * decrypts to the same payload (A256GCM is authenticated), so the only thing that can change is the time, and the
 * expiry is checked on every hit. Only tokens that decrypted under the secret are kept. Revocation is not decided
 * here: the token only points to the session row (lib/auth/sessions.ts), which is checked on every request.
 */
const globalForTokens = globalThis as unknown as { __consoleSessionTokens?: Map<string, Map<string, Decoded>> };

function tokensFor(secret: string): Map<string, Decoded> {
  const bySecret = (globalForTokens.__consoleSessionTokens ??= new Map());
  let tokens = bySecret.get(secret);
  if (!tokens) {
    tokens = new Map();
    bySecret.set(secret, tokens);
  }
  return tokens;
}

/**
 * The session id inside a next-auth session token, or null when the token is absent, tampered with, made with
 * another secret, or expired. `undefined` never: a decrypted token without a `sid` is null too.
 */
export async function decodeSessionId(token: string | undefined, secret: string, nowMs = Date.now()): Promise<string | null> {
  const decoded = await decodeSessionToken(token, secret, nowMs);
  return decoded?.sid ?? null;
}

/** Like {@link decodeSessionId}, but tells a valid token without a session id (null sid) from no token (null). */
export async function decodeSessionToken(token: string | undefined, secret: string, nowMs = Date.now()): Promise<Decoded | null> {
  if (!token || !secret) return null;
  const tokens = tokensFor(secret);
  const hit = tokens.get(token);
  if (hit) {
    if (nowMs < hit.expMs + CLOCK_TOLERANCE_MS) return hit;
    tokens.delete(token);
    return null;
  }
  let payload: Awaited<ReturnType<typeof decode>>;
  try {
    payload = await decode({ token, secret });
  } catch {
    return null; // tampered, foreign-secret or expired JWT
  }
  if (!payload || typeof payload.exp !== 'number') return null;
  const decoded: Decoded = {
    sid: typeof payload.sid === 'string' && payload.sid ? payload.sid : null,
    expMs: payload.exp * 1000,
    // Tokens issued before the second factor existed carry no stage: they were complete sign-ins.
    stage: typeof payload.stage === 'string' ? payload.stage : 'complete',
  };
  if (tokens.size >= MAX_TOKENS) {
    const oldest = tokens.keys().next();
    if (!oldest.done) tokens.delete(oldest.value);
  }
  tokens.set(token, decoded);
  return decoded;
}

/** Tests: forget every decoded token. */
export function resetSessionTokensForTests(): void {
  delete globalForTokens.__consoleSessionTokens;
}
