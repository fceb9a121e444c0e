/**
 * Where a subscription may point, and where the sandbox may actually send.
 *
 * The contract asks for a public HTTPS URL. The sandbox accepts any `https://` URL plus plain `http://` to the
 * loopback host only (`localhost`, `127.0.0.1`, `[::1]`), so a console or test receiver on this machine works
 * without TLS. Delivery is stricter than creation: unless external delivery is explicitly enabled, the sandbox only
 * ever connects to loopback hosts — an embedded test service must not make calls to the outside world.
 */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

export const MAX_URL_LENGTH = 2048;

export type UrlVerdict = { ok: true; url: string } | { ok: false; message: string };

export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname.toLowerCase());
}

export function checkSubscriptionUrl(value: string): UrlVerdict {
  if (value.length > MAX_URL_LENGTH) return { ok: false, message: `url must be at most ${MAX_URL_LENGTH} characters` };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { ok: false, message: 'url must be an absolute URL, e.g. https://example.com/webhooks' };
  }
  if (parsed.username || parsed.password) return { ok: false, message: 'url must not contain credentials' };
  if (parsed.protocol === 'https:' && parsed.hostname) return { ok: true, url: value };
  if (parsed.protocol === 'http:' && isLoopbackUrl(parsed)) return { ok: true, url: value };
  return {
    ok: false,
    message: 'url must use https (plain http is accepted only for localhost, 127.0.0.1 and [::1] in the sandbox)',
  };
}

/** Null when the sandbox may connect to `url`; otherwise why not. */
export function deliveryBlockedReason(url: string, allowExternal: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Invalid delivery URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'Invalid delivery URL';
  if (isLoopbackUrl(parsed) || allowExternal) return null;
  return 'Delivery to non-loopback hosts is disabled in this sandbox (set SANDBOX_WEBHOOK_ALLOW_EXTERNAL=1 to enable)';
}

/** Canonical form used to match fail-next rules against subscription URLs (`HTTP://LOCALHOST:80` ≡ `http://localhost/`). */
export function normalizeUrl(value: string): string {
  try {
    return new URL(value).toString();
  } catch {
    return value;
  }
}
