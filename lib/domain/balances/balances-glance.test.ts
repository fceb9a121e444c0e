import { describe, expect, it } from 'vitest';
import { toAmount } from '@/lib/money/amount-core';
import { balanceSeries, lastDays, movementsOf, type BalanceOperation } from './balance-history';
import { downsample, niceTicks, plot, seriesSummary } from './chart-scale';
import { composeRates, orientRate, planRateRoutes, referenceTotal, toReference } from './reference-total';

const A = 'acc-a';
const B = 'acc-b';
const now = new Date('2026-11-26T15:00:00Z');

function op(over: Partial<BalanceOperation> & Pick<BalanceOperation, 'type'>): BalanceOperation {
  return {
    id: 'op',
    accountId: A,
    source: toAmount('100.00', 'BRL'),
    target: toAmount('20.00', 'USD'),
    states: [
      { status: 'REQUESTED', createdAt: '2026-11-20T10:00:00Z' },
      { status: 'PROCESSING', createdAt: '2026-11-20T10:00:01Z' },
      { status: 'COMPLETED', createdAt: '2026-11-21T10:00:00Z' },
    ],
    ...over,
  };
}

describe('movementsOf: the service’s settlement rules', () => {
  it('a swap debits the source at PROCESSING and credits the target at COMPLETED', () => {
    expect(movementsOf(op({ type: 'SWAP' }), A, 'BRL')).toEqual([{ at: new Date('2026-11-20T10:00:01Z'), delta: '-100.00', operationId: 'op' }]);
    expect(movementsOf(op({ type: 'SWAP' }), A, 'USD')).toEqual([{ at: new Date('2026-11-21T10:00:00Z'), delta: '20.00', operationId: 'op' }]);
  });

  it('a failure after the debit refunds it; a deposit only credits; a withdrawal only debits', () => {
    const failed = op({
      type: 'WITHDRAWAL',
      states: [
        { status: 'PROCESSING', createdAt: '2026-11-20T10:00:00Z' },
        { status: 'FAILED', createdAt: '2026-11-20T11:00:00Z' },
      ],
    });
    expect(movementsOf(failed, A, 'BRL').map((m) => m.delta)).toEqual(['-100.00', '100.00']);
    expect(movementsOf(op({ type: 'WITHDRAWAL' }), A, 'USD')).toEqual([]);
    const deposit = op({ type: 'DEPOSIT', source: toAmount('50.00', 'BRL'), target: toAmount('50.00', 'BRL') });
    expect(movementsOf(deposit, A, 'BRL').map((m) => m.delta)).toEqual(['50.00']);
  });

  it('a transfer debits its account and credits the receiving one', () => {
    const transfer = op({ type: 'TRANSFER', targetAccountId: B, source: toAmount('30.00', 'BRL'), target: toAmount('30.00', 'BRL') });
    expect(movementsOf(transfer, A, 'BRL').map((m) => m.delta)).toEqual(['-30.00']);
    expect(movementsOf(transfer, B, 'BRL').map((m) => m.delta)).toEqual(['30.00']);
  });

  it('an operation still in REQUESTED moved nothing', () => {
    expect(movementsOf(op({ type: 'SWAP', states: [{ status: 'REQUESTED', createdAt: '2026-11-20T10:00:00Z' }] }), A, 'BRL')).toEqual([]);
  });
});

