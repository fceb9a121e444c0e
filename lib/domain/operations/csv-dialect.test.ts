import { describe, expect, it } from 'vitest';
import { operationSchema } from '@/lib/api/schemas/operation';
import { auditCsv, AUDIT_CSV_COLUMNS } from '@/lib/domain/audit/csv';
import { csvCell, csvDecimal, csvHeader, csvTime, operationCsvRow, parseCsvDialect, STANDARD_CSV } from './csv';

const BR = parseCsvDialect('pt-BR', 'America/Sao_Paulo');

const op = operationSchema.parse({
  id: '3f2c1b7a-9d8e-4c6b-8a5f-1e2d3c4b5a69',
  customerId: '5d1a3c4e-1111-4222-8333-944455556666',
  account: { id: '0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10', owner: 'Acme Importação; Filial' },
  sourceAmount: { value: '-1234.50', asset: 'BRL', decimals: 2 },
  targetAmount: { value: '198.000001', asset: 'USDC', decimals: 6 },
  intent: { type: 'SWAP' },
  quote: {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    effectiveRate: { value: '0.199', base: 'BRL', quote: 'USD' },
    expiresAt: '2026-11-23T09:00:30.000Z',
    consumedAt: '2026-11-23T09:00:01.000Z',
  },
  fees: [
    { type: 'ABSOLUTE', amount: { value: '5.00', asset: 'BRL', decimals: 2 }, source: 'FX_SPREAD' },
    { type: 'ABSOLUTE', amount: { value: '0.10', asset: 'USD', decimals: 2 }, source: 'PLATFORM' },
  ],
  transactions: [],
  currentState: { status: 'COMPLETED', createdAt: '2026-11-23T09:00:02.000Z' },
  states: [],
  tags: [],
  createdAt: '2026-11-23T02:30:00.000Z',
  updatedAt: '2026-11-23T09:00:02.500Z',
});

describe('CSV dialects (the pt-BR spreadsheet layout is an explicit choice)', () => {
  it('anything but "pt-BR" is the standard layout', () => {
    expect(parseCsvDialect(null, 'UTC')).toEqual(STANDARD_CSV);
    expect(parseCsvDialect('excel', 'UTC')).toEqual(STANDARD_CSV);
    expect(BR).toEqual({ name: 'pt-BR', timeZone: 'America/Sao_Paulo' });
  });

  it('writes local times as dd/mm/aaaa hh:mm:ss (the day before, in São Paulo) and names the zone in the header', () => {
    expect(csvTime('2026-11-23T02:30:00.000Z', BR)).toBe('22/11/2026 23:30:00');
    expect(csvTime('2026-11-23T02:30:00.000-00:00', STANDARD_CSV)).toBe('2026-11-23T02:30:00.000Z');
    expect(csvHeader(BR)).toMatch(/^id;type;status;created_at \(America\/Sao_Paulo\);updated_at \(America\/Sao_Paulo\);account_id;/);
    expect(csvHeader()).toMatch(/^id,type,status,created_at,updated_at,/);
  });

  it('keeps every digit and only swaps the decimal separator; cells with a semicolon are quoted', () => {
    expect(csvDecimal('198.000001', BR)).toBe('198,000001');
    expect(csvDecimal('1234', BR)).toBe('1234');
    expect(csvDecimal('1.5 BRL', BR)).toBe('1.5 BRL');
    expect(csvDecimal('198.000001', STANDARD_CSV)).toBe('198.000001');
    const cells = operationCsvRow(op, BR).trimEnd().split(';');
    expect(cells[3]).toBe('22/11/2026 23:30:00');
    expect(operationCsvRow(op, BR)).toContain(';"Acme Importação; Filial";');
    expect(operationCsvRow(op, BR)).toContain(';-1234,50;BRL;198,000001;USDC;0,199;"5,00 BRL; 0,10 USD";');
    // A negative decimal is a number in either layout, never neutralised as a formula.
    expect(csvCell('-1234,50', ';')).toBe('-1234,50');
    expect(csvCell('=1+1', ';')).toBe("'=1+1");
    expect(csvCell('a,b', ';')).toBe('a,b');
  });

  it('lays the audit log out the same way', () => {
    const header = Object.fromEntries(AUDIT_CSV_COLUMNS.map((c) => [c, c])) as Record<(typeof AUDIT_CSV_COLUMNS)[number], string>;
    const row = { at: new Date('2026-11-23T09:00:00.000Z'), actorEmail: 'ana@acme.test', action: 'payouts.approve', target: 'p;1', outcome: 'success', correlationId: 'c-1', details: null };
    expect(auditCsv([row], header, { dialect: BR })).toBe(
      'time;actor;action;target;outcome;idempotencyKey;correlationId\r\n23/11/2026 06:00:00;ana@acme.test;payouts.approve;"p;1";success;;c-1\r\n',
    );
  });
});
