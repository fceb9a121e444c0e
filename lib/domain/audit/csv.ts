import { STANDARD_CSV, csvRow, csvTime, type CsvDialect } from '@/lib/domain/operations/csv';

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
 * `'`). Times are ISO 8601 UTC, or local in the pt-BR layout (whose separator is `;`). `header` gives the column
 * titles in the user's language, in AUDIT_CSV_COLUMNS order (the time column's title names the zone).
 */
export function auditCsv(
  rows: readonly AuditCsvRow[],
  header: Readonly<Record<AuditCsvColumn, string>>,
  opts: { withHeader?: boolean; dialect?: CsvDialect } = {},
): string {
  const dialect = opts.dialect ?? STANDARD_CSV;
  const lines = rows.map((r) =>
    csvRow([csvTime(r.at, dialect), r.actorEmail, r.action, r.target, r.outcome, idempotencyKeyOf(r.details), r.correlationId], dialect),
  );
  return ((opts.withHeader ?? true) ? csvRow(AUDIT_CSV_COLUMNS.map((c) => header[c]), dialect) : '') + lines.join('');
}
