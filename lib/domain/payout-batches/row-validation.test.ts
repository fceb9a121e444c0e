import { describe, expect, it } from 'vitest';
import type { RawBatchRow } from './csv-file';
import { errorFile } from './error-file';
import { payableDigest, readBatchAmount, referenceTotal, rowsDigest, totalsByAsset, validateBatchRows, type KnownBeneficiary, type ValidRow } from './row-validation';

const raw = (line: number, over: Partial<RawBatchRow> = {}): RawBatchRow => ({
  line,
  taxId: '123.456.789-09',
  key: 'ana@example.com',
  amount: '10,00',
  asset: 'BRL',
  memo: '',
  formulaCells: [],
  longCells: [],
  ...over,
});
const approved = { decision: 'APPROVED' as const } as never;
const people: KnownBeneficiary[] = [
  {
    id: 'b1',
    name: 'Ana',
    taxId: '12345678909',
    keys: [
      { instructionId: 'i1', asset: 'BRL', dictKey: 'ana@example.com', dictKeyType: 'EMAIL', serviceStatus: 'APPROVED', review: approved },
      { instructionId: 'i2', asset: 'BRL', dictKey: '+5511987654321', dictKeyType: 'PHONE', serviceStatus: 'APPROVED', review: null },
      { instructionId: 'i3', asset: 'BRL', dictKey: 'ana2@example.com', dictKeyType: 'EMAIL', serviceStatus: 'APPROVED', review: { decision: 'REJECTED' } as never },
      { instructionId: 'i4', asset: 'BRL', dictKey: 'ana3@example.com', dictKeyType: 'EMAIL', serviceStatus: 'PENDING_REVIEW', review: null },
      { instructionId: 'i5', asset: 'USDC', dictKey: 'ana-usdc@example.com', dictKeyType: 'EMAIL', serviceStatus: 'APPROVED', review: approved },
    ],
  },
];

describe('amount reading in both notations', () => {
  it('reads 1.234,56 and 1,234.56 as 1234.56 whatever the file language', () => {
    for (const locale of ['en', 'pt-BR'] as const) {
      expect(readBatchAmount('1.234,56', 'BRL', locale)).toEqual({ ok: true, value: '1234.56' });
      expect(readBatchAmount('1,234.56', 'BRL', locale)).toEqual({ ok: true, value: '1234.56' });
    }
    expect(readBatchAmount('1.234', 'BRL', 'pt-BR')).toEqual({ ok: true, value: '1234' });
    expect(readBatchAmount('1.234', 'USDC', 'en')).toEqual({ ok: true, value: '1.234' });
    expect(readBatchAmount('1,5', 'BRL', 'en')).toEqual({ ok: true, value: '1.5' });
  });
  it('enforces the asset scale and refuses what is not one amount', () => {
    expect(readBatchAmount('1,234', 'BRL', 'pt-BR')).toEqual({ ok: false, code: 'AMOUNT_SCALE' });
    expect(readBatchAmount('1.2345', 'BRL', 'en')).toEqual({ ok: false, code: 'AMOUNT_SCALE' });
    expect(readBatchAmount('1.234567', 'USDC', 'en')).toEqual({ ok: true, value: '1.234567' });
    expect(readBatchAmount('R$ 10', 'BRL', 'pt-BR')).toEqual({ ok: false, code: 'BAD_AMOUNT' });
    expect(readBatchAmount('1.2.3,4', 'BRL', 'pt-BR')).toEqual({ ok: false, code: 'BAD_AMOUNT' });
  });
});

describe('row validation', () => {
  it('gives each row a code', () => {
    const rows = [
      raw(2),
      raw(3, { taxId: '000' }),
      raw(4, { key: 'nobody@example.com' }),
      raw(5, { key: '+5511987654321' }),
      raw(6, { key: 'ana2@example.com' }),
      raw(7, { key: 'ana3@example.com' }),
      raw(8, { amount: 'dez' }),
      raw(9, { amount: '0,00' }),
      raw(10, { asset: 'XYZ' }),
      raw(11, { asset: 'USDC' }),
      raw(12, { formulaCells: ['memo'] }),
      raw(13, { amount: '' }),
      raw(14, { amount: '10.00', memo: 'same key, same amount' }),
      raw(15, { amount: '10,001' }),
    ];
    const checked = validateBatchRows(rows, 'pt-BR', people);
    expect(checked.map((c) => (c.ok ? 'OK' : c.code))).toEqual([
      'OK',
      'UNKNOWN_BENEFICIARY',
      'UNKNOWN_KEY',
      'KEY_NOT_REVIEWED',
      'KEY_REJECTED',
      'KEY_NOT_APPROVED',
      'BAD_AMOUNT',
      'AMOUNT_NOT_POSITIVE',
      'UNKNOWN_ASSET',
      'ASSET_MISMATCH',
      'FORMULA_CELL',
      'MISSING_VALUE',
      'DUPLICATE_ROW',
      'AMOUNT_SCALE',
    ]);
    const dup = checked[12]!;
    expect(!dup.ok && dup.duplicateOf).toBe(2);
    expect(checked[0]).toMatchObject({ ok: true, row: { beneficiaryId: 'b1', instructionId: 'i1', amount: '10.00', asset: 'BRL', taxId: '12345678909' } });
  });

  it('totals per asset exactly and values them in the reference currency at the mid rate, rounded up', () => {
    const rows = [
      { asset: 'BRL', amount: '0.10' },
      { asset: 'BRL', amount: '0.20' },
      { asset: 'USDC', amount: '1.000001' },
    ] as ValidRow[];
    const totals = totalsByAsset(rows);
    expect(totals).toEqual({ BRL: '0.30', USDC: '1.000001' });
    const quote = { id: 'q', sourceAmount: { value: '1', asset: 'USDC' }, effectiveRate: { value: '5', base: 'USDC', quote: 'BRL' }, midRate: { value: '5.5', base: 'USDC', quote: 'BRL' } };
    expect(referenceTotal(totals, 'BRL', { USDC: quote })).toBe('5.81');
    expect(referenceTotal(totals, 'BRL', {})).toBeNull();
    expect(referenceTotal({ BRL: '0.30' }, 'BRL', {})).toBe('0.30');
  });

  it('digests change when any row changes', () => {
    const a = [raw(2), raw(3)];
    expect(rowsDigest(a)).toBe(rowsDigest([raw(2), raw(3)]));
    expect(rowsDigest(a)).not.toBe(rowsDigest([raw(2), raw(3, { amount: '10,01' })]));
    expect(rowsDigest(a)).not.toBe(rowsDigest([raw(2)]));
    const p = [{ line: 2, instructionId: 'i1', amount: '1.00', asset: 'BRL' as const }];
    expect(payableDigest(p)).not.toBe(payableDigest([{ ...p[0]!, amount: '1.01' }]));
  });

  it('writes an error file with the reason and no runnable formula', () => {
    const file = errorFile(
      [{ line: 3, code: 'FORMULA_CELL', raw: { taxId: '1', key: 'k', amount: '1,00', asset: 'BRL', memo: '=HYPERLINK("x")' } }],
      'pt-BR',
      { line: 'linha', reason: 'motivo' },
      (r) => `Erro ${r.code}; veja`,
    );
    expect(file).toBe('\uFEFFlinha;cpf_cnpj;chave_pix;valor;moeda;descricao;motivo\r\n3;1;k;1,00;BRL;"\'=HYPERLINK(""x"")";"Erro FORMULA_CELL; veja"\r\n');
  });
});
