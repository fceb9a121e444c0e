import { describe, expect, it } from 'vitest';
import { buildQuoteRequest } from './request';
import { clockOffsetMs, countdownAt, expireNow, quoteClock } from './countdown';
import { driftBps, sameDirection, spreadBps } from './rates';
import { derivedKey, operationKeyForQuote } from './idempotency';
import { toQuoteView } from './view';

const base = { accountId: '6f1c1d9e-2a1b-4c3d-8e9f-0a1b2c3d4e5f', sellAsset: 'BRL' as const, buyAsset: 'USD' as const };

describe('buildQuoteRequest', () => {
  it('fixed source: the amount is what is sold, as sourceAmount in the source scale', () => {
    const r = buildQuoteRequest({ ...base, fixedSide: 'sell', amount: '5000.5' });
    expect(r).toEqual({ ok: true, body: { accountId: base.accountId, sourceAsset: 'BRL', targetAsset: 'USD', sourceAmount: '5000.50' } });
    expect(r.ok && 'targetAmount' in r.body).toBe(false);
  });

  it('fixed target: the amount is what is bought, as targetAmount, checked against the TARGET scale', () => {
    const r = buildQuoteRequest({ ...base, buyAsset: 'USDC', fixedSide: 'buy', amount: '10.123456' });
    expect(r).toEqual({ ok: true, body: { accountId: base.accountId, sourceAsset: 'BRL', targetAsset: 'USDC', targetAmount: '10.123456' } });
    // 6 decimals are fine for USDC (target) but not for BRL: the scale follows the fixed side.
    expect(buildQuoteRequest({ ...base, fixedSide: 'sell', amount: '10.123456' })).toMatchObject({ ok: false, field: 'amount', code: 'TOO_MANY_DECIMALS' });
  });

  it('refuses zero, negative, empty and the same asset on both sides', () => {
    expect(buildQuoteRequest({ ...base, fixedSide: 'sell', amount: '0' })).toMatchObject({ ok: false, code: 'ZERO_NOT_ALLOWED' });
    expect(buildQuoteRequest({ ...base, fixedSide: 'sell', amount: '-1' })).toMatchObject({ ok: false, code: 'NEGATIVE_NOT_ALLOWED' });
    expect(buildQuoteRequest({ ...base, fixedSide: 'sell', amount: '' })).toMatchObject({ ok: false, code: 'EMPTY' });
    expect(buildQuoteRequest({ ...base, buyAsset: 'BRL', fixedSide: 'sell', amount: '1' })).toMatchObject({ ok: false, field: 'buyAsset', code: 'SAME_ASSET' });
  });

  it('never emits a number: amounts stay strings', () => {
    const r = buildQuoteRequest({ ...base, fixedSide: 'sell', amount: '0.10' });
    expect(r.ok && typeof r.body.sourceAmount).toBe('string');
  });
});

describe('quote countdown', () => {
  const expiresAt = '2026-01-15T09:00:30.000Z';
  const issued = '2026-01-15T09:00:00.000Z';

  it('counts 30 s from the quote whatever the browser clock says (browser 2 minutes behind)', () => {
    const browserAtReceipt = Date.parse(issued) - 120_000;
    const clock = quoteClock(expiresAt, issued, browserAtReceipt);
    expect(clock.offsetMs).toBe(120_000);
    // Read before it arrived (a stale tick): counted from its arrival, never more than 30 s.
    expect(countdownAt(clock, 0).secondsLeft).toBe(30);
    expect(countdownAt(clock, browserAtReceipt)).toEqual({ remainingMs: 30_000, secondsLeft: 30, expired: false });
    expect(countdownAt(clock, browserAtReceipt + 12_300).secondsLeft).toBe(18);
    expect(countdownAt(clock, browserAtReceipt + 29_999)).toEqual({ remainingMs: 1, secondsLeft: 1, expired: false });
    expect(countdownAt(clock, browserAtReceipt + 30_000)).toEqual({ remainingMs: 0, secondsLeft: 0, expired: true });
    expect(countdownAt(clock, browserAtReceipt + 90_000).remainingMs).toBe(0);
  });

  it('corrects a browser clock that runs ahead, and a service clock moved forward (sandbox advance)', () => {
    const ahead = quoteClock(expiresAt, issued, Date.parse(issued) + 45_000);
    expect(countdownAt(ahead, Date.parse(issued) + 45_000 + 5_000).secondsLeft).toBe(25);
    // Without the correction this quote would look expired already.
    expect(Date.parse(expiresAt) - (Date.parse(issued) + 45_000)).toBeLessThan(0);
  });

  it('does not restart: the same clock read later is later (form and confirm step share it)', () => {
    const clock = quoteClock(expiresAt, issued, 1_000);
    const onForm = countdownAt(clock, 11_000);
    const onConfirm = countdownAt(clock, 11_500);
    expect(onConfirm.remainingMs).toBeLessThan(onForm.remainingMs);
  });

  it('a refusal from the service ends the countdown at once', () => {
    const clock = quoteClock(expiresAt, issued, 1_000);
    expect(countdownAt(expireNow(clock, 5_000), 5_000).expired).toBe(true);
  });

  it('an unreadable server time means no correction', () => {
    expect(clockOffsetMs('not a date', 1_000)).toBe(0);
  });
});

