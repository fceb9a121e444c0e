// Pure and client-safe: the login page and the proxy share one rule for where a sign-in may return to.

const MAX_LENGTH = 2048;
const FALLBACK = '/';

/**
 * Returns a same-origin relative path (`/accounts?x=1`) or '/'. Absolute URLs are accepted only when their
 * origin is `allowedOrigin`, and are reduced to their path. Rejects `//evil`, `/\evil`, schemes, control
 * characters, and the login page itself (no loops).
 */
export function sanitizeCallbackUrl(raw: string | null | undefined, allowedOrigin?: string): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return FALLBACK;
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return FALLBACK;
  let candidate = raw;
  if (!raw.startsWith('/')) {
    if (!allowedOrigin) return FALLBACK;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return FALLBACK;
    }
    if (url.origin !== new URL(allowedOrigin).origin) return FALLBACK;
    candidate = `${url.pathname}${url.search}${url.hash}`;
  }
  if (candidate.startsWith('//')) return FALLBACK;
  const base = 'http://callback.invalid';
  let parsed: URL;
  try {
    parsed = new URL(candidate, base);
  } catch {
    return FALLBACK;
  }
  if (parsed.origin !== base) return FALLBACK;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  if (parsed.pathname === '/login' || parsed.pathname.startsWith('/login/') || parsed.pathname.startsWith('/api/auth')) {
    return FALLBACK;
  }
  return path;
}

/** `/login?callbackUrl=<sanitised path>`, or plain `/login` when the target is the home page. */
export function loginPathFor(pathWithQuery: string | null | undefined): string {
  const target = sanitizeCallbackUrl(pathWithQuery);
  return target === FALLBACK ? '/login' : `/login?callbackUrl=${encodeURIComponent(target)}`;
}
