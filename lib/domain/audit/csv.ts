import { stringify } from 'csv-stringify/sync';

export interface AuditCsvRow {
  at: Date;
  actorEmail: string | null;
  action: string;
  target: string | null;
  outcome: string;
  correlationId: string | null;
  details: Record<string, unknown> | null;
}

export const AUDIT_CSV_COLUMNS = ['time', 'actor', 'action', 'target', 'outcome', 'idempotencyKey', 'correlationId'] as const;
export type AuditCsvColumn = (typeof AUDIT_CSV_COLUMNS)[number];

/** The idempotency key an event carries in its details, when the action had one. */
export function idempotencyKeyOf(details: Record<string, unknown> | null | undefined): string | null {
  const key = details?.idempotencyKey;
  return typeof key === 'string' ? key : null;
}

/**
 * RFC 4180 CSV (CRLF records, fields quoted when they hold a comma, quote or line break, quotes doubled) with
 * spreadsheet formula injection neutralised: a cell starting with = + - @ tab or CR is prefixed with `'`
 * (csv-stringify's `escape_formulas`). Times are ISO 8601 UTC. `header` gives the column titles in the user's
 * language, in AUDIT_CSV_COLUMNS order.
 */
export function auditCsv(rows: readonly AuditCsvRow[], header: Readonly<Record<AuditCsvColumn, string>>, opts: { withHeader?: boolean } = {}): string {
  const records = rows.map((r) => [
    r.at.toISOString(),
    r.actorEmail ?? '',
    r.action,
    r.target ?? '',
    r.outcome,
    idempotencyKeyOf(r.details) ?? '',
    r.correlationId ?? '',
  ]);
  const withHeader = opts.withHeader ?? true;
  return stringify(withHeader ? [AUDIT_CSV_COLUMNS.map((c) => header[c]), ...records] : records, {
    record_delimiter: 'windows',
    escape_formulas: true,
  });
}
