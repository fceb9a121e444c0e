import { describe, expect, it } from 'vitest';
import type { BackgroundTask, SandboxServices } from './types';
import { Worker } from './worker';

function counting(name: string, runOnWake?: boolean) {
  const task: BackgroundTask & { runs: number } = {
    name,
    runOnWake,
    runs: 0,
    async run() {
      task.runs++;
      return 0;
    },
  };
  return task;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Worker', () => {
  it('runs write-driven tasks on wake(), time-based ones only on full ticks (start, wakeAll())', async () => {
    const onWrite = counting('deliver');
    const timed = counting('settle', false);
    const w = new Worker([onWrite, timed], () => ({}) as SandboxServices, { intervalMs: 5000, minGapMs: 5 });
    w.start();
    await sleep(50); // first tick: full
    expect([onWrite.runs, timed.runs]).toEqual([1, 1]);
    for (let i = 0; i < 5; i++) {
      w.wake();
      await sleep(20);
    }
    expect(onWrite.runs).toBeGreaterThanOrEqual(5);
    expect(timed.runs).toBe(1); // within the interval, wakes skip it
    w.wakeAll();
    await sleep(20);
    expect(timed.runs).toBe(2);
    await w.stop();
  });

  it('still runs time-based tasks every interval under a continuous stream of wakes', async () => {
    const timed = counting('settle', false);
    const w = new Worker([counting('deliver'), timed], () => ({}) as SandboxServices, { intervalMs: 50, minGapMs: 5 });
    w.start();
    const until = Date.now() + 300;
    while (Date.now() < until) {
      w.wake();
      await sleep(2);
    }
    await w.stop();
    expect(timed.runs).toBeGreaterThanOrEqual(2);
  });

  it('tick() and drain() run every task (tests drive the sandbox with them)', async () => {
    const timed = counting('settle', false);
    const w = new Worker([timed], () => ({}) as SandboxServices);
    await w.tick();
    await w.drain();
    expect(timed.runs).toBe(2);
  });

  it('backs off while idle: ticks double from intervalMs up to maxIdleMs instead of polling at full rate', async () => {
    const timed = counting('settle', false);
    const w = new Worker([timed], () => ({}) as SandboxServices, { intervalMs: 10, maxIdleMs: 160 });
    w.start();
    await sleep(700);
    await w.stop();
    // Fixed-rate polling would have ticked ~70 times; 10, 20, 40, 80, 160, 160, 160… is about 8.
    expect(timed.runs).toBeGreaterThanOrEqual(4);
    expect(timed.runs).toBeLessThanOrEqual(15);
  });

  it("sleeps only until a task's nextDueAt", async () => {
    const started = Date.now();
    const runsAt: number[] = [];
    const timed: BackgroundTask = {
      name: 'settle',
      runOnWake: false,
      async run() {
        runsAt.push(Date.now() - started);
        return 0;
      },
      // Due 450 ms after start: the back-off alone (20, 40, 80, 160, 320 → 620 ms) would sleep past it.
      nextDueAt: async () => new Date(started + 450),
    };
    const services = { clock: { now: () => new Date() } } as unknown as SandboxServices;
    const w = new Worker([timed], () => services, { intervalMs: 20, maxIdleMs: 5_000 });
    w.start();
    await sleep(700);
    await w.stop();
    expect(runsAt.some((t) => t >= 440 && t < 600)).toBe(true);
    // Before it: backed off (not one tick per 20 ms).
    expect(runsAt.filter((t) => t < 440).length).toBeLessThanOrEqual(7);
  });
});
