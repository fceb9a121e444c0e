import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request, type FullConfig } from '@playwright/test';
import { signInViaApi } from './helpers/auth';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';
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
        withTimeZoneCookie(storageStatePath(role, baseURL), baseURL);
      } finally {
        await context.dispose();
      }
    }
  }
}

/**
 * A browser that signed in through /login carries the time-zone cookie that page sets; a state saved from an API
 * sign-in does not, and a context made from it refreshed its first page to the browser's zone right after loading
 * (an axe check meanwhile now and then saw a page without <title>). The zone is this machine's, the one Chromium
 * reports in a context without `timezoneId`; specs that set their own zone still meet the first visit's refresh.
 */
function withTimeZoneCookie(file: string, baseURL: string): void {
  const state = JSON.parse(readFileSync(file, 'utf8')) as { cookies: Array<Record<string, unknown>> };
  state.cookies.push({
    name: TIME_ZONE_COOKIE,
    value: encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone),
    domain: new URL(baseURL).hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax',
  });
  writeFileSync(file, JSON.stringify(state, null, 2));
}
