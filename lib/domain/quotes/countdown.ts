/**
 * A quote's countdown, driven by its `expiresAt` on the SERVICE's clock. The browser's clock may be off (and the
 * sandbox's clock can be advanced), so the countdown is corrected by the offset between the service's time, sent
 * with the quote, and the browser's time when the quote arrived. All times are epoch milliseconds (integers, not
 * money).
 */

export interface QuoteClock {
  /** The quote's expiry on the service's clock (epoch ms). */
  expiresAtMs: number;
  /** Service time minus browser time, measured when the quote arrived (epoch ms difference). */
  offsetMs: number;
  /** The browser's clock when the quote arrived: a countdown is never read at an earlier time than this. */
  receivedAtMs: number;
}

/**
 * The offset to add to the browser's clock to read the service's clock. `serverNow` is the service's time when it
 * issued the answer (the quote's `createdAt`, else the console server's time); `receivedAtMs` is the browser's
 * clock when the answer arrived. The transit time is not subtracted: it only makes the countdown end a little early,
 * which is the safe side.
 */
export function clockOffsetMs(serverNow: string, receivedAtMs: number): number {
  const server = Date.parse(serverNow);
  if (!Number.isFinite(server)) return 0;
  return server - receivedAtMs;
}

export function quoteClock(expiresAt: string, serverNow: string, receivedAtMs: number): QuoteClock {
  const expiresAtMs = Date.parse(expiresAt);
  if (!Number.isFinite(expiresAtMs)) throw new RangeError(`Not a date-time: ${expiresAt.slice(0, 40)}`);
  return { expiresAtMs, offsetMs: clockOffsetMs(serverNow, receivedAtMs), receivedAtMs };
}

export interface CountdownState {
  /** Milliseconds left, never negative. */
  remainingMs: number;
  /** Whole seconds left, rounded up so "1" shows until the very end and "0" only once expired. */
  secondsLeft: number;
  expired: boolean;
}

/** The countdown at the browser's time `nowMs`. */
export function countdownAt(clock: QuoteClock, nowMs: number): CountdownState {
  const at = Math.max(nowMs, clock.receivedAtMs);
  const remainingMs = Math.max(0, clock.expiresAtMs - (at + clock.offsetMs));
  return { remainingMs, secondsLeft: Math.ceil(remainingMs / 1000), expired: remainingMs <= 0 };
}

/** The same countdown with the expiry pulled to now: the service said the quote expired (its clock wins). */
export function expireNow(clock: QuoteClock, nowMs: number): QuoteClock {
  return { ...clock, expiresAtMs: Math.min(clock.expiresAtMs, nowMs + clock.offsetMs) };
}
