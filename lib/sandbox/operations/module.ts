import type { SandboxModule } from '../core/types';
import { operationHelperRoutes } from './helper-routes';
import { operationMigrations } from './migrations';
import { operationRoutes } from './routes';
import { nextSettlementAt, runDueSettlements } from './settlement';

export const operationsModule: SandboxModule = {
  name: 'operations',
  migrations: operationMigrations,
  routes: [...operationRoutes, ...operationHelperRoutes],
  tasks: [{ name: 'operations.settle', runOnWake: false, run: (services) => runDueSettlements(services), nextDueAt: nextSettlementAt }],
};
