import { mkdirSync } from 'node:fs';
import { request, type FullConfig } from '@playwright/test';
import { signInViaApi } from './helpers/auth';
import { AUTH_DIR, DEMO, ROLES, storageStatePath } from './helpers/roles';

/** Signs each demo role in once and saves its cookies, so specs start signed in (e2e/.auth/<role>.json). */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
  mkdirSync(AUTH_DIR, { recursive: true });
  for (const role of ROLES) {
    const context = await request.newContext({ baseURL });
    try {
      await signInViaApi(context, baseURL, DEMO[role].email, DEMO[role].password);
      await context.storageState({ path: storageStatePath(role) });
    } finally {
      await context.dispose();
    }
  }
}
