// Pure: a request path as a low-cardinality label (metrics, spans, log lines). Ids never become label values.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A segment that names one thing rather than a kind of thing: digits, long hex or base64url-ish tokens, e-mails. */
function isIdSegment(segment: string): boolean {
  if (UUID.test(segment)) return true;
  if (/^\d+$/.test(segment)) return true;
  if (segment.includes('@') || segment.includes('%')) return true;
  if (segment.length >= 16 && /\d/.test(segment)) return true;
  return segment.length > 40;
}

/** Paths Next serves itself, kept as one label each. */
const PREFIXES: [string, string][] = [
  ['/_next/static/', '/_next/static/*'],
  ['/_next/image', '/_next/image'],
  ['/sandbox/', '/sandbox/*'],
];

/**
 * `/operations/4f1c…/attempts/7` → `/operations/[id]/attempts/[id]`; the query is dropped. At most 6 segments are
 * kept (deeper paths end in `/*`), so a client cannot mint new series by inventing paths.
 */
export function routeTemplate(path: string): string {
  const pathname = (path.split('?')[0] ?? '/').split('#')[0] || '/';
  for (const [prefix, label] of PREFIXES) if (pathname.startsWith(prefix)) return label;
  const segments = pathname.split('/').filter(Boolean);
  const kept = segments.slice(0, 6).map((segment) => (isIdSegment(segment) ? '[id]' : segment.toLowerCase().slice(0, 40)));
  return `/${kept.join('/')}${segments.length > 6 ? '/*' : ''}`;
}

/** Method label: the usual verbs, everything else as OTHER. */
export function methodLabel(method: string | undefined): string {
  const m = (method ?? '').toUpperCase();
  return ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(m) ? m : 'OTHER';
}
