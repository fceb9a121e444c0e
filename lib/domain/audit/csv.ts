import { csvRow } from '@/lib/domain/operations/csv';

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
 * The operations export's CSV rules (lib/domain/operations/csv.ts): RFC 4180 (CRLF records, quoting only where
 * needed, quotes doubled) and spreadsheet formula injection neutralised (a leading `= + - @`, tab or CR gets a
 * `'`). Times are ISO 8601 UTC. `header` gives the column titles in the user's language, in AUDIT_CSV_COLUMNS order.
 */
export function auditCsv(rows: readonly AuditCsvRow[], header: Readonly<Record<AuditCsvColumn, string>>, opts: { withHeader?: boolean } = {}): string {
  const lines = rows.map((r) =>
    csvRow([r.at.toISOString(), r.actorEmail, r.action, r.target, r.outcome, idempotencyKeyOf(r.details), r.correlationId]),
  );
  return ((opts.withHeader ?? true) ? csvRow(AUDIT_CSV_COLUMNS.map((c) => header[c])) : '') + lines.join('');
}
