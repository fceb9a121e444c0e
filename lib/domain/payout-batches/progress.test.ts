import { describe, expect, it } from 'vitest';
import { PROGRESS_LIVE_POLL_MS, PROGRESS_POLL_MS, progressPollMs } from './progress';
import type { RowCounts } from './state-machine';

const counts = (c: Partial<RowCounts>): RowCounts => ({ PENDING: 0, SUBMITTING: 0, CREATED: 0, COMPLETED: 0, FAILED: 0, CANCELLED: 0, ...c });

describe('how often the batch page asks for its progress', () => {
  it('not at all once nothing can move', () => {
    expect(progressPollMs('PENDING_APPROVAL', counts({ PENDING: 47 }), true)).toBe(false);
    expect(progressPollMs('COMPLETED', counts({ COMPLETED: 47 }), false)).toBe(false);
    expect(progressPollMs('CANCELLED', counts({ CANCELLED: 3, COMPLETED: 2 }), true)).toBe(false);
  });
  it('while rows are sent: slowly when live events arrive, every 2 s without them', () => {
    expect(progressPollMs('EXECUTING', counts({ PENDING: 40, SUBMITTING: 1 }), true)).toBe(PROGRESS_LIVE_POLL_MS);
    expect(progressPollMs('APPROVED', counts({ PENDING: 47 }), true)).toBe(PROGRESS_LIVE_POLL_MS);
    expect(progressPollMs('EXECUTING', counts({ PENDING: 40 }), false)).toBe(PROGRESS_POLL_MS);
  });
  it('every 2 s, live or not, while created withdrawals wait for the sweep to mark them settled (no event follows)', () => {
    expect(progressPollMs('EXECUTING', counts({ CREATED: 1, COMPLETED: 46 }), true)).toBe(PROGRESS_POLL_MS);
    expect(progressPollMs('EXECUTING', counts({ PENDING: 10, CREATED: 37 }), true)).toBe(PROGRESS_POLL_MS);
    expect(progressPollMs('CANCELLED', counts({ CREATED: 2, CANCELLED: 45 }), true)).toBe(PROGRESS_POLL_MS);
  });
});
