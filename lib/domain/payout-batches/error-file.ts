// Pure: the downloadable file of the rows that cannot be paid, with the reason in the reader's language.
import type { AppLocale } from '@/lib/i18n/config';
import { BATCH_COLUMNS, BATCH_HEADERS } from './csv-template';
import type { RawBatchRow } from './csv-file';
import type { RowErrorCode } from './row-validation';

export interface InvalidRowForFile {
  line: number;
  code: RowErrorCode;
  duplicateOf?: number;
  raw: Pick<RawBatchRow, 'taxId' | 'key' | 'amount' | 'asset' | 'memo'>;
}

/**
 * A cell as a spreadsheet will show it and never run it: quoted when needed, and a cell that starts like a
 * formula gets a leading apostrophe (OWASP's CSV-injection advice), so the file we hand out runs nothing.
 */
export function csvCell(value: string, delimiter: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(delimiter) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The error file: the template's columns in the reader's language (so it can be fixed and uploaded again) plus
 * the file's line and the reason, worded by `reason` (the caller's catalogue).
 */
export function errorFile(
  rows: readonly InvalidRowForFile[],
  locale: AppLocale,
  words: { line: string; reason: string },
  reason: (row: InvalidRowForFile) => string,
): string {
  const sep = locale === 'pt-BR' ? ';' : ',';
  const h = BATCH_HEADERS[locale];
  const head = [words.line, ...BATCH_COLUMNS.map((c) => h[c]), words.reason];
  const lines = rows.map((r) => [String(r.line), r.raw.taxId, r.raw.key, r.raw.amount, r.raw.asset, r.raw.memo, reason(r)].map((c) => csvCell(c, sep)).join(sep));
  // A BOM so Excel opens the accents of pt-BR reasons as UTF-8.
  return `\uFEFF${[head.map((c) => csvCell(c, sep)).join(sep), ...lines].join('\r\n')}\r\n`;
}