describe('rates in basis points', () => {
  const r = (value: string) => ({ value, base: 'USD', quote: 'BRL' });

  it('drift between two quotes: (next − previous) / previous × 10,000, signed, 2 decimals', () => {
    expect(driftBps(r('0.1990000000'), r('0.1991990000'))).toBe('10.00');
    expect(driftBps(r('0.199'), r('0.1985'))).toBe('-25.13');
    expect(driftBps(r('5.00'), r('5.00'))).toBe('0.00');
    expect(driftBps(r('0.199'), r('0.19900398'))).toBe('0.20');
    expect(driftBps(r('5.0000'), r('5.0250'))).toBe('50.00');
    expect(driftBps(r('5.0000'), r('4.9750'))).toBe('-50.00');
    expect(driftBps(r('5.0000'), r('5.0251'))).toBe('50.20');
    expect(driftBps(r('0.1990000000'), r('0.2000000000'))).toBe('50.25');
  });

  it('one rounding: half away from zero on the magnitude, 2 decimals, never -0.00', () => {
    expect(driftBps(r('3'), r('3.0001'))).toBe('0.33'); // 0.333…
    expect(driftBps(r('10000'), r('10000.125'))).toBe('0.13'); // 0.125 exactly: up, not to even
    expect(driftBps(r('10000'), r('9999.875'))).toBe('-0.13');
    expect(driftBps(r('10000'), r('10000.0045'))).toBe('0.00');
    expect(driftBps(r('10000'), r('9999.9995'))).toBe('0.00');
    expect(spreadBps('10000', '10000.0005')).toBe('0.00');
    expect(spreadBps('9999.875', '10000')).toBe('0.13');
  });

  it('spread against the mid: 0.5 % below the mid is 50 bps', () => {
    expect(spreadBps('0.199', '0.20')).toBe('50.00');
    expect(spreadBps('1.00', '1.00')).toBe('0.00');
    expect(spreadBps('0.1985790569', '0.1995769416')).toBe('50.00');
  });

  it('rejects rates of different pairs and what is not a positive decimal string', () => {
    expect(() => driftBps(r('5'), { value: '5', base: 'BRL', quote: 'USD' })).toThrow(RangeError);
    expect(() => driftBps(r('0'), r('1'))).toThrow(RangeError);
    expect(() => spreadBps('1e3', '1')).toThrow(RangeError);
  });

  it('compares only quotes of the same direction', () => {
    expect(sameDirection({ base: 'BRL', quote: 'USD' }, { base: 'BRL', quote: 'USD' })).toBe(true);
    expect(sameDirection({ base: 'BRL', quote: 'USD' }, { base: 'USD', quote: 'BRL' })).toBe(false);
  });
});

describe('operationKeyForQuote', () => {
  it('is one stable uuid per quote and purpose', () => {
    const q = '0b6f2f0e-8f3a-4c1e-9d2b-7a6c5e4d3b2a';
    const k = operationKeyForQuote('swap', q);
    expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(operationKeyForQuote('swap', q)).toBe(k);
    expect(operationKeyForQuote('deposit', q)).not.toBe(k);
    expect(operationKeyForQuote('swap', '1b6f2f0e-8f3a-4c1e-9d2b-7a6c5e4d3b2a')).not.toBe(k);
  });
});

describe('toQuoteView', () => {
  const wire = {
    id: 'q1',
    account: { id: 'acc', owner: 'Acme' },
    sourceAmount: { value: '5000.00', asset: 'BRL' as const, decimals: 2 as const },
    targetAmount: { value: '995.00', asset: 'USD' as const, decimals: 2 as const },
    effectiveRate: { value: '0.199', base: 'BRL', quote: 'USD' },
    fees: [{ type: 'PERCENTAGE', source: 'FX_SPREAD', percentage: '0.0050', amount: { value: '25.00', asset: 'BRL' as const, decimals: 2 as const } }],
    expiresAt: '2026-01-15T09:00:30.000Z',
  };

  it('shows pay/receive, the rate both ways, fees, and the spread against the service mid', () => {
    const v = toQuoteView({ ...wire, midRate: { value: '0.20', base: 'BRL', quote: 'USD' } });
    expect(v.pay.value).toBe('5000.00');
    expect(v.receive.value).toBe('995.00');
    expect(v.inverseRate).toBe('5.02512563');
    expect(v.fees).toEqual([{ amount: wire.fees[0].amount, source: 'FX_SPREAD', percentage: '0.0050' }]);
    expect(v.spreadBps).toBe('50.00');
  });

  it('never invents a mid: without one (or in another orientation) there is no spread', () => {
    expect(toQuoteView(wire)).toMatchObject({ midRate: null, spreadBps: null });
    expect(toQuoteView({ ...wire, midRate: { value: '5', base: 'USD', quote: 'BRL' } }).spreadBps).toBeNull();
  });
});

describe('derivedKey', () => {
  it('differs by purpose and id, stable per pair', () => {
    expect(derivedKey('deposit-pay', 'op1')).toBe(derivedKey('deposit-pay', 'op1'));
    expect(derivedKey('deposit-pay', 'op1')).not.toBe(derivedKey('deposit-pay', 'op2'));
  });
});
