import { describe, expect, it } from 'vitest';
import { auditQueryString, dateBounds, parseAuditFilters } from './filters';

describe('audit filters in the URL', () => {
  it('reads known filters and drops bad values', () => {
    expect(parseAuditFilters({ actor: ' ana ', outcome: 'denied', from: '2026-11-01', to: '2026-02-30', junk: 'x' })).toEqual({
      actor: 'ana',
      outcome: 'denied',
      from: '2026-11-01',
    });
    expect(parseAuditFilters(new URLSearchParams('outcome=maybe&action=payouts.'))).toEqual({ action: 'payouts.' });
  });

  it('turns the date range into [from 00:00, day after to 00:00) in UTC', () => {
    expect(dateBounds({ from: '2026-11-01', to: '2026-11-02' })).toEqual({
      from: new Date('2026-11-01T00:00:00.000Z'),
      to: new Date('2026-11-03T00:00:00.000Z'),
    });
  });

  it('writes the query back, without the cursor unless asked', () => {
    expect(auditQueryString({ actor: 'a b', cursor: 'c' })).toBe('?actor=a+b');
    expect(auditQueryString({ actor: 'a', cursor: 'c' }, { keepCursor: true })).toBe('?actor=a&cursor=c');
    expect(auditQueryString({})).toBe('');
  });
});
