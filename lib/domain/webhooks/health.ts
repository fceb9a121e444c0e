/**
 * Delivery health of one subscription from its recent attempts (newest first, as the service lists them).
 * Rates are plain ratios of counts (no money involved), `null` when there were no attempts in the window.
 */
export type AttemptSample = { status: string; createdAt: string; error: string | null; httpStatus: number };

export type HourBucket = { start: string; success: number; failed: number };

export type DeliveryHealth = {
  window24h: { success: number; total: number; rate: number | null };
  window7d: { success: number; total: number; rate: number | null };
  /** 24 buckets, oldest first, each one clock hour (UTC-aligned) ending with the current hour. */
  attemptsPerHour: HourBucket[];
  lastFailure: { at: string; error: string | null; httpStatus: number } | null;
  /** Failed attempts since the newest success (all of them when none succeeded in what was read). */
  consecutiveFailures: number;
  /**
   * True when `consecutiveFailures` reached the end of what was read while older attempts may exist (the read
   * was capped, or the window starts after the subscription did), so the real streak may be longer.
   */
  streakOpen: boolean;
  /** The attempts read stopped at a cap before the 7-day window ended: figures cover the newest `sampled` only. */
  truncated: boolean;
  sampled: number;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function computeHealth(
  attemptsNewestFirst: readonly AttemptSample[],
  now: Date,
  options: { truncated?: boolean; /** Every attempt the subscription ever had was read. */ complete?: boolean } = {},
): DeliveryHealth {
  const t = now.getTime();
  const currentHour = Math.floor(t / HOUR) * HOUR;
  const firstHour = currentHour - 23 * HOUR;
  const buckets: HourBucket[] = Array.from({ length: 24 }, (_, i) => ({
    start: new Date(firstHour + i * HOUR).toISOString(),
    success: 0,
    failed: 0,
  }));
  const w24 = { success: 0, total: 0 };
  const w7 = { success: 0, total: 0 };
  let lastFailure: DeliveryHealth['lastFailure'] = null;
  let consecutiveFailures = 0;
  let streakBroken = false;

  for (const a of attemptsNewestFirst) {
    const at = Date.parse(a.createdAt);
    if (Number.isNaN(at)) continue;
    const ok = a.status === 'SUCCESS';
    if (!streakBroken) {
      if (ok) streakBroken = true;
      else consecutiveFailures++;
    }
    if (!ok && !lastFailure) lastFailure = { at: a.createdAt, error: a.error, httpStatus: a.httpStatus };
    const age = t - at;
    if (age > 7 * DAY) continue;
    w7.total++;
    if (ok) w7.success++;
    if (age <= DAY) {
      w24.total++;
      if (ok) w24.success++;
    }
    if (at >= firstHour && at < currentHour + HOUR) {
      const bucket = buckets[Math.floor((at - firstHour) / HOUR)];
      if (ok) bucket.success++;
      else bucket.failed++;
    }
  }
  const rate = (w: { success: number; total: number }) => ({ ...w, rate: w.total ? w.success / w.total : null });
  return {
    window24h: rate(w24),
    window7d: rate(w7),
    attemptsPerHour: buckets,
    lastFailure,
    consecutiveFailures,
    streakOpen: !streakBroken && consecutiveFailures > 0 && !(options.complete && !options.truncated),
    truncated: Boolean(options.truncated),
    sampled: attemptsNewestFirst.length,
  };
}

/** Bar heights for the attempts-per-hour chart, scaled to `height` (the tallest hour fills it). */
export function chartBars(buckets: readonly HourBucket[], height: number): Array<{ success: number; failed: number }> {
  const max = Math.max(1, ...buckets.map((b) => b.success + b.failed));
  return buckets.map((b) => ({ success: (b.success / max) * height, failed: (b.failed / max) * height }));
}
