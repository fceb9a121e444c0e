// Pure: the headers a route handler's answer carries when proxy.ts does not see it (proxy.ts matcher).
import { securityHeaders } from './csp';
import { REQUEST_ID_HEADER } from './headers';
import { publicUrlFrom } from './public-url';
import { currentRequestId } from '@/lib/observability/request-context';

/** JSON, CSV and event streams load nothing and may not be framed: the strictest policy. */
export const NO_CONTENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * What the proxy gives the answers it lets through or makes itself: the security headers (HSTS when PUBLIC_URL is
 * https), the no-content policy and a request id, set on `response`, which is returned.
 */
export function withApiHeaders(response: Response, env: Record<string, string | undefined> = process.env): Response {
  // A Response from fetch() has immutable headers: answer with a copy (same body stream, status and headers).
  if (!headersMutable(response)) response = new Response(response.body, response);
  setSecurityHeaders(response.headers, { https: publicUrlFrom(env).protocol === 'https:', csp: NO_CONTENT_CSP, requestId: currentRequestId() ?? crypto.randomUUID() });
  return response;
}

/** The one place the security headers are set: by the proxy (any CSP) and by route handlers outside it. */
export function setSecurityHeaders(headers: Headers, { https, csp, requestId }: { https: boolean; csp: string; requestId: string }): void {
  for (const [name, value] of Object.entries(securityHeaders({ https }))) headers.set(name, value);
  headers.set('Content-Security-Policy', csp);
  if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, requestId);
}

function headersMutable(response: Response): boolean {
  try {
    response.headers.delete('x-api-headers-probe');
    return true;
  } catch {
    return false;
  }
}
