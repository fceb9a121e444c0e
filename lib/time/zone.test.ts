import { describe, expect, it } from 'vitest';
import { dayBoundary, needsZoneCheck, zonedTimeToInstant, zoneOffsetMinutes } from './zone';

describe('zone arithmetic', () => {
  it('gives a zone’s offset at an instant, DST included', () => {
    expect(zoneOffsetMinutes(new Date('2026-11-23T12:00:00Z'), 'America/Sao_Paulo')).toBe(-180);
    expect(zoneOffsetMinutes(new Date('2026-11-23T12:00:00Z'), 'UTC')).toBe(0);
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(zoneOffsetMinutes(new Date('2026-01-01T12:00:00Z'), 'Europe/Berlin')).toBe(60);
    expect(zoneOffsetMinutes(new Date('2026-11-23T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('finds the instant a wall-clock time names, across a DST change', () => {
    expect(zonedTimeToInstant('2026-03-29', { h: 0, m: 0, s: 0, ms: 0 }, 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedTimeToInstant('2026-03-30', { h: 0, m: 0, s: 0, ms: 0 }, 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('bounds a calendar day in a zone', () => {
    expect(dayBoundary('2026-11-23', 'America/Sao_Paulo', false).toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(dayBoundary('2026-11-23', 'America/Sao_Paulo', true).toISOString()).toBe('2026-11-24T02:59:59.999Z');
    expect(dayBoundary('2026-11-23', 'UTC', false).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('needsZoneCheck', () => {
  it('skips the check only when the rendered zone has the browser’s offset now', () => {
    expect(needsZoneCheck('America/Sao_Paulo', -180, -180)).toBe(false);
    expect(needsZoneCheck('America/Sao_Paulo', -180, 60)).toBe(true); // travel, or the cookie from another machine
    expect(needsZoneCheck(undefined, undefined, -180)).toBe(true); // first visit: no cookie yet
    expect(needsZoneCheck('Not/AZone', undefined, -180)).toBe(true); // a cookie the server could not read
  });
});
