/**
 * Where this deployment can actually deliver webhooks, so the create form can say so before saving instead of
 * accepting a URL whose every delivery then fails.
 *
 * The real service (sandbox off) delivers to any public https URL: nothing to add to the URL rule. The embedded
 * sandbox delivers to this console's own receiver, to the prefixes its operator lists in `SANDBOX_WEBHOOK_ALLOW`,
 * and to other hosts only when `SANDBOX_WEBHOOK_ALLOW_EXTERNAL` is on. The host test mirrors the sandbox's
 * (lib/sandbox/webhooks/url-policy.ts, which the console may not import); a unit test keeps the two in step.
 */
export type DeliveryReach =
  | { kind: 'service' }
  | {
      kind: 'sandbox';
      /** `${PUBLIC_URL}/api/webhooks`. */
      receiver: string;
      /** `SANDBOX_WEBHOOK_ALLOW`. */
      allowed: readonly string[];
      /** `SANDBOX_WEBHOOK_ALLOW_EXTERNAL`. */
      external: boolean;
    };

/** Why a URL would never receive anything here: a code of the `errors` catalogue and what its sentence names. */
export type ReachProblem = { code: 'WEBHOOK_URL_OUTSIDE_BLOCKED' | 'WEBHOOK_URL_LOCAL_NOT_ALLOWED'; host: string; receiver: string };

/** Every host name that reaches this machine without leaving it (as the sandbox counts them). */
function reachesThisHost(url: URL): boolean {
  const h = url.hostname.toLowerCase();
  if (h === 'localhost' || h === '[::1]' || h === '0.0.0.0' || h === '[::]' || h.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)) return true;
  return /^\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.)/.test(h) || h === '[::ffff:0:0]';
}

/** Under one of the prefixes: same origin, and the path equal or below it on a segment boundary. */
function isUnder(url: URL, prefixes: readonly string[]): boolean {
  return prefixes.some((entry) => {
    let a: URL;
    try {
      a = new URL(entry);
    } catch {
      return false;
    }
    if (a.origin !== url.origin) return false;
    const base = a.pathname.replace(/\/+$/, '');
    return base === '' || url.pathname === base || url.pathname.startsWith(`${base}/`);
  });
}

/** Null when deliveries to `value` can arrive (or the URL rule, `urlProblem`, already refuses it). */
export function reachProblem(value: string, reach: DeliveryReach): ReachProblem | null {
  if (reach.kind === 'service') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (isUnder(url, [reach.receiver, ...reach.allowed])) return null;
  if (reachesThisHost(url)) return { code: 'WEBHOOK_URL_LOCAL_NOT_ALLOWED', host: url.host, receiver: reach.receiver };
  if (reach.external) return null;
  return { code: 'WEBHOOK_URL_OUTSIDE_BLOCKED', host: url.host, receiver: reach.receiver };
}
