import type { Clock, Sql } from './types';

const OFFSET_KEY = 'clock_offset_ms';

/** A persisted clock: real time plus an offset stored in `sandbox.settings`, so an advance survives a restart. */
export interface SandboxClock extends Clock {
  /** Loads the persisted offset (call once after migrations). */
  load(): Promise<void>;
  /** Called after every advance (the sandbox wakes the worker). */
  onAdvance?: () => void;
}

export function createDbClock(sql: Sql): SandboxClock {
  let offsetMs = 0;
  const clock: SandboxClock = {
    now: () => new Date(Date.now() + offsetMs),
    async load() {
      const { rows } = await sql.query<{ value: string }>('SELECT value FROM sandbox.settings WHERE key = $1', [OFFSET_KEY]);
      offsetMs = rows[0] ? Number(rows[0].value) : 0;
    },
    async advance(seconds: number, tx?: Sql) {
      if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a non-negative number');
      const { rows } = await (tx ?? sql).query<{ value: string }>(
        `INSERT INTO sandbox.settings (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = (sandbox.settings.value::bigint + $2::bigint)::text
         RETURNING value`,
        [OFFSET_KEY, String(Math.round(seconds * 1000))],
      );
      offsetMs = Number(rows[0].value);
      clock.onAdvance?.();
    },
  };
  return clock;
}

