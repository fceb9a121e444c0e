import type { SandboxModule } from '../core/types';
import { beneficiaryMigrations } from './migrations';
import { beneficiaryHelperRoutes, beneficiaryRoutes } from './routes';
import { runAutoReviews } from './service';

export const beneficiariesModule: SandboxModule = {
  name: 'beneficiaries',
  migrations: beneficiaryMigrations,
  routes: [...beneficiaryRoutes, ...beneficiaryHelperRoutes],
  tasks: [{ name: 'beneficiaries.review', runOnWake: false, run: (services) => runAutoReviews(services) }],
};
