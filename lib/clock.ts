// Injectable time source: session and lockout tests fast-forward instead of sleeping.
type Clock = () => Date;

const globalForClock = globalThis as unknown as { __consoleClock?: Clock };

export function now(): Date {
  return (globalForClock.__consoleClock ?? (() => new Date()))();
}

export function setClockForTests(clock: Clock | undefined): void {
  globalForClock.__consoleClock = clock;
}

/** A controllable clock for tests: `const clock = fakeClock(); clock.advance(15 * 60_000)`. */
export function fakeClock(start = new Date('2026-01-05T09:00:00.000Z')) {
  let t = start.getTime();
  const clock = {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
    install: () => setClockForTests(clock.now),
  };
  return clock;
}
