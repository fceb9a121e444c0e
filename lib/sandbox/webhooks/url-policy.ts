/**
 * Where a subscription may point, and where the sandbox may actually send.
 *
 * The contract asks for a public HTTPS URL. The sandbox accepts any `https://` URL plus plain `http://` to the
 * loopback host only (`localhost`, `127.0.0.1`, `[::1]`), so a console or test receiver on this machine works
 * without TLS. Delivery is stricter than creation: unless external delivery is explicitly enabled, the sandbox only
 * ever connects to loopback hosts — an embedded test service must not make calls to the outside world.
 */
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '[::1]']);

export const MAX_URL_LENGTH = 2048;

export type UrlVerdict = { ok: true; url: string } | { ok: false; message: string };

/**
 * Loopback webhook targets this sandbox may call: `null` = any loopback URL (standalone default: the integrator's own
 * machine); a list = only URLs under one of these prefixes (an origin such as `http://127.0.0.1:4500` allows every
 * path on that port; `http://localhost:3000/api/webhooks` allows that path and below). Inside the console the list is
 * the console's own `/api/webhooks` plus `SANDBOX_WEBHOOK_ALLOW`, so a customer cannot turn deliveries (and the status
 * codes its execution log reports) into a scanner of the host's other ports.
 */
export type WebhookAllowList = readonly string[] | null;

/** `localhost`, `[::1]` (the hosts plain http is accepted for). */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_NAMES.has(url.hostname.toLowerCase()) || url.hostname === '127.0.0.1';
}

/**
 * Every host name that reaches this machine without leaving it: the loopback names, all of 127.0.0.0/8 (the URL
 * parser already turns `127.1` and `2130706433` into dotted form), `0.0.0.0`, `[::]`, IPv4-mapped loopback and
 * `*.localhost`. The allow list applies to all of them.
 */
export function reachesThisHost(url: URL): boolean {
  const h = url.hostname.toLowerCase();
  if (isLoopbackUrl(url) || h === '0.0.0.0' || h === '[::]' || h.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)) return true;
  // [::ffff:127.0.0.1] is printed by the URL parser as [::ffff:7f00:1].
  return /^\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.)/.test(h) || h === '[::ffff:0:0]';
}

/** Parses `SANDBOX_WEBHOOK_ALLOW` (comma- or space-separated absolute http(s) URLs); junk entries are dropped. */
export function parseAllowList(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter((e) => {
      try {
        const u = new URL(e);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
      } catch {
        return false;
      }
    });
}

/** Whether `url` is under one of the allowed prefixes: same origin, path equal or below on a segment boundary. */
export function isAllowedTarget(url: URL, allow: readonly string[]): boolean {
  return allow.some((entry) => {
    const a = new URL(entry);
    if (a.origin !== url.origin) return false;
    const base = a.pathname.replace(/\/+$/, '');
    return base === '' || url.pathname === base || url.pathname.startsWith(`${base}/`);
  });
}

function notAllowed(): string {
  return 'url is not an allowed webhook target of this sandbox: local addresses are limited to the console\'s own /api/webhooks and the targets listed in SANDBOX_WEBHOOK_ALLOW';
}

export function checkSubscriptionUrl(value: string, allow: WebhookAllowList = null): UrlVerdict {
  if (value.length > MAX_URL_LENGTH) return { ok: false, message: `url must be at most ${MAX_URL_LENGTH} characters` };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { ok: false, message: 'url must be an absolute URL, e.g. https://example.com/webhooks' };
  }
  if (parsed.username || parsed.password) return { ok: false, message: 'url must not contain credentials' };
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackUrl(parsed))) {
    return {
      ok: false,
      message: 'url must use https (plain http is accepted only for localhost, 127.0.0.1 and [::1] in the sandbox)',
    };
  }
  if (!parsed.hostname) return { ok: false, message: 'url must name a host' };
  if (allow && reachesThisHost(parsed) && !isAllowedTarget(parsed, allow)) return { ok: false, message: notAllowed() };
  return { ok: true, url: value };
}

/** Null when the sandbox may connect to `url`; otherwise why not. */
export function deliveryBlockedReason(url: string, allowExternal: boolean, allow: WebhookAllowList = null): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Invalid delivery URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'Invalid delivery URL';
  if (allow && isAllowedTarget(parsed, allow)) return null;
  // Checked again at delivery: a subscription made before the list narrowed must not reach other local ports.
  if (reachesThisHost(parsed)) return allow ? notAllowed().replace(/^url/, 'The delivery URL') : null;
  if (allowExternal) return null;
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
