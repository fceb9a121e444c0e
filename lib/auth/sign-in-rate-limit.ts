// Pure: turns next-auth's answer to a rate-limited sign-in into a 429 with Retry-After.
import { rateLimitedSeconds } from './sign-in-error-codes';

function errorOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://console.invalid').searchParams.get('error');
  } catch {
    return null;
  }
}

/**
 * next-auth answers a refused credentials sign-in with 200 `{url: '/login?error=…'}` (json=true) or a 302 to it. When
 * the refusal is `RATE_LIMITED:<seconds>`, the same body (cookies and headers kept) goes out as 429 with
 * `Retry-After`, so scripts and proxies see the limit for what it is; the login form reads `url` as before.
 */
export async function asRateLimitedResponse(response: Response): Promise<Response> {
  const location = response.headers.get('location');
  let url = location;
  if (!url && (response.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
    url = typeof body?.url === 'string' ? body.url : null;
  }
  const seconds = rateLimitedSeconds(errorOf(url));
  if (seconds === null) return response;
  const headers = new Headers(response.headers);
  headers.delete('location');
  headers.set('content-type', 'application/json');
  headers.set('retry-after', String(seconds));
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify({ url, code: 'RATE_LIMITED', retryAfterSeconds: seconds }), { status: 429, headers });
}
