import { describe, expect, it } from 'vitest';
import { MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS, looksLikeFormula, parseBatchFile } from './csv-file';
import { batchTemplate, readHeader } from './csv-template';

const utf8 = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

describe('batch file parsing', () => {
  it('reads the en template (comma) and the pt-BR template (semicolon) alike', () => {
    for (const locale of ['en', 'pt-BR'] as const) {
      const parsed = parseBatchFile(utf8(batchTemplate(locale)));
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(parsed.headerLocale).toBe(locale);
      expect(parsed.delimiter).toBe(locale === 'en' ? ',' : ';');
      expect(parsed.rows).toHaveLength(1);
      expect(parsed.rows[0]).toMatchObject({ line: 2, taxId: '12345678909', asset: 'BRL' });
    }
  });

  it('strips a BOM and accepts headers in either language, with accents and spaces', () => {
    const parsed = parseBatchFile(utf8('\uFEFFCPF/CNPJ;Chave PIX;Valor;Moeda;Descrição\r\n1;k;1,00;BRL;Olá\r\n'));
    expect(parsed).toMatchObject({ ok: true, headerLocale: 'pt-BR', encoding: 'utf-8' });
    if (parsed.ok) expect(parsed.rows[0]).toMatchObject({ taxId: '1', memo: 'Olá' });
    expect(readHeader(['tax_id', 'chave_pix', 'amount', 'asset'])).toMatchObject({ ok: true, locale: 'en' });
  });

  it('decodes a Latin-1 file (not valid UTF-8) and says so', () => {
    const parsed = parseBatchFile(latin1('cpf_cnpj;chave_pix;valor;moeda;descricao\n1;k;1,00;BRL;Pagamento ação\n'));
    expect(parsed).toMatchObject({ ok: true, encoding: 'windows-1252' });
    if (parsed.ok) expect(parsed.rows[0]!.memo).toBe('Pagamento ação');
  });

  it('refuses 1,001 data rows but takes 1,000', () => {
    const head = 'tax_id,pix_key,amount,asset\n';
    const row = '1,k,1.00,BRL\n';
    expect(parseBatchFile(utf8(head + row.repeat(MAX_BATCH_ROWS)))).toMatchObject({ ok: true });
    expect(parseBatchFile(utf8(head + row.repeat(MAX_BATCH_ROWS + 1)))).toEqual({ ok: false, error: { code: 'TOO_MANY_ROWS', max: 1000 } });
  });

  it('refuses 10 MB of one column by size, without reading it', () => {
    const big = new Uint8Array(10 * 1024 * 1024).fill(0x41);
    expect(parseBatchFile(big)).toEqual({ ok: false, error: { code: 'FILE_TOO_LARGE', max: MAX_BATCH_FILE_BYTES } });
    // Just under the cap, one huge cell: the row is refused, the file is not a crash.
    const cell = 'A'.repeat(MAX_BATCH_FILE_BYTES - 100);
    const parsed = parseBatchFile(utf8(`tax_id,pix_key,amount,asset\n1,${cell},1.00,BRL\n`));
    expect(parsed.ok && parsed.rows[0]!.longCells).toEqual(['key']);
  });

  it('names missing columns and empty files', () => {
    expect(parseBatchFile(utf8('name,amount\nx,1\n'))).toEqual({ ok: false, error: { code: 'HEADER_MISSING_COLUMNS', missing: ['taxId', 'key', 'asset'] } });
    expect(parseBatchFile(utf8('  \n'))).toEqual({ ok: false, error: { code: 'FILE_EMPTY' } });
    expect(parseBatchFile(utf8('tax_id,pix_key,amount,asset\n'))).toEqual({ ok: false, error: { code: 'FILE_EMPTY' } });
  });

  it('marks formula cells, but not a phone key or a plain negative number', () => {
    expect(looksLikeFormula('=1+1')).toBe(true);
    expect(looksLikeFormula('@SUM(A1)')).toBe(true);
    expect(looksLikeFormula('+SUM(A1)')).toBe(true);
    expect(looksLikeFormula('-1+2')).toBe(true);
    expect(looksLikeFormula('+5511987654321')).toBe(false);
    expect(looksLikeFormula('-100')).toBe(false);
    const parsed = parseBatchFile(utf8('tax_id,pix_key,amount,asset,memo\n1,k,1.00,BRL,"=HYPERLINK(""x"")"\n'));
    expect(parsed.ok && parsed.rows[0]!.formulaCells).toEqual(['memo']);
  });
});
