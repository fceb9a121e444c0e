import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDateTimeUtc } from './format';

const SP = { timeZone: 'America/Sao_Paulo' };

describe('formatDateTime', () => {
  it('shows 08:08 UTC as 05:08 in São Paulo, day first in pt-BR', () => {
    expect(formatDateTime('2026-11-23T08:08:00Z', { locale: 'pt-BR', ...SP })).toBe('23/11/2026 05:08');
  });

  it('follows the locale: month first and 12-hour clock in en', () => {
    expect(formatDateTime('2026-11-23T08:08:00Z', { locale: 'en', ...SP })).toBe('11/23/2026 05:08 AM');
  });

  it('follows the time zone, across midnight', () => {
    expect(formatDateTime('2026-11-23T01:30:00Z', { locale: 'pt-BR', ...SP })).toBe('22/11/2026 22:30');
    expect(formatDateTime('2026-11-23T01:30:00Z', { locale: 'pt-BR', timeZone: 'Asia/Tokyo' })).toBe('23/11/2026 10:30');
  });

  it('shows seconds when asked, so entries within one minute can be told apart', () => {
    expect(formatDateTime('2026-11-23T08:08:09.500Z', { locale: 'pt-BR', ...SP, seconds: true })).toBe('23/11/2026 05:08:09');
  });

  it('returns what it cannot parse unchanged', () => {
    expect(formatDateTime('not a date', { locale: 'pt-BR', ...SP })).toBe('not a date');
  });
});

describe('formatDateTimeUtc (the hover title)', () => {
  it('is the same instant in UTC with seconds, labelled UTC', () => {
    expect(formatDateTimeUtc('2026-11-23T08:08:09Z', 'pt-BR')).toBe('23/11/2026 08:08:09 UTC');
    expect(formatDateTimeUtc('2026-11-23T08:08:09Z', 'en')).toBe('11/23/2026 08:08:09 AM UTC');
  });
});

describe('formatDate', () => {
  it('never shifts a plain calendar date', () => {
    expect(formatDate('2020-03-01', { locale: 'pt-BR', timeZone: 'Pacific/Honolulu' })).toBe('01/03/2020');
    expect(formatDate('2020-03-01', { locale: 'en', timeZone: 'Asia/Tokyo' })).toBe('03/01/2020');
  });

  it('takes the day of a date-time in the user time zone', () => {
    expect(formatDate('2026-11-23T01:30:00Z', { locale: 'pt-BR', ...SP })).toBe('22/11/2026');
  });
});

describe('formatCount', () => {
  it('groups per locale', () => {
    expect(formatCount(1234567, 'pt-BR')).toBe('1.234.567');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
  });
});
