import { describe, expect, it } from 'vitest';
import { readHealthWindow, type FetchPage, type HealthSample } from './health-read';

const T0 = Date.parse('2026-06-01T12:00:00Z');
const FROM = new Date(T0 - 7 * 86_400_000).toISOString();

/** A service holding `attempts` (newest first), listing them 100 a page; counts the pages it served. */
function service(attempts: HealthSample[]): { fetch: FetchPage; pages: number; set(next: HealthSample[]): void } {
  let all = attempts;
  const s = {
    pages: 0,
    set(next: HealthSample[]) {
      all = next;
    },
    fetch: async (cursor: string | null) => {
      s.pages++;
      const start = cursor ? Number(cursor) : 0;
      const data = all.filter((a) => Date.parse(a.createdAt) >= Date.parse(FROM)).slice(start, start + 100);
      const end = start + data.length;
      return { data, nextCursor: end < all.filter((a) => Date.parse(a.createdAt) >= Date.parse(FROM)).length ? String(end) : null };
    },
  };
  return s;
}

/** n attempts, the newest `minutesAgo` minutes before T0, one a minute. */
function attempts(n: number, tag: string, minutesAgo = 0, status = 'SUCCESS'): HealthSample[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${tag}-${i}`,
    status,
    createdAt: new Date(T0 - (minutesAgo + i) * 60_000).toISOString(),
    error: status === 'SUCCESS' ? null : 'boom',
    httpStatus: status === 'SUCCESS' ? 200 : 0,
  }));
}

describe('reading a subscription health window', () => {
  it('first read: every page up to the cap, and says when it stopped at the cap', async () => {
    const svc = service(attempts(5_000, 'a', 0));
    const read = await readHealthWindow(svc.fetch, undefined, FROM, 2_000);
    expect(svc.pages).toBe(20);
    expect(read.samples).toHaveLength(2_000);
    expect(read.more).toBe(true);
  });

  it('a later view reads only the newer attempts (one page in the steady state) and keeps the same figures', async () => {
    const old = attempts(5_000, 'a', 30);
    const svc = service(old);
    const first = await readHealthWindow(svc.fetch, undefined, FROM, 2_000);
    const newer = attempts(30, 'b', 0);
    svc.set([...newer, ...old]);
    svc.pages = 0;
    const second = await readHealthWindow(svc.fetch, first, FROM, 2_000);
    expect(svc.pages).toBe(1);
    // The same answer a full read gives.
    const full = await readHealthWindow(service([...newer, ...old]).fetch, undefined, FROM, 2_000);
    expect(second).toEqual(full);
    expect(second.samples[0].id).toBe('b-0');
  });

  it('more new attempts than a page: reads until it joins the previous read', async () => {
    const old = attempts(300, 'a', 500);
    const svc = service(old);
    const first = await readHealthWindow(svc.fetch, undefined, FROM, 2_000);
    expect(first.more).toBe(false);
    const newer = attempts(250, 'b', 0);
    svc.set([...newer, ...old]);
    svc.pages = 0;
    const second = await readHealthWindow(svc.fetch, first, FROM, 2_000);
    expect(svc.pages).toBe(3);
    expect(second.samples.map((s) => s.id)).toEqual([...newer, ...old].map((s) => s.id));
    expect(second.more).toBe(false);
  });

  it('an attempt in flight at the previous view (recorded failed, then updated) is read again as it is now', async () => {
    const inFlight = attempts(3, 'f', 0, 'FAILED');
    const old = attempts(200, 'a', 3);
    const svc = service([...inFlight, ...old]);
    const first = await readHealthWindow(svc.fetch, undefined, FROM, 2_000);
    expect(first.samples.slice(0, 3).every((s) => s.status === 'FAILED')).toBe(true);
    const settled = inFlight.map((s) => ({ ...s, status: 'SUCCESS', error: null, httpStatus: 200 }));
    svc.set([...attempts(2, 'b', -1), ...settled, ...old]);
    const second = await readHealthWindow(svc.fetch, first, FROM, 2_000);
    expect(second.samples.slice(2, 5).map((s) => s.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
  });

  it('attempts that left the 7-day window are dropped, and then nothing older is missing', async () => {
    const svc = service(attempts(3_000, 'a', 0));
    const first = await readHealthWindow(svc.fetch, undefined, FROM, 2_000);
    expect(first.more).toBe(true);
    // A window that now starts after the 1,500th newest attempt.
    const later = new Date(T0 - 1_500 * 60_000 + 30_000).toISOString();
    const second = await readHealthWindow(svc.fetch, first, later, 2_000);
    expect(second.samples).toHaveLength(1_500);
    expect(second.more).toBe(false);
  });
});
