// Pure: the batch file's columns, their headers in each language, and the template people download.
import type { AppLocale } from '@/lib/i18n/config';

export const BATCH_COLUMNS = ['taxId', 'key', 'amount', 'asset', 'memo'] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/**
 * Headers per language. A file may use either language (a team shares one template across people who read the
 * console in different languages); the header row decides which notation its amounts are read in first.
 */
export const BATCH_HEADERS: Readonly<Record<AppLocale, Readonly<Record<BatchColumn, string>>>> = {
  en: { taxId: 'tax_id', key: 'pix_key', amount: 'amount', asset: 'asset', memo: 'memo' },
  'pt-BR': { taxId: 'cpf_cnpj', key: 'chave_pix', amount: 'valor', asset: 'moeda', memo: 'descricao' },
};

/** `Descrição`, ` CPF/CNPJ `, `chave pix` → the comparable form `descricao`, `cpf_cnpj`, `chave_pix`. */
export function foldHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/[\s/-]+/g, '_');
}

export type HeaderReading =
  | { ok: true; locale: AppLocale; columns: Record<BatchColumn, number> }
  | { ok: false; missing: BatchColumn[] };

/** Which cell holds which column. Every column but `memo` is required; the language with more matches wins. */
export function readHeader(cells: readonly string[]): HeaderReading {
  const folded = cells.map(foldHeader);
  let best: { locale: AppLocale; columns: Partial<Record<BatchColumn, number>>; hits: number } | null = null;
  for (const locale of Object.keys(BATCH_HEADERS) as AppLocale[]) {
    const columns: Partial<Record<BatchColumn, number>> = {};
    let hits = 0;
    for (const column of BATCH_COLUMNS) {
      // Both languages are accepted per column, so a file mixing them is still read; its own language counts first.
      const own = folded.indexOf(BATCH_HEADERS[locale][column]);
      const other = (Object.keys(BATCH_HEADERS) as AppLocale[]).map((l) => folded.indexOf(BATCH_HEADERS[l][column])).find((i) => i !== -1);
      const at = own !== -1 ? own : (other ?? -1);
      if (own !== -1) hits++;
      if (at !== -1) columns[column] = at;
    }
    if (!best || hits > best.hits) best = { locale, columns, hits };
  }
  const missing = BATCH_COLUMNS.filter((c) => c !== 'memo' && best!.columns[c] === undefined);
  if (missing.length) return { ok: false, missing };
  return { ok: true, locale: best!.locale, columns: { ...best!.columns, memo: best!.columns.memo ?? -1 } as Record<BatchColumn, number> };
}

/**
 * The template: headers in the reader's language, their notation's delimiter (`;` in pt-BR, where `,` is the
 * decimal mark, so spreadsheets open it in columns) and one example row showing the amount notation.
 */
export function batchTemplate(locale: AppLocale): string {
  const h = BATCH_HEADERS[locale];
  const sep = locale === 'pt-BR' ? ';' : ',';
  const example = locale === 'pt-BR' ? ['12345678909', 'fornecedor@exemplo.com.br', '1.234,56', 'BRL', 'Nota 123'] : ['12345678909', 'supplier@example.com', '1,234.56', 'BRL', 'Invoice 123'];
  const quote = (cell: string) => (cell.includes(sep) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `${BATCH_COLUMNS.map((c) => h[c]).join(sep)}\r\n${example.map(quote).join(sep)}\r\n`;
}
