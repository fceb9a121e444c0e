import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYOUT_SWEEP_MAX_IDLE_MS, startPayoutSweep, wakePayoutSweep } from '../payouts/sweep';
import { REPLAY_RUNNER_MAX_IDLE_MS, startReplayRunner, wakeReplayRunner } from '../webhooks/replay-runner';
import { resetDatabaseForTests, useTestDatabase } from './client';

/**
 * Idle means idle (issue 31): the console's own background loops (the payout sweep, the webhook replay runner)
 * back off while there is nothing to do instead of polling at their busy pace, and come back at once when work
 * is created in this process. Counted from the statements each pass sends, on a fake clock.
 */
type Seen = { at: number; text: string };
let client: PGlite;
const seen: Seen[] = [];
const g = globalThis as unknown as {
  __payoutSweep?: { running: boolean; stopped?: boolean; timer?: ReturnType<typeof setTimeout> };
  __webhookReplayRunner?: { stopped: boolean; wake?: () => void; loop?: Promise<void> };
};

beforeAll(async () => {
  client = new PGlite();
  await useTestDatabase(client, { observe: (text) => void seen.push({ at: Date.now(), text }) });
});
afterAll(async () => {
  resetDatabaseForTests();
  await client.close();
});

/** Moves the fake clock in 500 ms steps, letting each pass's (real) database work finish between steps. */
async function elapse(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 500) {
    await vi.advanceTimersByTimeAsync(500);
    // Until no statement has been sent for a few turns of the event loop (the pass has finished).
    for (let quiet = 0, n = seen.length; quiet < 5; ) {
      await new Promise((r) => setImmediate(r));
      if (seen.length === n) quiet++;
      else [quiet, n] = [0, seen.length];
    }
  }
}

/** The fake-clock times at which a pass began: the first statement matching `first` after a gap. */
function passes(first: RegExp, from: number): number[] {
  return seen.filter((s) => s.at >= from && first.test(s.text)).map((s) => s.at - from);
}

describe('idle background loops', () => {
  it('the payout sweep backs off from 2 s to 30 s with nothing to move, and an approval wakes it at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const t0 = Date.now();
      startPayoutSweep(2_000);
      const sweep = /^update "console"\."payout_requests" set "status"/i;
      await elapse(180_000);
      const idle = passes(sweep, t0);
      // 2, 6, 14, 30, 60, 90, … s: doubling to the cap, not 90 passes at the busy pace.
      expect(idle.slice(0, 5)).toEqual([2_000, 6_000, 14_000, 30_000, 60_000]);
      expect(idle.length).toBeLessThanOrEqual(Math.ceil(180_000 / PAYOUT_SWEEP_MAX_IDLE_MS) + 4);
      const gaps = idle.slice(1).map((t, i) => t - idle[i]);
      expect(Math.max(...gaps)).toBe(PAYOUT_SWEEP_MAX_IDLE_MS);

      await elapse(10_000); // between two idle passes (180 s, 210 s)
      const woken = Date.now();
      wakePayoutSweep();
      await elapse(2_500);
      expect(passes(sweep, woken)).toEqual([2_000]);
    } finally {
      if (g.__payoutSweep) {
        g.__payoutSweep.stopped = true;
        clearTimeout(g.__payoutSweep.timer);
      }
      vi.useRealTimers();
    }
  });

  it('the replay runner backs off from 1 s to 30 s with no job to claim, and a new job wakes it at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const claim = /^update "console"\."webhook_replay_jobs" set "lease_owner"/i;
    try {
      const t0 = Date.now();
      startReplayRunner({ owner: 'idle-test', resend: async () => {}, leaseMs: 5_000 });
      await elapse(180_000);
      const at = passes(claim, t0).map((t) => Math.round(t / 500) * 500);
      // 0, 1, 3, 7, 15, 31, 61, 91, … s.
      expect(at.slice(0, 6)).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000]);
      expect(at.length).toBeLessThanOrEqual(Math.ceil(180_000 / REPLAY_RUNNER_MAX_IDLE_MS) + 5);
      const gaps = at.slice(1).map((t, i) => t - at[i]);
      expect(Math.max(...gaps)).toBe(REPLAY_RUNNER_MAX_IDLE_MS);

      const woken = Date.now();
      wakeReplayRunner();
      await elapse(500);
      expect(passes(claim, woken).length).toBeGreaterThan(0);
      expect(Math.min(...passes(claim, woken))).toBeLessThan(500);
    } finally {
      const state = g.__webhookReplayRunner;
      if (state) {
        state.stopped = true;
        state.wake?.();
        await vi.advanceTimersByTimeAsync(1_000);
      }
      vi.useRealTimers();
    }
  });
});
