/** The /audit page's state lives in the URL; this reads it defensively (a bad value is ignored, never thrown). */
export const AUDIT_OUTCOMES = ['success', 'denied', 'error'] as const;
export type AuditOutcomeFilter = (typeof AUDIT_OUTCOMES)[number];

export interface AuditFilters {
  actor?: string;
  action?: string;
  outcome?: AuditOutcomeFilter;
  target?: string;
  /** yyyy-mm-dd, inclusive, in UTC. */
  from?: string;
  to?: string;
  cursor?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
type Params = Record<string, string | string[] | undefined> | URLSearchParams;

function read(params: Params, key: string): string | undefined {
  const raw = params instanceof URLSearchParams ? params.get(key) : params[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, 200) : undefined;
}

function realDate(value: string | undefined): string | undefined {
  if (!value || !DATE.test(value)) return undefined;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : undefined;
}

export function parseAuditFilters(params: Params): AuditFilters {
  const outcome = read(params, 'outcome');
  const out: AuditFilters = {
    actor: read(params, 'actor'),
    action: read(params, 'action'),
    outcome: (AUDIT_OUTCOMES as readonly string[]).includes(outcome ?? '') ? (outcome as AuditOutcomeFilter) : undefined,
    target: read(params, 'target'),
    from: realDate(read(params, 'from')),
    to: realDate(read(params, 'to')),
    cursor: read(params, 'cursor'),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as AuditFilters;
}

/** Query bounds: `from` at 00:00 UTC, `to` through the end of that day. */
export function dateBounds(filters: AuditFilters): { from?: Date; to?: Date } {
  return {
    from: filters.from ? new Date(`${filters.from}T00:00:00.000Z`) : undefined,
    to: filters.to ? new Date(new Date(`${filters.to}T00:00:00.000Z`).getTime() + 86_400_000) : undefined,
  };
}

/** The URL query for these filters (cursor dropped unless kept), for links and the CSV export. */
export function auditQueryString(filters: AuditFilters, opts: { keepCursor?: boolean } = {}): string {
  const q = new URLSearchParams();
  for (const key of ['actor', 'action', 'outcome', 'target', 'from', 'to'] as const) {
    const v = filters[key];
    if (v) q.set(key, v);
  }
  if (opts.keepCursor && filters.cursor) q.set('cursor', filters.cursor);
  const s = q.toString();
  return s ? `?${s}` : '';
}
