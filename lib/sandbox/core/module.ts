import { TokenService, adminTokenRoute, tokenRoute } from './auth';
import { coreMigrations } from './migrations';
import { createPurgeTask } from './idempotency';
import type { BackgroundTask, Clock, SandboxModule } from './types';

/**
 * Several processes on one PostgreSQL each cache the clock offset: re-read it about once a second so an advance
 * made through another process reaches this one's tasks and tokens.
 */
function clockSyncTask(clock: Clock, everyMs = 1000): BackgroundTask | null {
  const loadable = clock as Clock & { load?: () => Promise<void> };
  if (typeof loadable.load !== 'function') return null;
  let last = Date.now();
  return {
    name: 'clock-sync',
    runOnWake: false,
    async run() {
      if (Date.now() - last < everyMs) return 0;
      last = Date.now();
      await loadable.load!();
      return 0;
    },
  };
}

/** Core's own contribution: tables, the token endpoint (and its admin-key helper), the idempotency purge and the clock sync. */
export function coreModule(tokens: () => TokenService, clock?: Clock): SandboxModule {
  const sync = clock ? clockSyncTask(clock) : null;
  return {
    name: 'core',
    migrations: coreMigrations,
    routes: [tokenRoute(tokens), adminTokenRoute(tokens)],
    tasks: sync ? [createPurgeTask(), sync] : [createPurgeTask()],
  };
}
