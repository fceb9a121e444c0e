// Pure: the operations CSV (RFC 4180, UTF-8). Money goes out exactly as the service sent it (strings, never
// numbers); cells a spreadsheet would run as a formula are neutralised.
import type { Operation } from '@/lib/api/schemas/operation';
import { feeTotals } from './view';

export const CSV_COLUMNS = [
  'id',
  'type',
  'status',
  'created_at',
  'updated_at',
  'account_id',
  'account_owner',
  'target_account_id',
  'source_value',
  'source_asset',
  'target_value',
  'target_asset',
  'rate',
  'fees_total',
  'fees_asset',
  'tags',
] as const;

/** Excel reads a file without a byte-order mark as the machine's legacy code page (mangling "Importação"). */
export const CSV_BOM = '\uFEFF';
const CRLF = '\r\n';
const PLAIN_DECIMAL = /^-?\d+([.,]\d+)?$/;

/**
 * How an export is laid out. `standard`: RFC 4180 with commas, decimal points and ISO 8601 UTC times, for programs.
 * `pt-BR`: what a spreadsheet set to Brazilian Portuguese opens straight into columns and numbers — semicolons,
 * decimal commas, `dd/mm/aaaa hh:mm:ss` in the reader's time zone, the zone named in the column title. Both start
 * with the byte-order mark.
 */
export type CsvDialect = { name: 'standard' } | { name: 'pt-BR'; timeZone: string };
export const STANDARD_CSV: CsvDialect = { name: 'standard' };
export { CSV_DIALECTS } from './csv-dialects';

/** The `dialect` query parameter; anything else is the standard layout. `timeZone` must be a valid IANA name. */
export function parseCsvDialect(param: string | null | undefined, timeZone: string): CsvDialect {
  return param === 'pt-BR' ? { name: 'pt-BR', timeZone } : STANDARD_CSV;
}

function separatorOf(dialect: CsvDialect): ',' | ';' {
  return dialect.name === 'pt-BR' ? ';' : ',';
}

/** A time cell: ISO 8601 UTC, or local `dd/mm/aaaa hh:mm:ss` (what a pt-BR spreadsheet reads as a date). */
export function csvTime(value: string | Date, dialect: CsvDialect): string {
  const t = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(t)) return String(value);
  if (dialect.name === 'standard') return new Date(t).toISOString();
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: dialect.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(t))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A time column's title: the zone its cells are in, for the local layout. */
export function csvTimeTitle(title: string, dialect: CsvDialect): string {
  return dialect.name === 'pt-BR' ? `${title} (${dialect.timeZone})` : title;
}

/** A decimal string as the dialect writes numbers: exact digits, only the separator changes (never a number). */
export function csvDecimal(value: string, dialect: CsvDialect): string {
  return dialect.name === 'pt-BR' && /^-?\d+(\.\d+)?$/.test(value) ? value.replace('.', ',') : value;
}
// OWASP CSV injection: these leading characters start a formula (or a DDE call) in Excel, LibreOffice, Sheets.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. A value beginning with `= + - @`, a tab or a carriage return gets a leading `'` so it is shown as
 * text — except a plain decimal like "-10.50" (or "-10,50"), which spreadsheets read as a number, never as a
 * formula, and must stay exact. Then RFC 4180 quoting: a cell with the separator, a quote, CR or LF is wrapped in
 * quotes, inner quotes doubled.
 */
export function csvCell(value: string | null | undefined, separator: ',' | ';' = ','): string {
  let text = value ?? '';
  if (FORMULA_START.test(text) && !PLAIN_DECIMAL.test(text)) text = `'${text}`;
  if (/["\r\n]/.test(text) || text.includes(separator)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvRow(cells: readonly (string | null | undefined)[], dialect: CsvDialect = STANDARD_CSV): string {
  const separator = separatorOf(dialect);
  return cells.map((c) => csvCell(c, separator)).join(separator) + CRLF;
}

const TIME_COLUMNS: ReadonlySet<string> = new Set(['created_at', 'updated_at']);

export function csvHeader(dialect: CsvDialect = STANDARD_CSV): string {
  return csvRow(
    CSV_COLUMNS.map((c) => (TIME_COLUMNS.has(c) ? csvTimeTitle(c, dialect) : c)),
    dialect,
  );
}

/**
 * Dates as ISO 8601 UTC whatever offset the service used (or local, in the pt-BR layout); an unparseable one is
 * passed through as text. Amounts, rate and fees keep their exact digits.
 */
export function operationCsvCells(op: Operation, dialect: CsvDialect = STANDARD_CSV): string[] {
  const num = (value: string) => csvDecimal(value, dialect);
  const fees = feeTotals(op.fees);
  const targetAccount =
    op.intent.type === 'TRANSFER' && 'targetAccount' in op.intent
      ? ((op.intent.targetAccount as { id?: string } | undefined)?.id ?? '')
      : '';
  return [
    op.id,
    op.intent.type,
    op.currentState.status,
    csvTime(op.createdAt, dialect),
    csvTime(op.updatedAt, dialect),
    op.account.id ?? '',
    op.account.owner ?? '',
    targetAccount,
    num(op.sourceAmount.value),
    op.sourceAmount.asset,
    num(op.targetAmount.value),
    op.targetAmount.asset,
    num(op.quote.effectiveRate.value),
    fees.length === 1 ? num(fees[0].value) : fees.map((f) => `${num(f.value)} ${f.asset}`).join('; '),
    fees.length === 1 ? fees[0].asset : '',
    (op.tags ?? []).map((t) => (t.key ? `${t.key}:${t.value}` : t.value)).join('; '),
  ];
}

export function operationCsvRow(op: Operation, dialect: CsvDialect = STANDARD_CSV): string {
  return csvRow(operationCsvCells(op, dialect), dialect);
}

/** Reads a CSV this module wrote (tests, the e2e check): RFC 4180 fields, CRLF records, BOM dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
