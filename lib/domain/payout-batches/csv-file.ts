// Pure: from the bytes of an uploaded file to its data rows, or one file-level refusal with a code.
import Papa from 'papaparse';
import type { AppLocale } from '@/lib/i18n/config';
import { readHeader, type BatchColumn } from './csv-template';

import { MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS, MAX_CELL_CHARS } from './limits';

export { MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS, MAX_CELL_CHARS };

export type BatchFileErrorCode = 'FILE_EMPTY' | 'FILE_TOO_LARGE' | 'TOO_MANY_ROWS' | 'HEADER_MISSING_COLUMNS' | 'FILE_UNREADABLE';
export type BatchFileError = { code: BatchFileErrorCode; max?: number; rows?: number; missing?: BatchColumn[] };

/** What the file said, cell by cell, before any meaning is given to it. `line` counts the header as line 1. */
export interface RawBatchRow {
  line: number;
  taxId: string;
  key: string;
  amount: string;
  asset: string;
  memo: string;
  /** Columns whose cell started like a spreadsheet formula (refused as a value). */
  formulaCells: BatchColumn[];
  /** Columns whose cell was longer than MAX_CELL_CHARS (cut, and the row refused). */
  longCells: BatchColumn[];
}

export type BatchFileEncoding = 'utf-8' | 'windows-1252';
export type BatchFile =
  | { ok: true; rows: RawBatchRow[]; headerLocale: AppLocale; delimiter: ',' | ';'; encoding: BatchFileEncoding }
  | { ok: false; error: BatchFileError };

/**
 * Text from bytes: UTF-8 (with or without BOM) when the bytes are valid UTF-8; otherwise the file is DECODED as
 * Windows-1252 (Latin-1 as Excel writes it in Brazil), never refused — the preview says it was read that way, so
 * an accent read wrongly in a memo is seen before anything is paid (tax ids, keys, amounts and assets are ASCII).
 */
export function decodeBatchFile(bytes: Uint8Array): { text: string; encoding: BatchFileEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/**
 * A cell a spreadsheet would run as a formula: starting with `=`, `@`, a tab or carriage return, or `+`/`-`
 * followed by anything but digits (a phone PIX key `+5511987654321` is a value; `+SUM(A1)` and `-1+2` are not).
 */
export function looksLikeFormula(cell: string): boolean {
  if (/^[=@\t\r]/.test(cell)) return true;
  return /^[+-]/.test(cell) && !/^[+-]\d+$/.test(cell);
}

/** The delimiter the header line uses: the one of `;` and `,` that occurs more often outside quotes. */
function headerDelimiter(text: string): ',' | ';' {
  const end = text.search(/\r?\n/);
  const line = end === -1 ? text : text.slice(0, end);
  let inQuotes = false;
  let semi = 0;
  let comma = 0;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === ';') semi++;
    else if (!inQuotes && ch === ',') comma++;
  }
  return semi > comma ? ';' : ',';
}

/** Parses an uploaded batch file. Refuses the whole file only for what makes rows meaningless or too many. */
export function parseBatchFile(bytes: Uint8Array): BatchFile {
  if (bytes.byteLength > MAX_BATCH_FILE_BYTES) return { ok: false, error: { code: 'FILE_TOO_LARGE', max: MAX_BATCH_FILE_BYTES } };
  const decoded = decodeBatchFile(bytes);
  const text = decoded.text.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, error: { code: 'FILE_EMPTY' } };
  const delimiter = headerDelimiter(text);
  // `preview` stops papaparse after the first row past the cap: a file of 100,000 rows is not read whole.
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy', preview: MAX_BATCH_ROWS + 2 });
  const [header, ...data] = parsed.data;
  if (!header || header.length === 0) return { ok: false, error: { code: 'FILE_EMPTY' } };
  const reading = readHeader(header);
  if (!reading.ok) return { ok: false, error: { code: 'HEADER_MISSING_COLUMNS', missing: reading.missing } };
  if (data.length === 0) return { ok: false, error: { code: 'FILE_EMPTY' } };
  if (data.length > MAX_BATCH_ROWS) return { ok: false, error: { code: 'TOO_MANY_ROWS', max: MAX_BATCH_ROWS } };
  const rows = data.map((cells, i): RawBatchRow => {
    const formulaCells: BatchColumn[] = [];
    const longCells: BatchColumn[] = [];
    const cell = (column: BatchColumn): string => {
      const at = reading.columns[column];
      const raw = at >= 0 ? (cells[at] ?? '') : '';
      if (raw.length > MAX_CELL_CHARS) longCells.push(column);
      const value = raw.slice(0, MAX_CELL_CHARS);
      if (looksLikeFormula(value)) formulaCells.push(column);
      return value.trim();
    };
    return { line: i + 2, taxId: cell('taxId'), key: cell('key'), amount: cell('amount'), asset: cell('asset'), memo: cell('memo'), formulaCells, longCells };
  });
  return { ok: true, rows, headerLocale: reading.locale, delimiter, encoding: decoded.encoding };
}
