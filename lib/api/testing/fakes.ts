import 'server-only';
import type { ApiConfig, ApiLogger } from '../config';

/** Unsigned JWT with the given `exp` (seconds): lib/api only decodes the payload, it never verifies. */
export function makeJwt(exp: number, extra: Record<string, unknown> = {}): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'customer', exp, ...extra })}.c2lnbmF0dXJl`;
}

export interface RecordingLogger extends ApiLogger {
  lines: string[];
}

export function recordingLogger(): RecordingLogger {
  const lines: string[] = [];
  return {
    lines,
    warn(event, fields) {
      lines.push(JSON.stringify({ event, ...fields }));
    },
  };
}

export interface FakeTime {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Every backoff wait the client asked for, in order. */
  sleeps: number[];
  advance(ms: number): void;
}

/** A clock that only moves when told to; `sleep` records the wait and advances the clock by it. */
export function fakeTime(start = Date.UTC(2026, 10, 21, 12, 0, 0)): FakeTime {
  let current = start;
  const sleeps: number[] = [];
  return {
    now: () => current,
    sleeps,
    sleep: async (ms) => {
      sleeps.push(ms);
      current += ms;
    },
    advance(ms) {
      current += ms;
    },
  };
}

export const TEST_CLIENT_ID = 'client-id-7f3a9c';
export const TEST_CLIENT_SECRET = 'client-secret-DO-NOT-LEAK-91b2e4';

/** Config for tests: fake time, deterministic jitter, no console noise. */
export function testConfig(time: FakeTime, logger: ApiLogger, overrides: Partial<ApiConfig> = {}): ApiConfig {
  return {
    baseUrl: 'https://fx.test',
    credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
    now: time.now,
    sleep: time.sleep,
    random: () => 0.5,
    logger,
    ...overrides,
  };
}
