import { describe, expect, it } from 'vitest';
import { LIVE_SAFETY_POLL_MS, POLL_INTERVAL_MS, ownRefreshIntervalMs } from './live-refresh';

describe('ownRefreshIntervalMs', () => {
  it('never refreshes a page on its own when nothing it shows can move', () => {
    expect(ownRefreshIntervalMs({ active: false, live: false })).toBeNull();
    expect(ownRefreshIntervalMs({ active: false, live: true })).toBeNull();
  });

  it('polls every 5 s while events cannot arrive, and keeps a slow safety net while they can', () => {
    expect(ownRefreshIntervalMs({ active: true, live: false })).toBe(POLL_INTERVAL_MS);
    expect(ownRefreshIntervalMs({ active: true, live: true })).toBe(LIVE_SAFETY_POLL_MS);
    expect(LIVE_SAFETY_POLL_MS).toBeGreaterThan(POLL_INTERVAL_MS);
  });
});
