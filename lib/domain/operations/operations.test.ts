import { describe, expect, it } from 'vitest';
import { operationSchema, type Operation } from '@/lib/api/schemas/operation';
import { CSV_BOM, CSV_COLUMNS, csvCell, csvHeader, csvRow, operationCsvCells, parseCsv } from './csv';
import { operationListSearch, parseOperationListState, toServiceQuery } from './list-filters';
import { parseStuckThresholds } from '@/lib/config/operations-stuck';
import { isStuck } from './stuck';
import { feeTotals, rateBothWays, timeline } from './view';

const OP_ID = '3f2c1b7a-9d8e-4c6b-8a5f-1e2d3c4b5a69';
const ACCOUNT = '0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10';

function operation(overrides: Record<string, unknown> = {}): Operation {
  return operationSchema.parse({
    id: OP_ID,
    customerId: '5d1a3c4e-1111-4222-8333-944455556666',
    account: { id: ACCOUNT, owner: 'Acme Importação Ltda' },
    sourceAmount: { value: '1000.00', asset: 'BRL', decimals: 2 },
    targetAmount: { value: '198.00', asset: 'USD', decimals: 2 },
    intent: { type: 'SWAP' },
    quote: {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      effectiveRate: { value: '0.199', base: 'BRL', quote: 'USD' },
      expiresAt: '2026-11-23T09:00:30.000Z',
      consumedAt: '2026-11-23T09:00:01.000Z',
    },
    fees: [
      { type: 'PERCENTAGE', amount: { value: '5.00', asset: 'BRL', decimals: 2 }, source: 'FX_SPREAD', percentage: '0.0050' },
      { type: 'ABSOLUTE', amount: { value: '0.10', asset: 'BRL', decimals: 2 }, source: 'PLATFORM' },
    ],
    transactions: [],
    currentState: { status: 'COMPLETED', createdAt: '2026-11-23T09:00:02.000Z' },
    states: [
      { status: 'REQUESTED', createdAt: '2026-11-23T09:00:00.000Z' },
      { status: 'PROCESSING', createdAt: '2026-11-23T09:00:01.000Z' },
      { status: 'COMPLETED', createdAt: '2026-11-23T09:00:02.500Z' },
    ],
    tags: [{ key: null, value: 'sandbox' }, { key: 'cost-center', value: '=HYPERLINK("http://x")' }],
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:02.500-00:00',
    ...overrides,
  });
}

describe('CSV cells (RFC 4180 + CSV injection)', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Importação Ltda ✓')).toBe('Importação Ltda ✓');
  });

  it('neutralises cells a spreadsheet would run: = + - @ tab CR at the start', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+55 11 99999')).toBe("'+55 11 99999");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('\rx')).toBe('"\'\rx"');
  });

  it('keeps plain decimals exact, negative ones too (numbers, not formulas)', () => {
    expect(csvCell('-10.50')).toBe('-10.50');
    expect(csvCell('0.000001')).toBe('0.000001');
    expect(csvCell('1234567890123.12')).toBe('1234567890123.12');
  });

  it('rows end in CRLF; the header lists the columns', () => {
    expect(csvRow(['a', 'b'])).toBe('a,b\r\n');
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('operation → CSV row', () => {
  it('money as the service sent it, ISO UTC dates, fees summed, tags joined and neutralised', () => {
    const cells = operationCsvCells(operation());
    const row = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, cells[i]]));
    expect(row).toEqual({
      id: OP_ID,
      type: 'SWAP',
      status: 'COMPLETED',
      created_at: '2026-11-23T09:00:00.000Z',
      updated_at: '2026-11-23T09:00:02.500Z',
      account_id: ACCOUNT,
      account_owner: 'Acme Importação Ltda',
      target_account_id: '',
      source_value: '1000.00',
      source_asset: 'BRL',
      target_value: '198.00',
      target_asset: 'USD',
      rate: '0.199',
      fees_total: '5.10',
      fees_asset: 'BRL',
      tags: 'sandbox; cost-center:=HYPERLINK("http://x")',
    });
    const line = csvRow(cells);
    // The tag cell does not start with "=", but a whole-row round trip must give the cells back.
    expect(parseCsv(CSV_BOM + csvHeader() + line)).toEqual([[...CSV_COLUMNS], cells]);
  });

  it('a transfer names its target account', () => {
    const cells = operationCsvCells(
      operation({ intent: { type: 'TRANSFER', targetAccount: { id: '11111111-2222-4333-8444-555555555555', owner: 'Tesouraria' } }, fees: [] }),
    );
    expect(cells[CSV_COLUMNS.indexOf('target_account_id')]).toBe('11111111-2222-4333-8444-555555555555');
    expect(cells[CSV_COLUMNS.indexOf('fees_total')]).toBe('');
  });

  it('parseCsv reads quoted fields with commas, quotes and newlines', () => {
    expect(parseCsv('a,"b,c","d""e","f\r\ng"\r\n1,2,3,4\r\n')).toEqual([
      ['a', 'b,c', 'd"e', 'f\r\ng'],
      ['1', '2', '3', '4'],
    ]);
  });
});

