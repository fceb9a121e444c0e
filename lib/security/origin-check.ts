// Pure: the proxy's cross-site request forgery gate for state-changing requests.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths that authenticate by other means: webhook signatures; the embedded service's Bearer tokens. */
export function isOriginExempt(pathname: string): boolean {
  return (
    pathname === '/api/webhooks' ||
    pathname.startsWith('/api/webhooks/') ||
    pathname === '/sandbox' ||
    pathname.startsWith('/sandbox/')
  );
}

export type OriginDecision = { allowed: true } | { allowed: false; reason: 'missing' | 'null' | 'foreign' | 'host-mismatch' };

/**
 * Allows a state-changing request only when its Origin equals PUBLIC_URL's origin AND the origin named by the
 * Host header (with PUBLIC_URL's scheme). X-Forwarded-Host is deliberately ignored: it is client-controlled.
 */
export function checkOrigin(input: {
  method: string;
  pathname: string;
  origin: string | null;
  host: string | null;
  publicOrigin: string;
}): OriginDecision {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return { allowed: true };
  if (isOriginExempt(input.pathname)) return { allowed: true };
  const origin = input.origin?.trim();
  if (!origin) return { allowed: false, reason: 'missing' };
  if (origin === 'null') return { allowed: false, reason: 'null' };
  let requestOrigin: string;
  try {
    requestOrigin = new URL(origin).origin;
  } catch {
    return { allowed: false, reason: 'foreign' };
  }
  if (requestOrigin !== origin.replace(/\/$/, '') || requestOrigin !== input.publicOrigin) {
    return { allowed: false, reason: 'foreign' };
  }
  const publicUrl = new URL(input.publicOrigin);
  let hostOrigin: string | null = null;
  try {
    hostOrigin = input.host ? new URL(`${publicUrl.protocol}//${input.host}`).origin : null;
  } catch {
    hostOrigin = null;
  }
  if (hostOrigin !== requestOrigin) return { allowed: false, reason: 'host-mismatch' };
  return { allowed: true };
}
