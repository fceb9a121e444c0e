import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-text';

describe('date text', () => {
  it('shows seconds when asked, so entries of one minute read in order', () => {
    expect(formatDateTime('2026-11-23T08:08:05.123Z', { seconds: true })).toBe('23 Nov 2026, 08:08:05 UTC');
    expect(formatDateTime('2026-11-23T08:08:59Z', { seconds: true })).toBe('23 Nov 2026, 08:08:59 UTC');
    expect(formatDateTime('2026-11-23T08:08:05Z')).toBe('23 Nov 2026, 08:08 UTC');
  });

  it('keeps what it cannot read, and reads plain dates as dates', () => {
    expect(formatDateTime('not a date', { seconds: true })).toBe('not a date');
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
  });
});
