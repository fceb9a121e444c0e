import { describe, expect, it } from 'vitest';
import { attachmentFileName, csvRecordCounter, dataRows } from './csv-progress';
import { CSV_BOM, csvHeader, csvRow } from './csv';

describe('csvRecordCounter', () => {
  it('counts records across arbitrary chunk boundaries, line breaks inside quotes not counted', () => {
    const text = `${CSV_BOM}a,b\r\n"x\r\ny",1\r\n"he said ""hi""",2\r\n`;
    for (let size = 1; size <= text.length; size++) {
      const counter = csvRecordCounter();
      for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
      expect(counter.finish()).toBe(3);
    }
  });

  it('a last record without a line break still counts; an empty body has none', () => {
    const c = csvRecordCounter();
    c.push('a,b\r\n1,2');
    expect(c.finish()).toBe(2);
    expect(csvRecordCounter().finish()).toBe(0);
    expect(dataRows(0)).toBe(0);
    expect(dataRows(3)).toBe(2);
  });

  it('agrees with the export’s own writer: one record per row, whatever the cells hold', () => {
    const c = csvRecordCounter();
    expect(c.push(CSV_BOM + csvHeader())).toBe(1);
    expect(c.push(csvRow(['multi\nline "quoted"', '=SUM(A1)', 'a,b']))).toBe(2);
    expect(c.push(csvRow(['', '-10.50', '\r']))).toBe(3);
    expect(dataRows(c.finish())).toBe(2);
  });
});

describe('attachmentFileName', () => {
  it('reads the quoted name and refuses paths', () => {
    expect(attachmentFileName('attachment; filename="operations-20261123-1210.csv"', 'x.csv')).toBe('operations-20261123-1210.csv');
    expect(attachmentFileName('attachment; filename="../evil.csv"', 'x.csv')).toBe('x.csv');
    expect(attachmentFileName(null, 'x.csv')).toBe('x.csv');
  });
});
