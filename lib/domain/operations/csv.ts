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
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
// OWASP CSV injection: these leading characters start a formula (or a DDE call) in Excel, LibreOffice, Sheets.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. A value beginning with `= + - @`, a tab or a carriage return gets a leading `'` so it is shown as
 * text — except a plain decimal like "-10.50", which spreadsheets read as a number, never as a formula, and
 * must stay exact. Then RFC 4180 quoting: a cell with a comma, quote, CR or LF is wrapped in quotes, inner
 * quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text) && !PLAIN_DECIMAL.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvRow(cells: readonly (string | null | undefined)[]): string {
  return cells.map(csvCell).join(',') + CRLF;
}

export function csvHeader(): string {
  return csvRow(CSV_COLUMNS);
}

/** Dates as ISO 8601 UTC whatever offset the service used; an unparseable one is passed through as text. */
function isoUtc(value: string): string {
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

export function operationCsvCells(op: Operation): string[] {
  const fees = feeTotals(op.fees);
  const targetAccount =
    op.intent.type === 'TRANSFER' && 'targetAccount' in op.intent
      ? ((op.intent.targetAccount as { id?: string } | undefined)?.id ?? '')
      : '';
  return [
    op.id,
    op.intent.type,
    op.currentState.status,
    isoUtc(op.createdAt),
    isoUtc(op.updatedAt),
    op.account.id ?? '',
    op.account.owner ?? '',
    targetAccount,
    op.sourceAmount.value,
    op.sourceAmount.asset,
    op.targetAmount.value,
    op.targetAmount.asset,
    op.quote.effectiveRate.value,
    fees.length === 1 ? fees[0].value : fees.map((f) => `${f.value} ${f.asset}`).join('; '),
    fees.length === 1 ? fees[0].asset : '',
    (op.tags ?? []).map((t) => (t.key ? `${t.key}:${t.value}` : t.value)).join('; '),
  ];
}

export function operationCsvRow(op: Operation): string {
  return csvRow(operationCsvCells(op));
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
