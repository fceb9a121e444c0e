// Pure orchestration of the CSV export: walk the service's pages one at a time, yield CSV text. The caller
// pulls (a ReadableStream's pull), so at most one page is in memory whatever the number of operations.
import type { Operation } from '@/lib/api/schemas/operation';
import { CSV_BOM, STANDARD_CSV, csvHeader, operationCsvRow, type CsvDialect } from './csv';

export interface ExportPage {
  data: Operation[];
  meta: { nextCursor: string | null };
}

export interface ExportOptions {
  /** Console-side filter for what the service cannot filter (asset). */
  keep?: (op: Operation) => boolean;
  /** A runaway cursor (a service that never ends) must not stream forever. */
  maxPages?: number;
  /** Standard (default) or the pt-BR spreadsheet layout. */
  dialect?: CsvDialect;
}

/** Yields the BOM and header, then one chunk per page; `first` is the already-fetched first page. */
export async function* operationsCsv(
  first: ExportPage,
  fetchNext: (cursor: string) => Promise<ExportPage>,
  options: ExportOptions = {},
): AsyncGenerator<string, { rows: number; pages: number }> {
  const keep = options.keep ?? (() => true);
  const maxPages = options.maxPages ?? 10_000;
  const dialect = options.dialect ?? STANDARD_CSV;
  yield CSV_BOM + csvHeader(dialect);
  let page: ExportPage = first;
  let rows = 0;
  let pages = 1;
  for (;;) {
    let chunk = '';
    for (const op of page.data) {
      if (!keep(op)) continue;
      chunk += operationCsvRow(op, dialect);
      rows++;
    }
    if (chunk) yield chunk;
    const next = page.meta.nextCursor;
    if (!next || pages >= maxPages) break;
    page = await fetchNext(next);
    pages++;
  }
  return { rows, pages };
}
