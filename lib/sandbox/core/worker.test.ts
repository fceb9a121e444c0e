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
});