describe('balanceSeries: closing balances walked back from today', () => {
  it('has one point per day, today’s is the balance now, and earlier days undo later movements', () => {
    const series = balanceSeries({
      current: toAmount('900.00', 'BRL'),
      accountId: A,
      operations: [op({ type: 'SWAP' })],
      now,
      days: 30,
      timeZone: 'UTC',
    });
    expect(series).toHaveLength(30);
    expect(series.at(-1)).toEqual({ day: '2026-11-26', value: '900.00' });
    expect(series.find((p) => p.day === '2026-11-20')?.value).toBe('900.00');
    expect(series.find((p) => p.day === '2026-11-19')?.value).toBe('1000.00');
    expect(series[0]).toEqual({ day: '2026-10-28', value: '1000.00' });
  });

  it('cuts days in the reader’s time zone', () => {
    // 02:00 UTC on the 21st is still the 20th in São Paulo (UTC−3): the debit belongs to the 20th there.
    const late = op({ type: 'WITHDRAWAL', states: [{ status: 'PROCESSING', createdAt: '2026-11-21T02:00:00Z' }] });
    const utc = balanceSeries({ current: toAmount('0.00', 'BRL'), accountId: A, operations: [late], now, days: 7, timeZone: 'UTC' });
    const sp = balanceSeries({ current: toAmount('0.00', 'BRL'), accountId: A, operations: [late], now, days: 7, timeZone: 'America/Sao_Paulo' });
    expect(utc.find((p) => p.day === '2026-11-20')?.value).toBe('100.00');
    expect(sp.find((p) => p.day === '2026-11-20')?.value).toBe('0.00');
  });

  it('lists calendar days oldest first across a month end', () => {
    expect(lastDays(new Date('2026-03-02T12:00:00Z'), 3, 'UTC')).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('reference total at the mid rate', () => {
  it('orients the service’s mid and composes through a pivot, with decimals only', () => {
    expect(orientRate({ value: '5.00', base: 'USD', quote: 'BRL' }, 'USD', 'BRL')).toBe('5');
    expect(orientRate({ value: '0.2', base: 'BRL', quote: 'USD' }, 'USD', 'BRL')).toBe('5');
    expect(orientRate({ value: '5.00', base: 'USD', quote: 'EUR' }, 'USD', 'BRL')).toBeNull();
    expect(composeRates('1.0869565217', '5')).toBe('5.4347826085');
  });

  it('converts each amount half-even to the reference scale and sums exactly', () => {
    const rates = new Map([['USD', '5.0123'] as const, ['USDC', '5.0123'] as const]);
    expect(toReference(toAmount('0.10', 'USD'), 'BRL', rates)).toEqual(toAmount('0.50', 'BRL'));
    const { total, missing } = referenceTotal(
      [toAmount('0.10', 'USD'), toAmount('1.000001', 'USDC'), toAmount('10.00', 'BRL'), toAmount('3.00', 'EUR')],
      'BRL',
      rates,
    );
    expect(total).toEqual(toAmount('15.51', 'BRL'));
    expect(missing).toEqual(['EUR']);
  });

  it('plans a direct quote where an account holds both assets, else one pivot, else none', () => {
    const routes = planRateRoutes(['BRL', 'USD', 'EUR', 'GBP'], 'BRL', [
      { id: 'one', assets: new Set(['BRL', 'USD'] as const) },
      { id: 'two', assets: new Set(['USD', 'EUR'] as const) },
    ]);
    expect(routes.get('BRL')).toEqual({ kind: 'same' });
    expect(routes.get('USD')).toEqual({ kind: 'direct', accountId: 'one' });
    expect(routes.get('EUR')).toEqual({ kind: 'via', pivot: 'USD', firstAccountId: 'two', secondAccountId: 'one' });
    expect(routes.get('GBP')).toBeNull();
  });
});

describe('chart scale', () => {
  it('picks nice ticks that cover the range, and a band for a flat line', () => {
    expect(niceTicks('0', '1000')).toEqual(['0', '500', '1000']);
    expect(niceTicks('912.34', '1000.00')).toEqual(['900', '950', '1000']);
    const flat = niceTicks('100.00', '100.00');
    expect(flat.length).toBeGreaterThan(1);
    expect(Number(flat[0])).toBeLessThan(100);
  });

  it('keeps first, last and every bucket’s extremes when downsampling', () => {
    const points = Array.from({ length: 100 }, (_, i) => ({ key: String(i), value: i === 50 ? '999' : '1' }));
    const small = downsample(points, 10);
    expect(small.length).toBeLessThanOrEqual(10);
    expect(small[0]!.key).toBe('0');
    expect(small.at(-1)!.key).toBe('99');
    expect(small.some((p) => p.value === '999')).toBe(true);
    expect(downsample(points.slice(0, 5), 10)).toHaveLength(5);
  });

  it('plots top-down on the ticks’ range and summarises the series', () => {
    const pts = [
      { key: 'a', value: '0' },
      { key: 'b', value: '50' },
      { key: 'c', value: '100' },
    ];
    expect(plot(pts, ['0', '100'], { width: 200, height: 100 })).toEqual([
      { x: 0, y: 100 },
      { x: 100, y: 50 },
      { x: 200, y: 0 },
    ]);
    expect(seriesSummary(pts)).toEqual({ min: '0', max: '100', first: '0', last: '100' });
  });
});
