import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { demoTotpSecret } from '../../lib/auth/factors/secret-box';
import { DEMO_USERS } from '../../lib/team/demo-users';

/**
 * The server's NEXTAUTH_SECRET, from which the demo users' authenticator secrets are derived (as
 * `npm run demo:totp` does): the scale run passes it in the environment, the e2e servers generate it into their
 * data directory (playwright.config.ts: `.data-e2e-<port>`, or E2E_DATA_DIR for the first port).
 */
export function serverSecretFor(baseURL: string): string {
  if (process.env.SCALE_NEXTAUTH_SECRET) return process.env.SCALE_NEXTAUTH_SECRET;
  const port = new URL(baseURL).port;
  const firstPort = String(process.env.E2E_PORT ?? 3100);
  const dataDir = (port === firstPort ? process.env.E2E_DATA_DIR : undefined) ?? `.data-e2e-${port}`;
  return readFileSync(path.join(process.cwd(), dataDir, 'nextauth-secret'), 'utf8').trim();
}

export function isDemoUser(email: string): boolean {
  return DEMO_USERS.some((u) => u.email === email.toLowerCase());
}

/**
 * A demo user's authenticator code for the 30-second step `offset` steps from now. The server accepts one step
 * either side and refuses a step it already accepted, so a second sign-in within the same step uses offset 1.
 */
export async function demoTotpCode(baseURL: string, email: string, offset = 0): Promise<string> {
  const epoch = Math.floor(Date.now() / 1000) + offset * 30;
  return generate({ secret: demoTotpSecret(serverSecretFor(baseURL), email), epoch });
}

/** Seconds until the next 30-second step begins. */
export function secondsToNextStep(): number {
  return 30 - (Math.floor(Date.now() / 1000) % 30);
}
