import { mkdirSync } from 'node:fs';
import { request, type FullConfig } from '@playwright/test';
import { signInViaApi } from './helpers/auth';
import { authDir, DEMO, ROLES, storageStatePath } from './helpers/roles';

/**
 * Signs each demo role in once on every server of the run (one per lane) and saves its cookies, so specs start
 * signed in (e2e/.auth/<port>/<role>.json).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURLs = [...new Set(config.projects.map((p) => p.use.baseURL))];
  if (baseURLs.length === 0 || baseURLs.some((u) => !u)) throw new Error('playwright.config.ts must set use.baseURL on every project');
  for (const baseURL of baseURLs as string[]) {
    mkdirSync(authDir(baseURL), { recursive: true });
    for (const role of ROLES) {
      const context = await request.newContext({ baseURL });
      try {
        await signInViaApi(context, baseURL, DEMO[role].email, DEMO[role].password);
        await context.storageState({ path: storageStatePath(role, baseURL) });
      } finally {
        await context.dispose();
      }
    }
  }
}
