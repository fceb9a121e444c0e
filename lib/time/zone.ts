/**
 * Time-zone arithmetic from Intl alone (no time-zone database of our own). Client-safe.
 * One copy for the operations and webhook-log date filters and for the time-zone cookie's cheap check.
 */

/** Offset of `timeZone` from UTC at `instant`, in minutes (São Paulo today: -180). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time on a calendar day in `timeZone` names (two passes settle DST edges). */
export function zonedTimeToInstant(day: string, time: { h: number; m: number; s: number; ms: number }, timeZone: string): Date {
  const [y, mo, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, mo - 1, d, time.h, time.m, time.s, time.ms);
  let guess = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  guess = wall - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** A calendar day in a zone → the instant of its first (or, `end`, last) millisecond. */
export function dayBoundary(day: string, timeZone: string, end: boolean): Date {
  return zonedTimeToInstant(day, end ? { h: 23, m: 59, s: 59, ms: 999 } : { h: 0, m: 0, s: 0, ms: 0 }, timeZone);
}

/**
 * Whether the browser's time zone must be read (and the cookie maybe rewritten): not when the page was rendered in
 * a zone whose offset now is the browser's (`-new Date().getTimezoneOffset()`), since every time shown is then already
 * right. Reading the zone name needs the page's first Intl.DateTimeFormat, which is what this check avoids.
 * Two zones with today's offset but different DST rules are taken as the same until one of them changes offset.
 */
export function needsZoneCheck(sent: string | undefined, sentOffset: number | undefined, browserOffset: number): boolean {
  return !sent || sentOffset === undefined || sentOffset !== browserOffset;
}
