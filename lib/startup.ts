import 'server-only';
import { getDb, startDbMaintenance } from './db/client';
import { EnvError, getEnv, type Env } from './env';
import { now } from './clock';
import { pruneLoginAttempts } from './auth/lockout';
import { demoPasswordMessage, seedDemoUsers, usersWithDemoPasswords } from './team/seed-demo-users';
import { pruneSessions } from './auth/sessions';
import { startRetention } from './db/retention';
import { registerConsoleRetention } from './retention-rules';

/** A start-up refusal whose message is the one line to print. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

type Ready = Promise<void>;
const globalForStartup = globalThis as unknown as { __consoleReady?: Ready };

/**
 * Env → database + migrations → demo users (sandbox on) or the demo-password refusal (sandbox off) → `extra`
 * (the embedded sandbox). Runs once per process; /api/health awaits the same promise.
 */
export function startConsole(extra?: (env: Env) => Promise<void>): Ready {
  globalForStartup.__consoleReady ??= (async () => {
    const env = getEnv();
    const db = await getDb();
    // Embedded engine: planner statistics before the first request (PostgreSQL: autovacuum's job).
    await startDbMaintenance();
    await pruneSessions(db, now());
    await pruneLoginAttempts(db, now());
    if (env.SANDBOX === 'on') {
      const seeded = await seedDemoUsers(db, env.NEXTAUTH_SECRET);
      if (seeded > 0) console.info(`[startup] seeded ${seeded} demo users (see README for their passwords and npm run demo:totp)`);
    } else {
      const stillDemo = await usersWithDemoPasswords(db);
      if (stillDemo.length > 0) throw new StartupError(demoPasswordMessage(stillDemo));
    }
    // Received events and ended sessions, in small batches every 10 minutes (the first pass now, in the background).
    registerConsoleRetention(env);
    startRetention(getDb, now);
    if (extra) await extra(env);
  })();
  return globalForStartup.__consoleReady;
}

/** For /api/health: the running start-up (or start one without extras if instrumentation did not run). */
export function whenConsoleReady(): Ready {
  return globalForStartup.__consoleReady ?? startConsole();
}

/** One line for the operator: our own refusals verbatim, anything else by name and message. */
export function startupFailureLine(error: unknown): string {
  if (error instanceof EnvError || error instanceof StartupError) return error.message;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `Console start-up failed: ${message.split('\n')[0]}`;
}

/** Tests only. */
export function resetStartupForTests(): void {
  delete globalForStartup.__consoleReady;
}

/** Prints the one line and ends the process: a console that cannot start safely must not serve. */
export function exitOnStartupFailure(error: unknown): never {
  console.error(startupFailureLine(error));
  process.exit(1);
}
