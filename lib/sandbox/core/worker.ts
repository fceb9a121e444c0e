import type { BackgroundTask, SandboxServices } from './types';

export interface WorkerOptions {
  intervalMs?: number;
  /**
   * Least time between the starts of two ticks run back to back (woken, or work left): under a stream of requests
   * each waking the loop, one tick serves many of them instead of one tick per request competing for the
   * (single, on PGlite) connection. Default 10 ms.
   */
  minGapMs?: number;
  /**
   * Longest sleep of an idle loop. Idle ticks back off from `intervalMs` doubling up to this, unless a task's
   * `nextDueAt` is sooner; a write's `wake()` (or a NOTIFY from another process) ends the sleep at once. Default 1 s.
   */
  maxIdleMs?: number;
  /** Where a failing task is reported (never thrown: one task failing never kills the loop). */
  onError?: (task: string, err: unknown) => void;
}

/**
 * The background loop: runs every task each tick (~100 ms while there is work), again at once while tasks report
 * moved items, and immediately on `wake()`. With nothing to do it backs off to one tick per `maxIdleMs`, waking
 * earlier for the soonest `nextDueAt` of its tasks. All state lives in the DB, so a killed process resumes where
 * it stopped.
 */
export class Worker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  /** The next tick runs every task (start, clock advance, time-based work moved, or a periodic tick is due). */
  private fullPending = true;
  private lastFullAt = 0;
  private readonly intervalMs: number;
  private readonly minGapMs: number;
  private readonly maxIdleMs: number;
  /** Idle full ticks in a row (the back-off exponent). */
  private idleStreak = 0;

  constructor(
    private readonly tasks: BackgroundTask[],
    private readonly services: () => SandboxServices,
    private readonly opts: WorkerOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 100;
    this.minGapMs = opts.minGapMs ?? 10;
    this.maxIdleMs = Math.max(this.intervalMs, opts.maxIdleMs ?? 1000);
  }

  /** The tasks this loop runs, by name (the hot-query test checks each is covered). */
  get taskNames(): string[] {
    return this.tasks.map((t) => t.name);
  }

  /** The tasks themselves (tests call their `nextDueAt`). */
  get taskList(): readonly BackgroundTask[] {
    return this.tasks;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** A write happened: run the tasks that react to writes (`runOnWake`) soon. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Time moved (clock advance): run every task soon. */
  wakeAll(): void {
    this.fullPending = true;
    this.wake();
  }

  /**
   * Runs every task once (tests drive the sandbox deterministically with this instead of the loop); `onWakeOnly`
   * skips the time-based tasks (`runOnWake: false`).
   */
  async tick(onWakeOnly = false): Promise<number> {
    let moved = 0;
    for (const task of this.tasks) {
      if (onWakeOnly && task.runOnWake === false) continue;
      try {
        moved += await task.run(this.services());
      } catch (err) {
        (this.opts.onError ?? defaultOnError)(task.name, err);
      }
    }
    return moved;
  }

  /** Ticks until no task moves anything (bounded), for tests. */
  async drain(maxRounds = 50): Promise<void> {
    for (let i = 0; i < maxRounds; i++) if ((await this.tick()) === 0) return;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    while (this.running) {
      // A write (or NOTIFY) means activity: time-based work it scheduled is polled at the normal pace again.
      if (this.woken) this.idleStreak = 0;
      this.woken = false;
      const started = Date.now();
      // Under a stream of writes every tick is a wake: time-based tasks still run at least every intervalMs.
      const full = this.fullPending || started - this.lastFullAt >= this.intervalMs;
      this.fullPending = false;
      if (full) this.lastFullAt = started;
      const moved = await this.tick(!full);
      if (!this.running) break;
      // Work moved by a full tick may leave more for any task: the next one is full too.
      if (moved > 0 && full) this.fullPending = true;
      if (moved > 0 || this.woken) {
        this.idleStreak = 0;
        const wait = started + this.minGapMs - Date.now();
        await new Promise((r) => (wait > 0 ? setTimeout(r, wait) : setImmediate(r)));
        continue;
      }
      if (full) this.idleStreak++;
      const sleepMs = await this.idleSleepMs();
      if (!this.running) break;
      if (this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, sleepMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wakeUp = done;
      });
      this.wakeUp = null;
    }
  }

  /** Back-off: intervalMs doubling per idle full tick up to maxIdleMs, cut short by the soonest due work. */
  private async idleSleepMs(): Promise<number> {
    const backoff = Math.min(this.maxIdleMs, this.intervalMs * 2 ** Math.max(0, Math.min(this.idleStreak - 1, 20)));
    if (backoff <= this.intervalMs) return this.intervalMs;
    let soonest = Infinity;
    const services = this.services();
    for (const task of this.tasks) {
      if (!task.nextDueAt) continue;
      try {
        const at = await task.nextDueAt(services);
        if (at) soonest = Math.min(soonest, at.getTime() - services.clock.now().getTime());
      } catch (err) {
        (this.opts.onError ?? defaultOnError)(task.name, err);
      }
    }
    // Work already due that the last tick could not move (capacity, a lease): keep the normal pace, no faster.
    return Math.max(this.intervalMs, Math.min(backoff, soonest));
  }
}

function defaultOnError(task: string, err: unknown) {
  // Only the message: a task error must not dump secrets or payloads into logs.
  console.error(`[sandbox] task ${task} failed: ${err instanceof Error ? err.message : String(err)}`);
}
