import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { ConsoleDb } from '../db/client';
import { users } from '../db/schema';
import { DEMO_USERS } from './demo-users';
import { hashPassword, verifyPassword } from '../auth/password';
import { demoTotpSecret } from '../auth/factors/secret-box';
import { seedTotp } from '../auth/factors/totp';
import { can } from '../auth/permissions';

/**
 * The demo approvers count as having had the right for ever, so the demo (and every payout journey in the e2e suite)
 * can approve from the first start; a user added later cools off as anywhere else. Real deployments have no demo
 * users: with SANDBOX=off the console refuses to start while one still has its published password.
 */
const DEMO_APPROVER_SINCE = new Date(0);

/**
 * Seeds the demo users into an EMPTY users table only (first start). Once anyone exists — demo users with
 * changed passwords, or real users — nothing is re-created. Concurrent starts are safe (ON CONFLICT).
 */
/**
 * With `serverSecret` (the embedded sandbox only: lib/startup.ts), each demo user also gets an authenticator app
 * whose secret is derived from this installation's NEXTAUTH_SECRET (lib/auth/factors/secret-box.ts), so a plain
 * browser on a fresh machine signs in with `npm run demo:totp -- <e-mail>` printing the current code.
 */
export async function seedDemoUsers(db: ConsoleDb, serverSecret?: string): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return 0;
  const rows = await Promise.all(
    DEMO_USERS.map(async (u) => ({
      email: u.email,
      name: u.name,
      role: u.role,
      passwordHash: await hashPassword(u.password),
      approverSince: can(u.role, 'payouts:approve') ? DEMO_APPROVER_SINCE : null,
    })),
  );
  const inserted = await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });
  if (serverSecret) {
    const at = new Date();
    for (const user of inserted) await seedTotp(db, user.id, demoTotpSecret(serverSecret, user.email), serverSecret, at);
  }
  return inserted.length;
}

/**
 * The enabled demo users whose published password still works. With SANDBOX=off the console refuses to
 * start while this is non-empty.
 */
export async function usersWithDemoPasswords(db: ConsoleDb): Promise<string[]> {
  const found: string[] = [];
  for (const demo of DEMO_USERS) {
    const [row] = await db.select().from(users).where(eq(users.email, demo.email));
    if (row && !row.disabledAt && (await verifyPassword(demo.password, row.passwordHash))) found.push(demo.email);
  }
  return found;
}

export function demoPasswordMessage(emails: string[]): string {
  return `Refusing to start with SANDBOX=off: ${emails.join(', ')} still ${emails.length === 1 ? 'has its' : 'have their'} published demo password — change the password or disable the user (npm run user:create adds real users).`;
}
