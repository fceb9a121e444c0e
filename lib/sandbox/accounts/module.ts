import type { SandboxModule } from '../core/types';
import { accountMigrations } from './migrations';
import { activationTask, reviewTask } from './review';
import { accountRoutes } from './routes';

export const accountsModule: SandboxModule = {
  name: 'accounts',
  migrations: accountMigrations,
  routes: accountRoutes,
  tasks: [reviewTask, activationTask],
};
