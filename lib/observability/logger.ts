// The process's one logger: JSON lines on stdout (pino), level by LOG_LEVEL, secrets censored by key
// (lib/domain/observability/redaction.ts). `npm run demo` shows them pretty: scripts/start.mjs pipes stdout through
// pino-pretty, so this process never loads a transport or a worker thread. Lines are written asynchronously: a
// synchronous write is a system call on the request's path, and to a pipe whose reader is behind it blocks the event
// loop (sonic-boom sleeps 100 ms per EAGAIN). pino flushes what is still buffered when the process exits.
import pino, { type Logger } from 'pino';
import { readObservabilityConfig } from '@/lib/config/observability';
import { censorSecrets } from '@/lib/domain/observability/redaction';
import { currentRequestContext } from './request-context';

export type { Logger };

const globalForLog = globalThis as unknown as { __consoleLogger?: Logger };

/** Standard output, written asynchronously (see above); `sync` only for the benchmark's comparison. */
export function stdoutDestination(dest: number | string = 1, sync = false): pino.DestinationStream {
  return pino.destination({ dest, sync });
}

/** Builds a logger writing to `destination` (tests pass a memory stream). */
export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  let level = options.level;
  if (!level) {
    try {
      level = readObservabilityConfig(process.env).logLevel;
    } catch {
      // lib/env.ts refuses the bad value at start-up with one line; until then, log at the default level.
      level = 'info';
    }
  }
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Secrets censored by key in one walk of the line (pino's `redact` paths cost ~100 µs a line: redaction.ts).
      formatters: { level: (label) => ({ level: label }), log: (fields) => censorSecrets(fields) },
      // Every line written while a request or job runs carries its id (lib/observability/request-context.ts).
      mixin: (fields: object) => {
        const ctx = currentRequestContext();
        return ctx && !('requestId' in fields) ? { requestId: ctx.requestId } : {};
      },
    },
    options.destination ?? stdoutDestination(),
  );
}

/** The process-wide logger (shared by every Next bundle through globalThis). */
export function log(): Logger {
  return (globalForLog.__consoleLogger ??= createLogger());
}

/** Replaces the process logger (tests); returns the previous one. */
export function setLogger(logger: Logger | undefined): Logger | undefined {
  const previous = globalForLog.__consoleLogger;
  globalForLog.__consoleLogger = logger;
  return previous;
}

/** An error as a log field: its name and first 300 characters, never a stack (stacks and causes may hold bodies). */
export function errorField(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message.slice(0, 300) };
  return { name: 'unknown', message: String(error).slice(0, 300) };
}
