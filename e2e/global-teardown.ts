import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { DEMO_USERS } from '../lib/team/demo-users';
import { demoTotpSecret } from '../lib/auth/factors/secret-box';
import { authDir } from './helpers/roles';
import { logProblems, readServerLog, type Needle } from './helpers/server-log';
import { serverSecretFor } from './helpers/totp';

/**
 * The log scan: after the whole run, every line each server wrote (stdout and stderr, JSON or not) is searched for
 * the demo passwords and e-mails, the session secret, the authenticator secrets, the sandbox admin key and every
 * session cookie the run saved, and for anything shaped like a secret the run made (every customer's client secret,
 * which also signs its webhooks; access tokens and session cookies; authenticator secrets of users who enrolled;
 * one-time passwords: lib/domain/observability/secret-shapes.ts); and every JSON line's secret-named keys must hold the
 * censor. A run that wrote (almost) nothing fails too: a scan of an empty log proves nothing.
 */
export default async function globalTeardown(config: FullConfig): Promise<void> {
  const baseURLs = [...new Set(config.projects.map((p) => p.use.baseURL).filter(Boolean))] as string[];
  const problems: string[] = [];
  for (const baseURL of baseURLs) {
    const port = new URL(baseURL).port;
    const { raw, json } = readServerLog(port);
    if (json.filter((l) => l.kind === 'http').length < 5) {
      problems.push(`server ${port}: fewer than 5 request lines in its log — is it writing JSON to stdout?`);
      continue;
    }
    const secret = serverSecretFor(baseURL);
    const needles: Needle[] = [
      { name: 'NEXTAUTH_SECRET', value: secret },
      { name: 'SANDBOX_ADMIN_KEY', value: process.env.E2E_SANDBOX_ADMIN_KEY ?? 'e2e-sandbox-admin-key-not-secret' },
      ...DEMO_USERS.flatMap((u) => [
        { name: `password of ${u.role}`, value: u.password },
        { name: `e-mail of ${u.role}`, value: u.email },
        { name: `TOTP secret of ${u.role}`, value: demoTotpSecret(secret, u.email) },
      ]),
      ...savedCookies(baseURL),
    ];
    problems.push(...logProblems(`server ${port}`, { raw, json }, needles));
  }
  if (problems.length) throw new Error(`Secrets in the server logs:\n${problems.slice(0, 30).join('\n')}`);
}

/** The session cookies global-setup saved for this server (their values must never be logged). */
function savedCookies(baseURL: string): Needle[] {
  const dir = authDir(baseURL);
  if (!existsSync(dir)) return [];
  const needles: Needle[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const state = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { cookies: { name: string; value: string }[] };
    for (const c of state.cookies) if (c.value.length >= 16) needles.push({ name: `cookie ${c.name} (${file})`, value: c.value });
  }
  return needles;
}