describe('operation view', () => {

  it('timeline: each state with the seconds it took and its reason', () => {
    const failed = operation({
      currentState: { status: 'FAILED', createdAt: '2026-11-23T09:00:03.000Z', reason: { code: 'INSUFFICIENT_BALANCE', message: 'Not enough', details: {} } },
      states: [
        { status: 'REQUESTED', createdAt: '2026-11-23T09:00:00.000Z' },
        { status: 'FAILED', createdAt: '2026-11-23T09:00:03.000Z', reason: { code: 'INSUFFICIENT_BALANCE', message: 'Not enough', details: {} } },
      ],
    });
    expect(timeline(failed)).toEqual([
      { status: 'REQUESTED', at: '2026-11-23T09:00:00.000Z', afterSeconds: null, reason: null },
      { status: 'FAILED', at: '2026-11-23T09:00:03.000Z', afterSeconds: 3, reason: { code: 'INSUFFICIENT_BALANCE', message: 'Not enough' } },
    ]);
  });

  it('fees per asset and the rate both ways', () => {
    expect(feeTotals(operation().fees)).toEqual([{ value: '5.10', asset: 'BRL', decimals: 2 }]);
    const r = rateBothWays({ value: '0.20', base: 'BRL', quote: 'USD' });
    expect(r.forward).toEqual({ from: 'BRL', to: 'USD', value: '0.20' });
    expect(r.inverse?.from).toBe('USD');
    expect(r.inverse?.value.startsWith('5')).toBe(true);
  });
});

describe('stuck operations', () => {
  const requested = { intent: { type: 'WITHDRAWAL' }, currentState: { status: 'PROCESSING' }, createdAt: '2026-11-23T09:00:00Z' };
  it('default: not terminal for 10 minutes', () => {
    expect(isStuck(requested, new Date('2026-11-23T09:09:59Z'))).toBe(false);
    expect(isStuck(requested, new Date('2026-11-23T09:10:00Z'))).toBe(true);
    expect(isStuck({ ...requested, currentState: { status: 'COMPLETED' } }, new Date('2026-11-24T00:00:00Z'))).toBe(false);
  });

  it('thresholds per type from OPERATIONS_STUCK_MINUTES', () => {
    const parsed = parseStuckThresholds('WITHDRAWAL=60, swap=5');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(isStuck(requested, new Date('2026-11-23T09:30:00Z'), parsed.value)).toBe(false);
    expect(isStuck({ ...requested, intent: { type: 'SWAP' } }, new Date('2026-11-23T09:05:00Z'), parsed.value)).toBe(true);
  });
});

describe('list state in the URL', () => {
  it('round-trips known filters and drops malformed ones', () => {
    const state = parseOperationListState(
      new URLSearchParams('type=swap&status=COMPLETED&account=0B6F7A52-3F9E-4C1A-9D55-2F7C8F1E9A10&asset=brl&from=2026-11-01&to=2026-11-30&cursor=abc&direction=PREVIOUS&junk=1'),
    );
    expect(state).toEqual({ type: 'SWAP', status: 'COMPLETED', account: ACCOUNT, asset: 'BRL', from: '2026-11-01', to: '2026-11-30', cursor: 'abc', direction: 'PREVIOUS' });
    expect(parseOperationListState(new URLSearchParams(operationListSearch(state).slice(1)))).toEqual(state);
    expect(parseOperationListState({ type: 'NOPE', account: 'x', from: '2026-13-45', direction: 'NEXT' })).toEqual({});
  });

  it('days are the user’s days: São Paulo midnight is 03:00 UTC', () => {
    expect(toServiceQuery({ from: '2026-11-23', to: '2026-11-23' }, 'America/Sao_Paulo')).toEqual({
      createdFrom: '2026-11-23T03:00:00.000Z',
      createdTo: '2026-11-24T02:59:59.999Z',
    });
    expect(toServiceQuery({ type: 'SWAP', asset: 'BRL', from: '2026-11-23' }, 'UTC')).toEqual({ intentType: 'SWAP', createdFrom: '2026-11-23T00:00:00.000Z' });
  });
});

describe('CSV export walk', async () => {
  const { operationsCsv } = await import('./export');
  it('walks the pages lazily (one fetched per pull), filters console-side and counts rows', async () => {
    let fetched = 0;
    const page = (n: number) => ({
      data: [operation({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` }), operation({ sourceAmount: { value: '1.00', asset: 'EUR', decimals: 2 } })],
      meta: { nextCursor: n < 3 ? `c${n + 1}` : null },
    });
    const gen = operationsCsv(page(1), async (cursor) => {
      fetched++;
      return page(Number(cursor.slice(1)));
    }, { keep: (op) => op.sourceAmount.asset === 'BRL' });
    const head = await gen.next();
    expect(head.value).toBe(CSV_BOM + csvHeader());
    await gen.next();
    expect(fetched).toBe(0); // the first page came with the call
    await gen.next();
    expect(fetched).toBe(1);
    const rest: string[] = [];
    let r = await gen.next();
    while (!r.done) {
      rest.push(r.value);
      r = await gen.next();
    }
    expect(r.value).toEqual({ rows: 3, pages: 3 });
    expect(fetched).toBe(2);
  });
});
