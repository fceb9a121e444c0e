// One JSON line per request the sandbox answers, in the console's log format (pino's fields: level, time, pid,
// msg), with the caller's X-Request-Id next to the sandbox's own id: support follows one console request into
// the service. No header, query or body is ever written. Self-contained: lib/sandbox imports nothing of the console.

export type SandboxAccessEntry = {
  requestId: string;
  /** The caller's `X-Request-Id`, when it is a well-formed id. */
  callerRequestId?: string;
  method: string;
  /** The matched route's template (`/api/accounts/:id`), never the concrete path. */
  route: string;
  status: number;
  durationMs: number;
  customerId?: string;
};

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

export function callerRequestId(value: string | null): string | undefined {
  return value && SAFE_ID.test(value) ? value : undefined;
}

/** Writes `entry` as one line to stdout unless LOG_LEVEL is above info. */
export function jsonAccessLog(entry: SandboxAccessEntry): void {
  const level = (process.env.LOG_LEVEL ?? 'info').trim().toLowerCase();
  if (['warn', 'error', 'fatal', 'silent'].includes(level)) return;
  process.stdout.write(`${JSON.stringify({ level: 'info', time: new Date().toISOString(), pid: process.pid, kind: 'sandbox', ...entry, msg: 'sandbox request' })}\n`);
}
