import type { SandboxModule } from '../core/types';
import { quoteMigrations } from './migrations';
import { quoteRoutes } from './routes';

export const quotesModule: SandboxModule = {
  name: 'quotes',
  migrations: quoteMigrations,
  routes: quoteRoutes,
  tasks: [],
};
