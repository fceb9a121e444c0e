import { TokenService, tokenRoute } from './auth';
import { coreMigrations } from './migrations';
import { createPurgeTask } from './idempotency';
import type { SandboxModule } from './types';

/** Core's own contribution: tables, the token endpoint and the idempotency purge. */
export function coreModule(tokens: () => TokenService): SandboxModule {
  return {
    name: 'core',
    migrations: coreMigrations,
    routes: [tokenRoute(tokens)],
    tasks: [createPurgeTask()],
  };
}
