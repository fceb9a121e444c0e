import type { SandboxModule } from '../core/types';
import { balanceMigrations } from './migrations';
import { balanceRoutes } from './routes';

export const balancesModule: SandboxModule = {
  name: 'balances',
  migrations: balanceMigrations,
  routes: balanceRoutes,
  tasks: [],
};
